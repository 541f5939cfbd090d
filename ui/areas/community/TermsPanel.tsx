// The terms and the rating on the profile: accept the current terms when asked, and rate the game
// once (a bonus the first time).
import { t, ph } from "@lingui/core/macro";
import { api, useApi } from "../../lib/api.ts";
import { act } from "../../lib/action.ts";
import { fmtDateTime, locale } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import * as calls from "../../../api/contracts/public/community.ts";

export function TermsPanel() {
  const state = useApi(calls.termsState, {});
  const run = <R,>(call: () => Promise<R>, done: (r: R) => string) => act(call, done, state.reload);
  return (
    <section className="tk-panel" aria-labelledby="terms-title">
      <h2 id="terms-title">{t`Terms and rating`}</h2>
      <Load state={state}>
        {(d) => (
          <>
            {d.mustAccept ? (
              <p className="tk-row" style={{ flexWrap: "wrap" }}>
                <span>{t`Please read and accept the terms of service to keep playing.`}</span>{" "}
                <a href={`/${locale}/public/terms`}>{t`Terms of service`}</a>
                <button
                  type="button"
                  className="tk-btn tk-primary"
                  onClick={() =>
                    run(
                      () => api(calls.acceptTerms, { version: d.currentVersion ?? 0 }),
                      () => t`Terms accepted`,
                    )
                  }
                >
                  {t`I accept`}
                </button>
              </p>
            ) : (
              <p>
                {d.eulaAcceptedAt
                  ? t`You accepted the terms on ${ph({ at: fmtDateTime(d.eulaAcceptedAt) })}.`
                  : t`There are no terms to accept.`}
              </p>
            )}
            {d.mayAskRating ? (
              <div className="tk-row" role="group" aria-label={t`Rate the game`}>
                <span>{d.bonusPaidAt ? t`Rate the game:` : t`Rate the game and get 50 gold:`}</span>
                {[1, 2, 3, 4, 5].map((n) => (
                  <button
                    key={n}
                    type="button"
                    className="tk-btn"
                    aria-label={t`${ph({ n })} of 5`}
                    onClick={() =>
                      run(
                        () => api(calls.rate, { rating: n }),
                        (r) => (r.bonus ? t`Thank you! 50 gold added.` : t`Thank you for rating!`),
                      )
                    }
                  >
                    {"★".repeat(n)}
                  </button>
                ))}
              </div>
            ) : (
              <p>{t`You rated the game ${ph({ n: d.rating ?? 0 })} of 5. Thank you!`}</p>
            )}
          </>
        )}
      </Load>
    </section>
  );
}
