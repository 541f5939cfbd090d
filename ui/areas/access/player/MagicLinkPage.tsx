// Asking for a sign-in link by mail. The server answers the same for any address.
import { useState } from "react";
import { t } from "@lingui/core/macro";
import { api } from "../../../lib/api.ts";
import * as door from "../../../../api/contracts/public/front-door.ts";
import { useSubmit } from "../../../lib/form.ts";
import { EmailField, SubmitRow } from "./Field.tsx";

export default function MagicLinkPage() {
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState<string | null>(null);
  const { busy, errors, submit } = useSubmit({ notice: false });
  const ask = submit(async () => setSent((await api(door.magicLink, { email })).message));
  return (
    <form className="tk-login" onSubmit={ask} noValidate aria-labelledby="magic-ask-title">
      <h1 id="magic-ask-title">{t`Sign in by mail`}</h1>
      {sent ? (
        <p role="status">{sent}</p>
      ) : (
        <>
          <p>{t`Enter the email address of your account. We will send you a link that signs you in.`}</p>
          <EmailField errors={errors} value={email} onChange={setEmail} />
          <SubmitRow errors={errors} busy={busy} label={t`Send the link`} busyLabel={t`Sending…`} />
        </>
      )}
      <a href="/public/login">{t`Back to sign-in`}</a>
    </form>
  );
}
