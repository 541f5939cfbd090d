// Asking for a password reset link. The server answers the same for any address, so the
// screen shows that one answer.
import { useState } from "react";
import { api } from "../../../lib/api.ts";
import { useSubmit } from "../../../lib/form.ts";
import { EmailField, SubmitRow } from "./Field.tsx";
import { t } from "@lingui/core/macro";
import * as account from "../../../../api/contracts/public/account.ts";

export default function ResetRequestPage() {
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState<string | null>(null);
  const { busy, errors, submit } = useSubmit({ notice: false });
  const ask = submit(async () => {
    // The address the screen was opened at: with the page's locale in the path, or without.
    const inLocale = /^\/(ru|en)\//.exec(location.pathname)?.[1] as "ru" | "en" | undefined;
    const r = inLocale
      ? await api(account.resetPasswordIn, { locale: inLocale, email })
      : await api(account.resetPassword, { email });
    setSent(r.message);
  });
  return (
    <form className="tk-login" onSubmit={ask} noValidate aria-labelledby="reset-ask-title">
      <h1 id="reset-ask-title">{t`Reset your password`}</h1>
      {sent ? (
        <p role="status">{sent}</p>
      ) : (
        <>
          <p>{t`Enter the email address of your account. We will send you a link to set a new password.`}</p>
          <EmailField errors={errors} value={email} onChange={setEmail} />
          <SubmitRow errors={errors} busy={busy} label={t`Send the link`} busyLabel={t`Sending…`} />
        </>
      )}
      <a href="/public/login">{t`Back to sign-in`}</a>
    </form>
  );
}
