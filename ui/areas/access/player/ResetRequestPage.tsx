// Asking for a password reset link. The server answers the same for any address, so the
// screen shows that one answer.
import { useState, type FormEvent } from "react";
import { api, ApiError } from "../../../lib/api.ts";
import { Field } from "./Field.tsx";
import { t } from "./t.ts";

export default function ResetRequestPage() {
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const r = await api<{ message: string }>(location.pathname, { body: { email } });
      setSent(r.message);
    } catch (err) {
      setError(err instanceof ApiError ? err : new ApiError(0, "network", String(err)));
    }
    setBusy(false);
  };
  return (
    <form className="tk-login" onSubmit={submit} noValidate aria-labelledby="reset-ask-title">
      <h1 id="reset-ask-title">{t("resetAsk.title")}</h1>
      {sent ? (
        <p role="status">{sent}</p>
      ) : (
        <>
          <p>{t("resetAsk.intro")}</p>
          <Field label={t("signIn.email")} name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={error?.fields.email} required />
          {error && Object.keys(error.fields).length === 0 && (
            <p className="tk-error" role="alert">
              {error.message}
            </p>
          )}
          <button type="submit" className="tk-btn tk-primary" disabled={busy}>
            {busy ? t("resetAsk.busy") : t("resetAsk.submit")}
          </button>
        </>
      )}
      <a href="/public/login">{t("resetAsk.back")}</a>
    </form>
  );
}
