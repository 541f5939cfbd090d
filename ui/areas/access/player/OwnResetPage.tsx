// A signed-in player asks for a reset link to their own address.
import { useState } from "react";
import { api, useApi } from "../../../lib/api.ts";
import { Load } from "../../../components/States.tsx";
import { useSubmit, FormError } from "../useSubmit.tsx";
import { t } from "./t.ts";

export default function OwnResetPage() {
  const info = useApi<{ email: string | null }>("/public/profile/resetPassword");
  const [sent, setSent] = useState<string | null>(null);
  const { busy, error, run } = useSubmit();
  const send = () => void run(async () => setSent((await api<{ message: string }>("/public/profile/resetPassword", { body: {} })).message));
  return (
    <Load state={info}>
      {(d) => (
        <section className="tk-login" aria-labelledby="own-title">
          <h1 id="own-title">{t("own.title")}</h1>
          {!d.email ? (
            <p>{t("own.noEmail")}</p>
          ) : sent ? (
            <p role="status">{sent}</p>
          ) : (
            <>
              <p>{t("own.intro", { email: d.email })}</p>
              <FormError error={error} />
              <button type="button" className="tk-btn tk-primary" disabled={busy} onClick={send}>
                {busy ? t("own.busy") : t("own.submit")}
              </button>
            </>
          )}
        </section>
      )}
    </Load>
  );
}
