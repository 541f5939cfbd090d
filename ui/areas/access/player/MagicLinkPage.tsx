// Asking for a sign-in link by mail. The server answers the same for any address.
import { useState, type FormEvent } from "react";
import { t } from "@lingui/core/macro";
import { api } from "../../../lib/api.ts";
import * as door from "../../../../api/contracts/public/front-door.ts";
import { useSubmit } from "../../../lib/form.ts";
import { FormMessage } from "../../../components/Form.tsx";
import { Field } from "./Field.tsx";

export default function MagicLinkPage() {
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState<string | null>(null);
  const { busy, errors, run } = useSubmit({ notice: false });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => setSent((await api(door.magicLink, { email })).message));
  };
  return (
    <form className="tk-login" onSubmit={submit} noValidate aria-labelledby="magic-ask-title">
      <h1 id="magic-ask-title">{t`Sign in by mail`}</h1>
      {sent ? (
        <p role="status">{sent}</p>
      ) : (
        <>
          <p>{t`Enter the email address of your account. We will send you a link that signs you in.`}</p>
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
