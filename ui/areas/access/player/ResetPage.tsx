// The reset link's page: checks the link first (a used or expired one says so at once), then
// sets the new password; the server signs the player in and the profile opens.
import { useState, type FormEvent } from "react";
import { api, useApi, ApiError } from "../../../lib/api.ts";
import { locale } from "../../../lib/i18n.ts";
import { Load } from "../../../components/States.tsx";
import { useSubmit } from "../../../lib/form.ts";
import { FormMessage } from "../../../components/Form.tsx";
import { Field } from "./Field.tsx";
import * as calls from "../../../../api/contracts/public/account.ts";
import { ph, t } from "@lingui/core/macro";

// The server's PASSWORD_MIN; the server checks it again.
const MIN = 10;

export default function ResetPage() {
  const code = new URLSearchParams(location.search).get("code") ?? "";
  const check = useApi(calls.resetLink, code ? { code } : null);
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const { busy, errors, code: failure, run } = useSubmit({ notice: false });
  const [notice, setNotice] = useState<string | null>(null);
  const askAgain = <a href={`/${locale}/public/resetPassword/`}>{t`Ask for a new link`}</a>;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password !== repeat)
      return void errors.take(new ApiError(400, "validation", "", { repeat: t`The passwords differ.` }));
    void run(async () => {
      const r = await api(calls.reset, { code, password });
      if (r.signedIn) return location.assign("/public/profile/");
      setNotice(r.notice);
    });
  };
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
          <form className="tk-login" onSubmit={submit} noValidate aria-labelledby="reset-title">
            <h1 id="reset-title">{t`Set a new password`}</h1>
            <Field
              label={t`New password`}
              name="password"
              type="password"
              autoComplete="new-password"
              minLength={MIN}
              hint={t`At least ${ph({ min: MIN })} characters.`}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              errors={errors}
              required
            />
            <Field
              label={t`New password again`}
              name="repeat"
              type="password"
              autoComplete="new-password"
              value={repeat}
              onChange={(e) => setRepeat(e.target.value)}
              errors={errors}
              required
            />
            <FormMessage errors={errors}>{failure === "bad_link" && askAgain}</FormMessage>
            <button type="submit" className="tk-btn tk-primary" disabled={busy}>
              {busy ? t`Saving…` : t`Save the password`}
            </button>
          </form>
        )
      }
    </Load>
  );
}
