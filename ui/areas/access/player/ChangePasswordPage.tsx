// The signed-in player changes their password (the current one is required); a player with no
// password yet is offered a link to their address instead.
import { useState, type FormEvent } from "react";
import { api, useApi, ApiError } from "../../../lib/api.ts";
import { Load } from "../../../components/States.tsx";
import { toast } from "../../../components/Toasts.tsx";
import { useSubmit } from "../../../lib/form.ts";
import { FormMessage } from "../../../components/Form.tsx";
import { Field } from "./Field.tsx";
import { ph, t } from "@lingui/core/macro";
import * as calls from "../../../../api/contracts/public/account.ts";

const MIN = 10; // the server's PASSWORD_MIN; the server checks it again

export default function ChangePasswordPage() {
  const info = useApi(calls.changePasswordInfo, {});
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const { busy, errors, run } = useSubmit({ notice: false });
  const [done, setDone] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password !== repeat)
      return void errors.take(new ApiError(400, "validation", "", { repeat: t`The passwords differ.` }));
    void run(async () => {
      await api(calls.changePassword, { currentPassword: current, password });
      setDone(true);
      setCurrent("");
      setPassword("");
      setRepeat("");
      toast.ok(t`The password is changed. Your other sessions are signed out.`);
    });
  };
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
          <form className="tk-login" onSubmit={submit} noValidate aria-labelledby="change-title">
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
            <FormMessage errors={errors} />
            <button type="submit" className="tk-btn tk-primary" disabled={busy}>
              {busy ? t`Saving…` : t`Change the password`}
            </button>
            <a href="/public/profile/resetPassword">{t`Forgot the current password?`}</a>
          </form>
        )
      }
    </Load>
  );
}
