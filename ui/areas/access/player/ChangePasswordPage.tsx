// The signed-in player changes their password (the current one is required); a player with no
// password yet is offered a link to their address instead.
import { useState, type FormEvent } from "react";
import { api, useApi, ApiError } from "../../../lib/api.ts";
import { Load } from "../../../components/States.tsx";
import { toast } from "../../../components/Toasts.tsx";
import { useSubmit, FormError } from "../useSubmit.tsx";
import { Field } from "./Field.tsx";
import { t } from "./t.ts";

const MIN = 10; // the server's PASSWORD_MIN; the server checks it again

export default function ChangePasswordPage() {
  const info = useApi<{ hasPassword: boolean; email: string | null }>("/public/profile/changePassword");
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const { busy, error, setError, run } = useSubmit();
  const [done, setDone] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password !== repeat) return setError(new ApiError(400, "validation", "", { repeat: t("reset.mismatch") }));
    void run(async () => {
      await api("/public/profile/changePassword", { body: { currentPassword: current, password } });
      setDone(true);
      setCurrent("");
      setPassword("");
      setRepeat("");
      toast.ok(t("change.done"));
    });
  };
  return (
    <Load state={info}>
      {(d) =>
        !d.hasPassword ? (
          <section className="tk-login">
            <h1>{t("change.title")}</h1>
            <p>{t("change.noPassword")}</p>
            <a className="tk-btn" href="/public/profile/resetPassword">{t("own.submit")}</a>
          </section>
        ) : (
          <form className="tk-login" onSubmit={submit} noValidate aria-labelledby="change-title">
            <h1 id="change-title">{t("change.title")}</h1>
            {done && <p role="status">{t("change.done")}</p>}
            <Field label={t("change.current")} name="currentPassword" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} error={error?.fields.currentPassword} required />
            <Field label={t("change.password")} name="password" type="password" autoComplete="new-password" minLength={MIN} hint={t("hint.length", { min: MIN })} value={password} onChange={(e) => setPassword(e.target.value)} error={error?.fields.password} required />
            <Field label={t("change.repeat")} name="repeat" type="password" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} error={error?.fields.repeat} required />
            <FormError error={error} />
            <button type="submit" className="tk-btn tk-primary" disabled={busy}>
              {busy ? t("change.busy") : t("change.submit")}
            </button>
            <a href="/public/profile/resetPassword">{t("change.forgot")}</a>
          </form>
        )
      }
    </Load>
  );
}
