// The sign-in link's page: checks the link (a used or expired one says so at once), then signs in
// with one press (a mail scanner opening the link signs nobody in) and opens the hangar.
import { t } from "@lingui/core/macro";
import { api, useApi } from "../../../lib/api.ts";
import * as door from "../../../../api/contracts/public/front-door.ts";
import { locale } from "../../../lib/i18n.ts";
import { Load } from "../../../components/States.tsx";
import { useSubmit } from "../../../lib/form.ts";
import { FormMessage } from "../../../components/Form.tsx";

export default function MagicPage() {
  const code = new URLSearchParams(location.search).get("code") ?? "";
  const check = useApi(door.magicCheck, code ? { code } : null);
  const { busy, errors, run } = useSubmit({ notice: false });
  const askAgain = <a href="/public/magicLink">{t`Ask for a new link`}</a>;
  if (!code)
    return (
      <section className="tk-login">
        <h1>{t`Sign in by mail`}</h1>
        <p className="tk-error" role="alert">{t`This address has no sign-in code. Open the link from the mail.`}</p>
        {askAgain}
      </section>
    );
  return (
    <Load state={check}>
      {(c) => (
        <section className="tk-login" aria-labelledby="magic-title">
          <h1 id="magic-title">{t`Sign in by mail`}</h1>
          {c.valid ? (
            <>
              <FormMessage errors={errors} />
              <button
                type="button"
                className="tk-btn tk-primary"
                disabled={busy}
                onClick={() =>
                  void run(async () => {
                    await api(door.magic, { code });
                    location.assign(`/${locale}/play/`);
                  })
                }
              >
                {busy ? t`Signing in…` : t`Sign in`}
              </button>
            </>
          ) : (
            <>
              <p className="tk-error" role="alert">
                {c.message}
              </p>
              {askAgain}
            </>
          )}
        </section>
      )}
    </Load>
  );
}
