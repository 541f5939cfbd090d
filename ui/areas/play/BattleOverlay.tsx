// What the player does in battle besides driving (issue 30): consumables on buttons and the keys
// 1, 2, 3 (repair kit, first-aid kit, extinguisher) with the charges left; once their tank is
// destroyed, watching an ally (◀ ▶ or Tab) and going to the hangar at once — the battle goes on and
// its result waits for them there.
import { useEffect, useState } from "react";
import { t } from "@lingui/core/macro";
import { encodeClient } from "../../../api/game/arena/contract.ts";
import type { BattleHandle } from "./BattleScreen.tsx";

export interface KitSlot {
  kind: "repair" | "medkit" | "extinguisher";
  charges: number;
}

const KEYS: Record<string, KitSlot["kind"]> = { Digit1: "repair", Digit2: "medkit", Digit3: "extinguisher" };

const kitName = (kind: string) =>
  (({ repair: t`Repair kit`, medkit: t`First-aid kit`, extinguisher: t`Fire extinguisher` }) as Record<string, string>)[
    kind
  ] ?? kind;

export function BattleOverlay({
  handle,
  kit,
  onHangar,
}: {
  handle: BattleHandle | null;
  kit: KitSlot[];
  onHangar: () => void;
}) {
  const [state, setState] = useState<{
    alive: boolean;
    used: Record<string, number>;
    allies: { slot: number; name: string }[];
    follow: number | null;
  } | null>(null);

  // What the battle says now, a few times a second.
  useEffect(() => {
    if (!handle) return;
    const id = setInterval(() => {
      const view = handle.view();
      const snap = view?.latest();
      if (!view || !snap || view.you === null) return;
      const you = view.you;
      const team = view.hello.seats[you].team;
      const allies = view.hello.seats
        .filter((s) => s.team === team && s.slot !== you && snap.tanks[s.slot]?.alive)
        .map((s) => ({ slot: s.slot, name: s.name }));
      const alive = snap.tanks[you]?.alive ?? true;
      // Dead: follow an ally (the first, or the next when the one followed falls).
      if (!alive && (view.follow === null || !allies.some((a) => a.slot === view.follow)))
        view.follow = allies[0]?.slot ?? null;
      setState({ alive, used: { ...(view.uses.get(you) ?? {}) }, allies, follow: view.follow });
    }, 200);
    return () => clearInterval(id);
  }, [handle]);

  const use = (kind: KitSlot["kind"]) => handle?.send(encodeClient("kit", { kind }));
  const cycle = (by: number) => {
    const view = handle?.view();
    if (!view || !state?.allies.length) return;
    const i = state.allies.findIndex((a) => a.slot === view.follow);
    view.follow = state.allies[(i + by + state.allies.length) % state.allies.length].slot;
    setState({ ...state, follow: view.follow });
  };

  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      if (state && !state.alive) {
        if (e.code === "Tab" || e.code === "ArrowRight") {
          e.preventDefault();
          cycle(1);
        } else if (e.code === "ArrowLeft") {
          e.preventDefault();
          cycle(-1);
        }
        return;
      }
      const kind = KEYS[e.code];
      if (kind) {
        e.preventDefault();
        use(kind);
      }
    };
    window.addEventListener("keydown", key);
    return () => window.removeEventListener("keydown", key);
  });

  if (!state) return null;
  if (!state.alive) {
    const watched = state.allies.find((a) => a.slot === state.follow);
    return (
      <section className="tk-dead" aria-label={t`Your tank is destroyed`}>
        <p className="tk-dead-title">{t`Your tank is destroyed`}</p>
        {watched ? (
          <div className="tk-row tk-spectate">
            <button type="button" className="tk-btn" aria-label={t`Previous ally`} onClick={() => cycle(-1)}>
              ◀
            </button>
            <span data-testid="watching">{t`Watching ${watched.name}`}</span>
            <button type="button" className="tk-btn" aria-label={t`Next ally`} onClick={() => cycle(1)}>
              ▶
            </button>
          </div>
        ) : (
          <p className="tk-muted">{t`No ally is left to watch.`}</p>
        )}
        <button type="button" className="tk-btn tk-primary" onClick={onHangar}>
          {t`To the hangar`}
        </button>
        <p className="tk-muted">{t`The battle goes on without you; its result waits for you in the hangar.`}</p>
      </section>
    );
  }
  if (!kit.length) return null;
  return (
    <fieldset className="tk-kit" aria-label={t`Consumables`}>
      {kit.map((k, i) => {
        const left = Math.max(0, k.charges - (state.used[k.kind] ?? 0));
        return (
          <button
            key={k.kind}
            type="button"
            className="tk-btn tk-kit-btn"
            disabled={left === 0}
            onClick={() => use(k.kind)}
            aria-label={t`${kitName(k.kind)}: ${left} left (key ${i + 1})`}
          >
            <span className="tk-kit-key">
              {Object.keys(KEYS)
                .find((c) => KEYS[c] === k.kind)
                ?.slice(5)}
            </span>{" "}
            {kitName(k.kind)} ×{left}
          </button>
        );
      })}
    </fieldset>
  );
}
