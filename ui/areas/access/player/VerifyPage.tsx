// The address's confirmation link: confirms on opening (the link carries only the address it
// confirms; opening it twice says the second time that it is used).
import { useEffect, useState } from "react";
import { ph, t } from "@lingui/core/macro";
import { api, ApiError } from "../../../lib/api.ts";
import * as door from "../../../../api/contracts/public/front-door.ts";
import { locale } from "../../../lib/i18n.ts";

export default function VerifyPage() {
  const code = new URLSearchParams(location.search).get("code") ?? "";
  const [state, setState] = useState<{ email?: string; error?: string } | null>(null);
  useEffect(() => {
    if (!code) return;
    api(door.verify, { code }).then(
      (r) => setState({ email: r.email }),
      (e: Error) => setState({ error: e instanceof ApiError ? e.message : t`No connection to the server.` }),
    );
  }, [code]);
  return (
    <section className="tk-login" aria-labelledby="verify-title">
      <h1 id="verify-title">{t`Email confirmation`}</h1>
      {!code ? (
        <p
          className="tk-error"
          role="alert"
        >{t`This address has no confirmation code. Open the link from the mail.`}</p>
      ) : !state ? (
        <p role="status" aria-busy="true">
          {t`Confirming…`}
        </p>
      ) : state.email ? (
        <p role="status">{t`${ph({ email: state.email })} is confirmed. Thank you!`}</p>
      ) : (
        <p className="tk-error" role="alert">
          {state.error}
        </p>
      )}
      <a href={`/${locale}/play/`}>{t`To the hangar`}</a>
    </section>
  );
}
