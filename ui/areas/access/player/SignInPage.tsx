// The player's sign-in with email and password. The server's answer says what went wrong (wrong
// credentials, too many attempts, a ban with its reason and end) in the page's locale.
import { useState, type FormEvent } from "react";
import { api, ApiError } from "../../../lib/api.ts";
import { locale } from "../../../lib/i18n.ts";
import { Field, nextAddress } from "./Field.tsx";
import { t } from "./t.ts";

export default function SignInPage() {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api("/public/login", { body: { email, password } });
      // A full load: the new page carries the new session's CSRF token.
      location.assign(nextAddress());
    } catch (err) {
      setError(err instanceof ApiError ? err : new ApiError(0, "network", String(err)));
      setBusy(false);
    }
  };
  return (
    <form className="tk-login" onSubmit={submit} noValidate aria-labelledby="signin-title">
      <h1 id="signin-title">{t("signIn.title")}</h1>
      <Field label={t("signIn.email")} name="email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} error={error?.fields.email} required />
      <Field label={t("signIn.password")} name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={error?.fields.password} required />
      {error && Object.keys(error.fields).length === 0 && (
        <p className="tk-error" role="alert">
          {error.message}
        </p>
      )}
      <button type="submit" className="tk-btn tk-primary" disabled={busy}>
        {busy ? t("signIn.busy") : t("signIn.submit")}
      </button>
      <a href={`/${locale}/public/resetPassword/`}>{t("signIn.forgot")}</a>
      <p className="tk-hint">{t("signIn.fromGame")}</p>
    </form>
  );
}
