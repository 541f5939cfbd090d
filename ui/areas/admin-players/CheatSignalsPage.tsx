// /admin/cheatSignals/ — cheat signals (issue 31): each tier's medians over the window (damage and
// kills per battle, win rate) and the players far above them, most extreme first, each with "mark
// as suspect" and "ban" (presets 1 d, 7 d, 30 d, permanent).
import { useState } from "react";
import { ph, plural, t } from "@lingui/core/macro";
import { useApi } from "../../lib/api.ts";
import { outliers as outliersContract } from "../../../api/contracts/admin/cheatSignals.ts";
import { fmtDateTime, fmtInt, locale } from "../../lib/i18n.ts";
import { Load, Empty } from "../../components/States.tsx";
import { SignalActions } from "./SignalActions.tsx";

const pct = (x: number) => `${Math.round(x * 100)} %`;
const num = (x: number) => x.toLocaleString(locale, { maximumFractionDigits: 2 });

export default function CheatSignalsPage() {
  const [days, setDays] = useState(30);
  const state = useApi(outliersContract, { days });
  return (
    <section>
      <h1>{t`Cheat signals`}</h1>
      <p className="tk-hint">
        {t`A player's damage and kills per battle on a tier, against that tier's medians over the players with at least 3 battles on it; an outlier is at least twice a median. A signal is not a verdict: look at the battles first. Hit rate is not recorded by the battle servers.`}
      </p>
      <div className="tk-row">
        <label>
          {t`Window`}
          <select value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {[7, 30, 90].map((d) => (
              <option key={d} value={d}>
                {t`last ${ph({ d })} days`}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Load state={state}>
        {(d) => (
          <>
            <p>{t`Since ${ph({ since: fmtDateTime(d.since) })}.`}</p>
            <h2>{t`Outliers`}</h2>
            {d.outliers.length === 0 ? (
              <Empty>{t`No player is far above their tier's medians.`}</Empty>
            ) : (
              <ul className="tk-list-cards" aria-label={t`Outliers`}>
                {d.outliers.map((o) => {
                  const m = d.medians.find((x) => x.tier === o.tier);
                  return (
                    <li key={`${o.playerId}:${o.tier}`} className="tk-list-card" data-testid={`outlier-${o.playerId}`}>
                      <strong>
                        <a href={`/admin/player/${o.playerId}`}>{o.nickname}</a> #{o.playerId} ·{" "}
                        {t`tier ${ph({ tier: o.tier })}`} · {plural(o.battles, { one: "# battle", other: "# battles" })}
                        {o.suspect ? ` · ${t`suspect`}` : ""}
                        {o.banned ? ` · ${t`banned`}` : ""}
                      </strong>
                      <span>
                        {t`Damage per battle ${ph({ d: num(o.damage) })} (median ${ph({ m: num(m?.damage ?? 0) })}, ×${ph({ r: num(o.damageRatio) })})`}
                      </span>
                      <span>
                        {t`Kills per battle ${ph({ k: num(o.kills) })} (median ${ph({ m: num(m?.kills ?? 0) })}, ×${ph({ r: num(o.killsRatio) })})`}
                      </span>
                      <span>
                        {t`Win rate ${ph({ w: pct(o.winRate) })} (median ${ph({ m: pct(m?.winRate ?? 0) })})`}
                      </span>
                      <a href={`/admin/player/${o.playerId}/battles`}>{t`The player's battles`}</a>
                      <SignalActions s={o} onDone={state.reload} />
                    </li>
                  );
                })}
              </ul>
            )}
            <h2>{t`Medians by tier`}</h2>
            {d.medians.length === 0 ? (
              <Empty>{t`No tier has players with enough battles in this window.`}</Empty>
            ) : (
              <div className="tk-table-scroll">
                <table className="tk-table">
                  <thead>
                    <tr>
                      <th>{t`Tier`}</th>
                      <th>{t`Players counted`}</th>
                      <th>{t`Damage per battle`}</th>
                      <th>{t`Kills per battle`}</th>
                      <th>{t`Win rate`}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.medians.map((m) => (
                      <tr key={m.tier}>
                        <td>{m.tier}</td>
                        <td>{fmtInt(m.battles)}</td>
                        <td>{num(m.damage)}</td>
                        <td>{num(m.kills)}</td>
                        <td>{pct(m.winRate)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </Load>
    </section>
  );
}
