// A battle's cheat signals (issue 31): each of its players' damage and kills per battle on the
// tier they fought at, against the tier's medians over the last 30 days; an outlier is flagged and
// can be marked as suspect or banned from here (a ban from a battle's outlier).
import { ph, t } from "@lingui/core/macro";
import { useApi } from "../../lib/api.ts";
import { battle as battleContract } from "../../../api/contracts/admin/cheatSignals.ts";
import { fmtInt, locale } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { SignalActions } from "./SignalActions.tsx";

const num = (x: number) => x.toLocaleString(locale, { maximumFractionDigits: 2 });

export function BattleSignals({ battleId }: { battleId: number }) {
  const state = useApi(battleContract, { battleId });
  return (
    <section aria-label={t`Cheat signals`}>
      <h2>{t`Cheat signals`}</h2>
      <Load state={state}>
        {(d) => (
          <>
            <p className="tk-hint">
              {t`Each player's figures on this battle's tier over the last ${ph({ days: d.rules.days })} days, against the tier's medians; an outlier is at least ×${ph({ f: d.rules.factor })} a median. All outliers: `}
              <a href="/admin/cheatSignals/">{t`cheat signals`}</a>.
            </p>
            <ul className="tk-list-cards">
              {d.players.map((p) => (
                <li key={p.playerId} className="tk-list-card" data-testid={`signal-${p.playerId}`}>
                  <strong>
                    {p.nickname} · {t`tier ${ph({ tier: p.tier })}`}
                    {p.outlier ? (
                      <>
                        {" "}
                        <span className="tk-badge">{t`outlier`}</span>
                      </>
                    ) : null}
                  </strong>
                  {p.battles < d.rules.minBattles || !p.median ? (
                    <span className="tk-hint">
                      {t`Too few battles on this tier to compare (${ph({ n: fmtInt(p.battles) })}).`}
                    </span>
                  ) : (
                    <>
                      <span>
                        {t`Damage per battle ${ph({ d: num(p.damage) })} (median ${ph({ m: num(p.median.damage) })}, ×${ph({ r: num(p.damageRatio) })})`}
                      </span>
                      <span>
                        {t`Kills per battle ${ph({ k: num(p.kills) })} (median ${ph({ m: num(p.median.kills) })}, ×${ph({ r: num(p.killsRatio) })})`}
                      </span>
                    </>
                  )}
                  {p.outlier && <SignalActions s={p} onDone={state.reload} />}
                </li>
              ))}
            </ul>
          </>
        )}
      </Load>
    </section>
  );
}
