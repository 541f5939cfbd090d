// Sign-up from the landing: email + password (twice). The browser answers the same proof of work a
// guest does, so sign-ups share the guests' per-address limit; the account works at once and the
// address is confirmed by the link we mail.
import { useState, type FormEvent } from "react";
import { ph, t } from "@lingui/core/macro";
import { api, ApiError } from "../../../lib/api.ts";
import * as door from "../../../../api/contracts/public/front-door.ts";
import { locale } from "../../../lib/i18n.ts";
import { useSubmit } from "../../../lib/form.ts";
import { FormMessage } from "../../../components/Form.tsx";
import { Field, nextAddress } from "./Field.tsx";
import { proofOfWork } from "./guest.tsx";
import { SocialButtons } from "./SocialButtons.tsx";

// The server's PASSWORD_MIN; the server checks it again.
const MIN = 10;

export default function SignUpPage() {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const { busy, errors, run } = useSubmit({ notice: false });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password !== repeat)
      return void errors.take(new ApiError(400, "validation", "", { repeat: t`The passwords differ.` }));
    void run(async () => {
      await api(door.signup, { email, password, ...(await proofOfWork()) });
      location.assign(nextAddress(`/${locale}/play/`));
    });
  };
  return (
    <form className="tk-login" onSubmit={submit} noValidate aria-labelledby="signup-title">
      <h1 id="signup-title">{t`Create an account`}</h1>
      <p>{t`Keep your tanks and progress on any device. Or just press Play: you can keep the progress later.`}</p>
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
      <Field
        label={t`Password`}
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
        label={t`Password again`}
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
        {busy ? t`Creating…` : t`Create the account`}
      </button>
      <SocialButtons />
      <p>
        {t`Already have an account?`} <a href="/public/login">{t`Sign in`}</a>
      </p>
    </form>
  );
}
