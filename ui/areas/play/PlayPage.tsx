// /{locale}/play/: the hangar (the player's tanks, the chosen one's figures, "To battle"), the
// wait for a battle, the battle itself and its result. A visitor plays at once as a guest; a player whose page reloads mid-battle goes straight back into it.
import { useCallback, useEffect, useState } from "react";
import { t } from "@lingui/core/macro";
import { api, ApiError } from "../../lib/api.ts";
import { fmtInt, locale } from "../../lib/i18n.ts";
import { ErrorState, Loading } from "../../components/States.tsx";
import { BattleScreen, type BattleHandle } from "./BattleScreen.tsx";
import { BattleOverlay } from "./BattleOverlay.tsx";
import { TankArt, type Nation, type TankClass } from "../../components/TankArt.tsx";
import { Modules } from "./Modules.tsx";
import { Result } from "./Result.tsx";
import { HangarInbox } from "./HangarInbox.tsx";
import { HangarBoosts } from "./HangarBoosts.tsx";
import { HangarEvents } from "./HangarEvents.tsx";
import { NextTanks } from "./NextTanks.tsx";
import { walletChanged } from "../../lib/wallet.ts";
import { useApi } from "../../lib/api.ts";
import * as play from "../../../api/contracts/game/play.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import { GuestEntry } from "../access/player/guest.tsx";
import { dropInitialData, initialData } from "../../lib/page.ts";
import { hangar as hangarPage } from "../../../api/contracts/play.ts";

/** The hangar's data (/{locale}/play/ as JSON): a visitor's, or a signed-in player's. */
type Page = OutputOf<typeof hangarPage>;
type Hangar = Extract<Page, { signedIn: true }>;
/** A tank of the hangar's garage. */
type Tank = Hangar["garage"][number];

type Where = OutputOf<typeof play.status>;

type CrewMember = OutputOf<typeof play.trainCrew>["crew"][number];
type Trained = OutputOf<typeof play.trainCrew>;

const ROMAN = ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"];
const nameOf = (tk: Tank) => (locale === "en" ? tk.nameEn : tk.nameRu);

function typeName(type: string) {
  return (
    (
      {
        light: t`Light tank`,
        medium: t`Medium tank`,
        heavy: t`Heavy tank`,
        td: t`Tank destroyer`,
        spg: t`Self-propelled gun`,
      } as Record<string, string>
    )[type] ?? type
  );
}

export default function PlayPage() {
  // The server's render of the page (ui/ssr.tsx) came with the hangar's data: drawn from it at
  // once, as the server drew it, and asked for afresh only on a later load.
  const [given] = useState(() => initialData<Page>(`/${locale}/play/`));
  const mine = given?.signedIn ? given : null;
  const [hangar, setHangar] = useState<Hangar | null>(mine);
  const [error, setError] = useState<ApiError | Error | null>(null);
  const [chosen, setChosen] = useState<number | null>(
    mine ? (mine.player.currentTankId ?? mine.garage[0]?.id ?? null) : null,
  );
  const [where, setWhere] = useState<Where | null>(
    mine ? { queue: mine.queue, battle: mine.battle, now: mine.now } : null,
  );
  /** The battle whose result is on the screen (at its end, or on the player's return). */
  const [showResult, setShowResult] = useState<number | null>(null);
  /** The battle the player left for the hangar while it goes on (its result comes at its end). */
  const [left, setLeft] = useState<number | null>(null);
  const [handle, setHandle] = useState<BattleHandle | null>(null);
  const [busy, setBusy] = useState(false);
  const [visitor, setVisitor] = useState(given !== undefined && !given.signedIn);

  const load = useCallback(async () => {
    try {
      const h = await api(hangarPage, { locale });
      // A visitor plays at once as a guest (no form): <GuestEntry> makes one and reloads.
      if (!h.signedIn) return setVisitor(true);
      setHangar(h);
      setWhere({ queue: h.queue, battle: h.battle, now: h.now });
      // Back in the hangar after a battle that ended while away: its result, once.
      if (h.lastBattle && h.lastBattle.battleId > seenResult() && !h.battle) setShowResult(h.lastBattle.battleId);
      setChosen((c) => c ?? h.player.currentTankId ?? h.garage[0]?.id ?? null);
      setError(null);
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) {
        location.assign(`/public/login?next=${encodeURIComponent(location.pathname)}`);
        return;
      }
      setError(e as Error);
    }
  }, []);
  useEffect(() => {
    if (given === undefined) return void load();
    dropInitialData(`/${locale}/play/`);
    // What only the browser knows (the results already seen) once the page is live.
    if (mine?.lastBattle && mine.lastBattle.battleId > seenResult() && !mine.battle)
      setShowResult(mine.lastBattle.battleId);
  }, [load, given, mine]);

  // A battle left for the hangar: ask every few seconds whether it ended (then its result).
  useEffect(() => {
    if (left === null) return;
    const id = setInterval(async () => {
      try {
        const w = await api(play.status);
        if (w.battle?.battleId !== left) {
          setShowResult(left);
          setLeft(null);
        }
        setWhere(w);
      } catch {
        /* the next poll tries again */
      }
    }, 3000);
    return () => clearInterval(id);
  }, [left]);

  // While queued: ask every second (the server forms the battle, bots filling after the longest wait).
  useEffect(() => {
    if (!where?.queue || where.battle) return;
    const id = setInterval(async () => {
      try {
        setWhere(await api(play.status));
      } catch {
        /* the next poll tries again */
      }
    }, 1000);
    return () => clearInterval(id);
  }, [where?.queue, where?.battle]);

  const toBattle = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      setWhere(await api(play.join, { tankId: chosen }));
    } catch (e) {
      setError(e as Error);
    } finally {
      setBusy(false);
    }
  };
  // The document's title says where the player is.
  const inBattle = Boolean(where?.battle) && showResult === null && left !== where?.battle?.battleId;
  useEffect(() => {
    if (showResult === null) document.title = `${inBattle ? t`Battle` : t`Hangar`} — ${t`Tankodrome`}`;
  }, [inBattle, showResult]);
  // What the chosen tank takes into battle (the battle's consumable buttons).
  const chosenView = useApi(play.modules, chosen ? { tankId: chosen } : null);

  const leave = async () => setWhere(await api(play.leave));

  if (error)
    return (
      <main className="tk-main">
        <h1>{t`Hangar`}</h1>
        <ErrorState message={error.message} retry={load} />
      </main>
    );
  if (visitor)
    return (
      <main className="tk-main">
        <h1>{t`Hangar`}</h1>
        <GuestEntry />
      </main>
    );
  if (!hangar || !where)
    return (
      <main className="tk-main">
        <h1>{t`Hangar`}</h1>
        <Loading />
      </main>
    );

  if (showResult !== null)
    return (
      <Result
        battleId={showResult}
        onBack={() => {
          markSeen(showResult);
          setShowResult(null);
          setHandle(null);
          walletChanged();
          void load();
        }}
      />
    );

  if (where.battle && left !== where.battle.battleId) {
    const b = where.battle;
    // Always this site's own address: whichever instance the socket reaches routes it to the battle's owner.
    const path = `/game/play/ws/${b.battleId}`;
    return (
      <main className="tk-play">
        <h1 className="tk-sr">{t`Battle`}</h1>
        <div className="tk-arena-wrap">
          <BattleScreen
            full
            source={{ kind: "live", url: path, drive: true }}
            onHandle={setHandle}
            onEnd={() => setTimeout(() => setShowResult(b.battleId), 1200)}
            // The connection comes back by itself; while it cannot, the page asks whether the battle
            // still runs, and when it gives up the player goes on: to the result, or to the hangar
            // (which shows the result when the battle ends).
            stillRunning={async () => {
              const st = await api(play.status);
              return st.battle?.battleId === b.battleId ? "running" : "over";
            }}
            onGone={(why) => {
              setHandle(null);
              if (why === "over") setShowResult(b.battleId);
              else {
                setLeft(b.battleId);
                void load();
              }
            }}
          />
          <BattleOverlay
            handle={handle}
            kit={(chosenView.data?.kit ?? []).map((k) => ({ kind: k.kind, charges: k.charges }))}
            onHangar={() => {
              setLeft(b.battleId);
              setHandle(null);
              void load();
            }}
          />
        </div>
      </main>
    );
  }

  const tank = hangar.garage.find((g) => g.id === chosen) ?? hangar.garage[0];
  const p = hangar.player;
  return (
    <main className="tk-main tk-hangar">
      <div className="tk-hangar-head">
        <h1>{t`Hangar`}</h1>
        <div className="tk-row tk-hangar-me">
          <span>{p.nickname}</span>
          <span>{t`Level ${p.level}`}</span>
          <span className="tk-silver">● {fmtInt(p.silver)}</span>
          <span className="tk-gold">● {fmtInt(p.gold)}</span>
          <span>{t`Battles: ${fmtInt(p.battles)}`}</span>
          <span>{t`Wins: ${fmtInt(p.wins)}`}</span>
        </div>
      </div>
      <HangarBoosts />
      <HangarInbox />
      {where.battle && left === where.battle.battleId && (
        <div className="tk-left-battle" role="status">
          <span>{t`Battle #${where.battle.battleId} goes on without you; its result comes here when it ends.`}</span>
          <button type="button" className="tk-btn" onClick={() => setLeft(null)}>
            {t`Back to the battle`}
          </button>
        </div>
      )}
      {hangar.garage.length === 0 ? (
        <p className="tk-state">{t`Your garage is empty.`}</p>
      ) : (
        <div className="tk-hangar-grid">
          <section aria-label={t`Your tanks`} className="tk-garage">
            <h2>{t`Your tanks`}</h2>
            <ul>
              {hangar.garage.map((g) => (
                <li key={g.id}>
                  <button
                    type="button"
                    className="tk-garage-tank"
                    aria-pressed={g.id === tank?.id}
                    onClick={() => setChosen(g.id)}
                    disabled={Boolean(where.queue)}
                  >
                    <TankArt className="tk-garage-art" tankClass={g.type as TankClass} nation={g.nation as Nation} />
                    <span className="tk-garage-name">{nameOf(g)}</span>
                    <span className="tk-garage-tier">{ROMAN[g.tier]}</span>
                  </button>
                </li>
              ))}
            </ul>
            <NextTanks
              topTier={Math.max(1, ...hangar.garage.map((g) => g.tier))}
              disabled={Boolean(where.queue)}
              onBought={() => {
                walletChanged();
                void load();
              }}
            />
            <h2>{t`Crew`}</h2>
            {hangar.crew.length === 0 ? (
              <p className="tk-muted">{t`No crew hired yet.`}</p>
            ) : (
              <CrewList
                crew={hangar.crew}
                disabled={Boolean(where.queue)}
                onTrained={(r) =>
                  setHangar((h) =>
                    h
                      ? {
                          ...h,
                          crew: r.crew,
                          crewBonus: r.crewBonus,
                          player: { ...h.player, silver: r.silver, gold: r.gold },
                        }
                      : h,
                  )
                }
              />
            )}
            <h2>{t`Tasks of the day`}</h2>
            {hangar.tasks.length === 0 ? (
              <p className="tk-muted">{t`No tasks today.`}</p>
            ) : (
              <ul className="tk-tasks">
                {hangar.tasks.map((task) => (
                  <li key={task.id} className={task.done ? "tk-task-done" : undefined}>
                    <span>{task.name}</span>
                    <span className="tk-stat-bar" aria-hidden="true">
                      <span style={{ width: `${Math.min(100, (task.progress / Math.max(1, task.target)) * 100)}%` }} />
                    </span>
                    <span className="tk-muted">
                      {fmtInt(task.progress)} / {fmtInt(task.target)} ·{" "}
                      <span className={task.rewardCurrency === "gold" ? "tk-gold" : "tk-silver"}>
                        ● {fmtInt(task.rewardAmount)}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {tank && (
            <section className="tk-tank-card" aria-label={t`Chosen tank`}>
              <div className="tk-tank-stage">
                <TankArt
                  className="tk-stage-art"
                  tankClass={tank.type as TankClass}
                  nation={tank.nation as Nation}
                  title={nameOf(tank)}
                />
              </div>
              <h2>
                {nameOf(tank)} <span className="tk-garage-tier">{ROMAN[tank.tier]}</span>
              </h2>
              <p className="tk-muted">{typeName(tank.type)}</p>
              <dl className="tk-stats">
                <Stat label={t`Hit points`} value={tank.hp} max={2500} />
                <Stat label={t`Damage`} value={tank.damage} max={600} />
                <Stat label={t`Penetration`} value={tank.penetration} max={300} />
                <Stat label={t`Armour`} value={tank.armor} max={350} />
                <Stat label={t`Speed, km/h`} value={tank.speed} max={80} />
                <Stat label={t`Shots a minute`} value={tank.rateOfFire / 10} max={20} />
              </dl>
              <CrewBonus bonus={hangar.crewBonus} />
              <Modules
                key={tank.id}
                tankId={tank.id}
                wallet={{ silver: p.silver, gold: p.gold }}
                disabled={Boolean(where.queue)}
                onWallet={(w) => {
                  setHangar((h) => (h ? { ...h, player: { ...h.player, ...w } } : h));
                  walletChanged();
                }}
              />
              {where.battle ? null : where.queue ? (
                <Waiting queue={where.queue} now={where.now} onLeave={leave} />
              ) : (
                <button type="button" className="tk-btn tk-primary tk-to-battle" onClick={toBattle} disabled={busy}>
                  {t`To battle`}
                </button>
              )}
              <p className="tk-muted tk-rules">{t`${hangar.rules.teamSize} vs ${hangar.rules.teamSize} · ${Math.round(hangar.rules.roundSeconds / 60)} min · bots fill the teams`}</p>
            </section>
          )}
        </div>
      )}
      <HangarEvents
        onEntered={() => {
          walletChanged();
          void load();
        }}
      />
    </main>
  );
}

function Waiting({ queue, now, onLeave }: { queue: NonNullable<Where["queue"]>; now: number; onLeave: () => void }) {
  const [, tick] = useState(0);
  useEffect(() => {
    const id = setInterval(() => tick((n) => n + 1), 500);
    return () => clearInterval(id);
  }, []);
  const waited = Math.max(0, Math.floor((now - queue.joinedAt) / 1000));
  return (
    <div className="tk-waiting" role="status">
      <span className="tk-spinner" aria-hidden="true" />
      <span>{t`Looking for a battle… ${waited} s (at most ${queue.maxWaitSeconds} s)`}</span>
      <button type="button" className="tk-btn" onClick={onLeave}>
        {t`Cancel`}
      </button>
    </div>
  );
}

/** The hangar's crew: each member's level and trained skill, and training the skill's next level for silver or gold. */
function CrewList({
  crew,
  disabled,
  onTrained,
}: {
  crew: CrewMember[];
  disabled: boolean;
  onTrained: (r: Trained) => void;
}) {
  const [busy, setBusy] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const train = async (m: CrewMember, pay: "silver" | "gold") => {
    if (!m.training) return;
    setBusy(m.crewId);
    setProblem(null);
    try {
      onTrained(
        await api(play.trainCrew, {
          crewId: m.crewId,
          pay,
          level: m.training.level,
          requestId: crypto.randomUUID(),
        }),
      );
    } catch (e) {
      setProblem(e instanceof ApiError ? (Object.values(e.fields ?? {})[0] ?? e.message) : (e as Error).message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <ul className="tk-crew">
        {crew.map((m) => (
          <li key={m.crewId}>
            <span>{m.name}</span>
            <span className="tk-muted">
              {t`level ${m.level} of ${m.levelCap}`}
              {m.skillLevel > 0 && <> · {t`skill ${m.skillLevel}`}</>}
            </span>
            {m.training ? (
              <span className="tk-crew-train">
                {m.training.priceSilver !== null && (
                  <button
                    type="button"
                    className="tk-btn"
                    disabled={disabled || busy !== null}
                    onClick={() => train(m, "silver")}
                    aria-label={t`Train ${m.name}'s skill to ${m.training.level} for ${m.training.priceSilver} silver`}
                  >
                    {t`Train to ${m.training.level}`}{" "}
                    <span className="tk-silver">● {fmtInt(m.training.priceSilver)}</span>
                  </button>
                )}
                {m.training.priceGold !== null && (
                  <button
                    type="button"
                    className="tk-btn"
                    disabled={disabled || busy !== null}
                    onClick={() => train(m, "gold")}
                    aria-label={t`Train ${m.name}'s skill to ${m.training.level} at once for ${m.training.priceGold} gold`}
                  >
                    <span className="tk-gold">● {fmtInt(m.training.priceGold)}</span>
                  </button>
                )}
              </span>
            ) : (
              <span className="tk-muted tk-crew-train">{t`Skill fully trained`}</span>
            )}
          </li>
        ))}
      </ul>
      {problem && (
        <p className="tk-error" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}

/** The crew's effect on the chosen tank in battle (api/game/sim/crew.ts), only what it changes. */
function CrewBonus({ bonus }: { bonus: Hangar["crewBonus"] }) {
  const parts = [
    bonus.reload > 0 && t`reload −${bonus.reload}%`,
    bonus.mobility > 0 && t`speed and hull traverse +${bonus.mobility}%`,
    bonus.aim > 0 && t`turret traverse and accuracy +${bonus.aim}%`,
    bonus.view > 0 && t`view range +${bonus.view}%`,
  ].filter((p): p is string => Boolean(p));
  return (
    <p className="tk-muted tk-crew-bonus" data-testid="crew-bonus">
      {parts.length
        ? t`Crew in battle: ${parts.join(" · ")}`
        : t`Crew in battle: no bonus yet (members gain it with levels and training).`}
    </p>
  );
}

function Stat({ label, value, max }: { label: string; value: number; max: number }) {
  return (
    <div className="tk-stat">
      <dt>{label}</dt>
      <dd>
        <span className="tk-stat-value">{fmtInt(Math.round(value * 10) / 10)}</span>
        <span className="tk-stat-bar" aria-hidden="true">
          <span style={{ width: `${Math.min(100, (value / max) * 100)}%` }} />
        </span>
      </dd>
    </div>
  );
}

const SEEN = "tk.play.seenResult";
/** The last battle whose result the player saw (this browser): a newer one is shown on return. */
function seenResult(): number {
  try {
    return Number(localStorage.getItem(SEEN) ?? 0) || 0;
  } catch {
    return 0;
  }
}
function markSeen(battleId: number) {
  try {
    if (battleId > seenResult()) localStorage.setItem(SEEN, String(battleId));
  } catch {
    /* private mode: the result may be shown again */
  }
}
