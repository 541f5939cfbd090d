// The signed-in player changes their password (the current one is required); a player with no
// password yet is offered a link to their address instead.
import { useState } from "react";
import { api, useApi } from "../../../lib/api.ts";
import { Load } from "../../../components/States.tsx";
import { toast } from "../../../components/Toasts.tsx";
import { useSubmit } from "../../../lib/form.ts";
import { Field, SubmitRow, useNewPassword } from "./Field.tsx";
import { t } from "@lingui/core/macro";
import * as calls from "../../../../api/contracts/public/account.ts";

export default function ChangePasswordPage() {
  const info = useApi(calls.changePasswordInfo, {});
  const [current, setCurrent] = useState("");
  const pw = useNewPassword();
  const { busy, errors, submit } = useSubmit({ notice: false });
  const [done, setDone] = useState(false);
  const change = submit(async () => {
    pw.check();
    await api(calls.changePassword, { currentPassword: current, password: pw.password });
    setDone(true);
    setCurrent("");
    pw.clear();
    toast.ok(t`The password is changed. Your other sessions are signed out.`);
  });
  return (
    <Load state={info}>
      {(d) =>
        !d.hasPassword ? (
          <section className="tk-login">
            <h1>{t({ message: "Change password", context: "page title" })}</h1>
            <p>{t`Your account has no password yet. We can send a link to set one to your email address.`}</p>
            <a className="tk-btn" href="/public/profile/resetPassword">{t`Send me the link`}</a>
          </section>
        ) : (
          <form className="tk-login" onSubmit={change} noValidate aria-labelledby="change-title">
            <h1 id="change-title">{t({ message: "Change password", context: "page title" })}</h1>
            {done && <p role="status">{t`The password is changed. Your other sessions are signed out.`}</p>}
            <Field
              label={t`Current password`}
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
              errors={errors}
              required
            />
            {pw.fields(errors, { fresh: true })}
            <SubmitRow errors={errors} busy={busy} label={t`Change the password`} busyLabel={t`Saving…`} />
            <a href="/public/profile/resetPassword">{t`Forgot the current password?`}</a>
          </form>
        )
      }
    </Load>
  );
}
