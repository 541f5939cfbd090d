// The player's sign-in with email and password. The server's answer says what went wrong (wrong
// credentials, too many attempts, a ban with its reason and end) in the page's locale.
import { useState } from "react";
import { api } from "../../../lib/api.ts";
import { locale } from "../../../lib/i18n.ts";
import { useSubmit } from "../../../lib/form.ts";
import { EmailField, Field, nextAddress, SubmitRow } from "./Field.tsx";
import { t } from "@lingui/core/macro";
import { SocialButtons } from "./SocialButtons.tsx";
import { login } from "../../../../api/contracts/public/account.ts";

export default function SignInPage() {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const { busy, errors, submit } = useSubmit({ notice: false });
  const signIn = submit(async () => {
    await api(login, { email, password });
    // A full load: the new page carries the new session's CSRF token.
    location.assign(nextAddress());
  });
  return (
    <form className="tk-login" onSubmit={signIn} noValidate aria-labelledby="signin-title">
      <h1 id="signin-title">{t({ message: "Sign in", context: "page title" })}</h1>
      <EmailField errors={errors} value={email} onChange={setEmail} autoComplete="username" />
      <Field
        label={t`Password`}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        errors={errors}
        required
      />
      <SubmitRow errors={errors} busy={busy} label={t`Sign in`} busyLabel={t`Signing in…`} />
      <p className="tk-row">
        <a href={`/${locale}/public/resetPassword/`}>{t`Forgot your password?`}</a>
        <a href="/public/magicLink">{t`Email me a sign-in link`}</a>
      </p>
      <SocialButtons next={nextAddress(`/${locale}/play/`)} />
      <p>
        {t`No account yet?`} <a href="/public/signup">{t`Create one`}</a> {t`or just`}{" "}
        <a href={`/${locale}/play/`}>{t`play as a guest`}</a>
      </p>
    </form>
  );
}
