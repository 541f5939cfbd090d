// The player's sign-in with email and password. The server's answer says what went wrong (wrong
// credentials, too many attempts, a ban with its reason and end) in the page's locale.
import { useState, type FormEvent } from "react";
import { api } from "../../../lib/api.ts";
import { locale } from "../../../lib/i18n.ts";
import { useSubmit } from "../../../lib/form.ts";
import { FormMessage } from "../../../components/Form.tsx";
import { Field, nextAddress } from "./Field.tsx";
import { t } from "@lingui/core/macro";
import { SocialButtons } from "./SocialButtons.tsx";
import { login } from "../../../../api/contracts/public/account.ts";

export default function SignInPage() {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const { busy, errors, run } = useSubmit({ notice: false });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await api(login, { email, password });
      // A full load: the new page carries the new session's CSRF token.
      location.assign(nextAddress());
    });
  };
  return (
    <form className="tk-login" onSubmit={submit} noValidate aria-labelledby="signin-title">
      <h1 id="signin-title">{t({ message: "Sign in", context: "page title" })}</h1>
      <Field
        label={t({ message: "Email", context: "player account" })}
        name="email"
        type="email"
        autoComplete="username"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        errors={errors}
        required
      />
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
      <FormMessage errors={errors} />
      <button type="submit" className="tk-btn tk-primary" disabled={busy}>
        {busy ? t`Signing in…` : t`Sign in`}
      </button>
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
