// A signed-in player asks for a reset link to their own address.
import { useState } from "react";
import { api, useApi } from "../../../lib/api.ts";
import { Load } from "../../../components/States.tsx";
import { useSubmit } from "../../../lib/form.ts";
import { FormMessage } from "../../../components/Form.tsx";
import { ph, t } from "@lingui/core/macro";
import * as calls from "../../../../api/contracts/public/account.ts";

export default function OwnResetPage() {
  const info = useApi(calls.ownResetInfo, {});
  const [sent, setSent] = useState<string | null>(null);
  const { busy, errors, run } = useSubmit({ notice: false });
  const send = () => void run(async () => setSent((await api(calls.ownReset)).message));
  return (
    <Load state={info}>
      {(d) => (
        <section className="tk-login" aria-labelledby="own-title">
          <h1 id="own-title">{t`Password reset link`}</h1>
          {!d.email ? (
            <p>{t`Your account has no email address, so we cannot send a link.`}</p>
          ) : sent ? (
            <p role="status">{sent}</p>
          ) : (
            <>
              <p>{t`We will send a link to set a new password to ${ph({ email: d.email })}.`}</p>
              <FormMessage errors={errors} />
              <button type="button" className="tk-btn tk-primary" disabled={busy} onClick={send}>
                {busy ? t`Sending…` : t`Send me the link`}
              </button>
            </>
          )}
        </section>
      )}
    </Load>
  );
}
