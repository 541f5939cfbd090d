// Sign-up from the landing: email + password (twice). The browser answers the same proof of work a
// guest does, so sign-ups share the guests' per-address limit; the account works at once and the
// address is confirmed by the link we mail.
import { useState } from "react";
import { t } from "@lingui/core/macro";
import { api } from "../../../lib/api.ts";
import * as door from "../../../../api/contracts/public/front-door.ts";
import { locale } from "../../../lib/i18n.ts";
import { useSubmit } from "../../../lib/form.ts";
import { EmailField, nextAddress, SubmitRow, useNewPassword } from "./Field.tsx";
import { proofOfWork } from "./guest.tsx";
import { SocialButtons } from "./SocialButtons.tsx";

export default function SignUpPage() {
  const [email, setEmail] = useState("");
  const pw = useNewPassword();
  const { busy, errors, submit } = useSubmit({ notice: false });
  const signUp = submit(async () => {
    pw.check();
    await api(door.signup, { email, password: pw.password, ...(await proofOfWork()) });
    location.assign(nextAddress(`/${locale}/play/`));
  });
  return (
    <form className="tk-login" onSubmit={signUp} noValidate aria-labelledby="signup-title">
      <h1 id="signup-title">{t`Create an account`}</h1>
      <p>{t`Keep your tanks and progress on any device. Or just press Play: you can keep the progress later.`}</p>
      <EmailField errors={errors} value={email} onChange={setEmail} />
      {pw.fields(errors)}
      <SubmitRow errors={errors} busy={busy} label={t`Create the account`} busyLabel={t`Creating…`} />
      <SocialButtons />
      <p>
        {t`Already have an account?`} <a href="/public/login">{t`Sign in`}</a>
      </p>
    </form>
  );
}
