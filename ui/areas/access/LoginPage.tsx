// The operators' sign-in form; errors (wrong credentials, throttling) come from the server in
// the page's locale.
import { useState, type FormEvent } from "react";
import { posting, sendRaw } from "../../lib/api.ts";
import * as access from "../../../api/contracts/admin/access.ts";
import { LanguageSwitch } from "../../shell/LanguageSwitch.tsx";
import { useSubmit } from "../../lib/form.ts";
import { FormMessage } from "../../components/Form.tsx";
import { FieldError } from "../../components/Form.tsx";
import { t } from "@lingui/core/macro";

export default function LoginPage() {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const { busy, errors, run } = useSubmit({ notice: false });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await sendRaw(posting(access.login), { username, password });
      const next = new URLSearchParams(location.search).get("next");
      location.assign(next?.startsWith("/admin") ? next : "/admin/");
    });
  };
  return (
    <form className="tk-login" onSubmit={submit} noValidate aria-labelledby="login-title">
      <h1 id="login-title">{t`Back office sign-in`}</h1>
      <label>
        {t`Username`}
        <input
          name="username"
          autoComplete="username"
          value={username}
          onChange={(e) => (setUsername(e.target.value), errors.clear("username"))}
          {...errors.input("username")}
          required
        />
        <FieldError errors={errors} name="username" />
      </label>
      <label>
        {t`Password`}
        <input
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => (setPassword(e.target.value), errors.clear("password"))}
          {...errors.input("password")}
          required
        />
        <FieldError errors={errors} name="password" />
      </label>
      <FormMessage errors={errors} />
      <button type="submit" className="tk-btn tk-primary" disabled={busy}>
        {busy ? t`Signing in…` : t`Sign in`}
      </button>
      <LanguageSwitch />
    </form>
  );
}
