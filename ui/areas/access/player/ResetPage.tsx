// The reset link's page: checks the link first (a used or expired one says so at once), then
// sets the new password; the server signs the player in and the profile opens.
import { useState } from "react";
import { api, useApi } from "../../../lib/api.ts";
import { locale } from "../../../lib/i18n.ts";
import { Load } from "../../../components/States.tsx";
import { useSubmit } from "../../../lib/form.ts";
import { SubmitRow, useNewPassword } from "./Field.tsx";
import * as calls from "../../../../api/contracts/public/account.ts";
import { t } from "@lingui/core/macro";

export default function ResetPage() {
  const code = new URLSearchParams(location.search).get("code") ?? "";
  const check = useApi(calls.resetLink, code ? { code } : null);
  const pw = useNewPassword();
  const { busy, errors, code: failure, submit } = useSubmit({ notice: false });
  const [notice, setNotice] = useState<string | null>(null);
  const askAgain = <a href={`/${locale}/public/resetPassword/`}>{t`Ask for a new link`}</a>;
  const save = submit(async () => {
    pw.check();
    const r = await api(calls.reset, { code, password: pw.password });
    if (r.signedIn) return location.assign("/public/profile/");
    setNotice(r.notice);
  });
  if (!code)
    return (
      <section className="tk-login">
        <h1>{t`Set a new password`}</h1>
        <p className="tk-error" role="alert">{t`This address has no reset code. Open the link from the mail.`}</p>
        {askAgain}
      </section>
    );
  return (
    <Load state={check}>
      {(c) =>
        !c.valid ? (
          <section className="tk-login">
            <h1>{t`Set a new password`}</h1>
            <p className="tk-error" role="alert">
              {c.message}
            </p>
            {askAgain}
          </section>
        ) : notice ? (
          <section className="tk-login">
            <h1>{t`Your password is set.`}</h1>
            <p role="alert">{notice}</p>
          </section>
        ) : (
          <form className="tk-login" onSubmit={save} noValidate aria-labelledby="reset-title">
            <h1 id="reset-title">{t`Set a new password`}</h1>
            {pw.fields(errors, { fresh: true })}
            <SubmitRow errors={errors} busy={busy} label={t`Save the password`} busyLabel={t`Saving…`}>
              {failure === "bad_link" && askAgain}
            </SubmitRow>
          </form>
        )
      }
    </Load>
  );
}
