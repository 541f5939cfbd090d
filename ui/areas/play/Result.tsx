// The result of a battle (issue 30): the outcome and what it paid (the premium's share apart), a
// level-up, the day's tasks the battle completed, the crew's experience, and the next goals (the
// next level, the tank's next module). Shown at the battle's end, and on the player's return to the
// hangar when they left the battle before it ended. Read from /game/play/report/:battleId.
import { useEffect } from "react";
import { t } from "@lingui/core/macro";
import { useApi } from "../../lib/api.ts";
import { fmtInt } from "../../lib/i18n.ts";
import { walletChanged } from "../../lib/wallet.ts";
import { Loading } from "../../components/States.tsx";
import * as play from "../../../api/contracts/game/play.ts";

const slotName = (slot: string) =>
  (
    ({ gun: t`Gun`, turret: t`Turret`, engine: t`Engine`, tracks: t`Suspension`, radio: t`Radio` }) as Record<
      string,
      string
    >
  )[slot] ?? slot;

export function Result({ battleId, onBack }: { battleId: number; onBack: () => void }) {
  const report = useApi(play.report, { battleId });
  const r = report.data;
  // Still running (the player left it for the hangar): look again every few seconds.
  useEffect(() => {
    if (r?.status !== "running") return;
    const id = setInterval(report.reload, 3000);
    return () => clearInterval(id);
  }, [r?.status, report.reload]);
  const settled = r !== undefined && r.status !== "running";
  useEffect(() => {
    if (settled) walletChanged();
  }, [settled]);
  const title = !r
    ? t({ message: "Result", context: "battle's end" })
    : r.status === "running"
      ? t`The battle goes on`
      : r.status === "stopped"
        ? t`Battle stopped`
        : r.result === "win"
          ? t`Victory!`
          : r.result === "loss"
            ? t`Defeat`
            : t`Draw`;
  useEffect(() => {
    document.title = `${title} — ${t`Tankodrome`}`;
  }, [title]);
  const why =
    (
      {
        destroyed: t`A team was destroyed.`,
        captured: t`The base was captured.`,
        time: t`Time ran out.`,
        stopped: t`An operator stopped the battle; it pays nothing.`,
      } as Record<string, string>
    )[r?.reason ?? ""] ?? "";
  return (
    <main className="tk-main tk-result">
      <h1 className={`tk-result-${r?.result ?? "draw"}`}>{title}</h1>
      <p className="tk-muted">
        {why} {t`Battle #${battleId}`}
      </p>
      {report.error && <p className="tk-error">{report.error.message}</p>}
      {!r && !report.error && <Loading />}
      {r?.status === "running" && (
        <p className="tk-state" role="status">
          {t`You left this battle for the hangar; its result comes here when it ends.`}
        </p>
      )}
      {r && r.status === "finished" && (
        <>
          {r.afk && (
            <p className="tk-error" role="status">
              {t`Your tank stood idle the whole battle: it earns nothing and counts for no task.`}
            </p>
          )}
          {r.level > r.levelBefore && (
            <p className="tk-level-up" role="status" data-testid="level-up">
              {t`New level: ${r.level}!`}
            </p>
          )}
          <dl className="tk-earnings" aria-label={t`Earnings`}>
            <div>
              <dt>{t`Experience`}</dt>
              <dd>+{fmtInt(r.experience)}</dd>
            </div>
            <div>
              <dt>{t`Silver earned`}</dt>
              <dd className="tk-silver">+{fmtInt(r.silver)}</dd>
            </div>
            {r.premiumSilver > 0 && (
              <div>
                <dt>{t`Of which premium account`}</dt>
                <dd className="tk-gold">
                  +{fmtInt(r.premiumSilver)} · +{fmtInt(r.premiumExperience)} {t`exp.`}
                </dd>
              </div>
            )}
            <div>
              <dt>{t`Repair and shells`}</dt>
              <dd>−{fmtInt(r.silverSpent)}</dd>
            </div>
            <div>
              <dt>{t`Damage dealt`}</dt>
              <dd>{fmtInt(r.damage)}</dd>
            </div>
            <div>
              <dt>{t`Tanks destroyed`}</dt>
              <dd>{fmtInt(r.kills)}</dd>
            </div>
            <div>
              <dt>{t`Rating`}</dt>
              <dd>
                {r.ratingDelta > 0 ? "+" : ""}
                {fmtInt(r.ratingDelta)}
              </dd>
            </div>
          </dl>
          {r.tasks.length > 0 && (
            <section aria-label={t`Tasks done`}>
              <h2>{t`Tasks done`}</h2>
              <ul className="tk-tasks">
                {r.tasks.map((task) => (
                  <li key={task.name} className="tk-task-done">
                    <span>{task.name}</span>
                    <span className={task.rewardCurrency === "gold" ? "tk-gold" : "tk-silver"}>
                      +● {fmtInt(task.rewardAmount)}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {r.crew.length > 0 && (
            <section aria-label={t`Crew experience`}>
              <h2>{t`Crew experience`}</h2>
              <ul className="tk-crew">
                {r.crew.map((c) => (
                  <li key={c.name}>
                    <span>{c.name}</span>
                    <span className="tk-muted">
                      +{fmtInt(c.xp)} {t`exp.`}
                      {c.levelTo > c.levelFrom && <> · {t`level ${c.levelTo}!`}</>}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section aria-label={t`Next goals`}>
            <h2>{t`Next goals`}</h2>
            <ul className="tk-tasks">
              {r.next.level && (
                <li>{t`Level ${r.next.level.level}: ${fmtInt(r.next.level.experienceLeft)} experience to go`}</li>
              )}
              {r.next.module && (
                <li>
                  {r.next.module.battlesLeft > 0
                    ? t`${slotName(r.next.module.slot)} level ${r.next.module.level} (+${r.next.module.bonus}%): ${r.next.module.battlesLeft} more battles to research it`
                    : t`${slotName(r.next.module.slot)} level ${r.next.module.level} (+${r.next.module.bonus}%) is researched: buy it in the hangar`}
                </li>
              )}
            </ul>
          </section>
        </>
      )}
      <button type="button" className="tk-btn tk-primary" onClick={onBack}>
        {t`To the hangar`}
      </button>
    </main>
  );
}
