// Asking for a password reset link. The server answers the same for any address, so the
// screen shows that one answer.
import { useState, type FormEvent } from "react";
import { api } from "../../../lib/api.ts";
import { useSubmit } from "../../../lib/form.ts";
import { FormMessage } from "../../../components/Form.tsx";
import { Field } from "./Field.tsx";
import { t } from "@lingui/core/macro";
import * as account from "../../../../api/contracts/public/account.ts";

export default function ResetRequestPage() {
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState<string | null>(null);
  const { busy, errors, run } = useSubmit({ notice: false });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The address the screen was opened at: with the page's locale in the path, or without.
    const inLocale = /^\/(ru|en)\//.exec(location.pathname)?.[1] as "ru" | "en" | undefined;
    void run(async () =>
      setSent(
        (inLocale
          ? await api(account.resetPasswordIn, { locale: inLocale, email })
          : await api(account.resetPassword, { email })
        ).message,
      ),
    );
  };
  return (
    <form className="tk-login" onSubmit={submit} noValidate aria-labelledby="reset-ask-title">
      <h1 id="reset-ask-title">{t`Reset your password`}</h1>
      {sent ? (
        <p role="status">{sent}</p>
      ) : (
        <>
          <p>{t`Enter the email address of your account. We will send you a link to set a new password.`}</p>
          <Field
            label={t({ message: "Email", context: "player account" })}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            errors={errors}
            required
          />
          <FormMessage errors={errors} />
          <button type="submit" className="tk-btn tk-primary" disabled={busy}>
            {busy ? t`Sending…` : t`Send the link`}
          </button>
        </>
      )}
      <a href="/public/login">{t`Back to sign-in`}</a>
    </form>
  );
}
