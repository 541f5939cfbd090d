// The hangar's modules of the chosen tank (issue 30): each slot's level and what it gives, the
// next level's research (battles in this tank) and its price, bought here through the ledger; the
// tank's figures in battle with the modules (and what the stock tank had); what it takes into battle
// (consumables, camouflage). The figures are the simulation's own (sim.ts tankFigures).
import { useState } from "react";
import { t } from "@lingui/core/macro";
import { api, ApiError, useApi } from "../../lib/api.ts";
import { fmtInt } from "../../lib/i18n.ts";
import * as play from "../../../api/contracts/game/play.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";

type View = OutputOf<typeof play.modules>;
type Slot = View["slots"][number];

const slotName = (slot: string) =>
  (
    ({
      gun: t`Gun`,
      turret: t`Turret`,
      engine: t`Engine`,
      tracks: t`Suspension`,
      radio: t`Radio`,
    }) as Record<string, string>
  )[slot] ?? slot;

const STAT_NAMES = () =>
  ({
    damage: t`damage`,
    penetration: t`penetration`,
    armor: t`armour`,
    speed: t`speed`,
    rateOfFire: t`rate of fire`,
    hp: t`hit points`,
    viewRange: t`view range`,
  }) as Record<string, string>;
const statName = (stat: string | null) => (stat === null ? "" : (STAT_NAMES()[stat] ?? stat));

const kitName = (kind: string) =>
  (({ repair: t`Repair kit`, medkit: t`First-aid kit`, extinguisher: t`Fire extinguisher` }) as Record<string, string>)[
    kind
  ] ?? kind;

export function Modules({
  tankId,
  wallet,
  disabled,
  onWallet,
}: {
  tankId: number;
  wallet: { silver: number; gold: number };
  disabled: boolean;
  onWallet: (w: { silver: number; gold: number }) => void;
}) {
  const loaded = useApi(play.modules, { tankId });
  const [bought, setBought] = useState<{ tankId: number; view: View } | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const view = bought?.tankId === tankId ? bought.view : loaded.data;
  if (loaded.error) return <p className="tk-error">{loaded.error.message}</p>;
  if (!view) return <p className="tk-muted">{t`Loading the modules…`}</p>;

  const buy = async (s: Slot, pay: "silver" | "gold") => {
    if (!s.next) return;
    setBusy(true);
    setProblem(null);
    try {
      const r = await api(play.buyModule, {
        tankId,
        slot: s.slot,
        level: s.next.level,
        pay,
        requestId: crypto.randomUUID(),
      });
      setBought({ tankId, view: r.modules });
      onWallet({ silver: r.silver, gold: r.gold });
    } catch (e) {
      setProblem(e instanceof ApiError ? (Object.values(e.fields ?? {})[0] ?? e.message) : (e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const f = view.figures;
  const s0 = view.stock;
  const figure = (label: string, now: number, was: number, unit = "", better: "up" | "down" = "up") => (
    <div className="tk-figure" key={label}>
      <dt>{label}</dt>
      <dd>
        <span className="tk-stat-value">
          {fmtInt(now)}
          {unit}
        </span>
        {now !== was && (
          <span className={(better === "up" ? now > was : now < was) ? "tk-figure-up" : "tk-figure-down"}>
            {" "}
            ({t`stock ${fmtInt(was)}`})
          </span>
        )}
      </dd>
    </div>
  );
  return (
    <div className="tk-modules">
      <h3>{t`In battle`}</h3>
      <dl className="tk-figures" data-testid="battle-figures">
        {figure(t`Hit points`, f.hp, s0.hp)}
        {figure(t`Damage`, f.damage, s0.damage)}
        {figure(t`Penetration`, f.penetration, s0.penetration)}
        {figure(t`Armour`, f.armor, s0.armor)}
        {figure(t`Reload, s`, f.reloadSeconds, s0.reloadSeconds, "", "down")}
        {figure(t`Speed, km/h`, f.speed, s0.speed)}
        {figure(t`View range, m`, f.viewRange, s0.viewRange)}
        {figure(t`Concealment, %`, f.concealment, s0.concealment)}
      </dl>
      <h3>{t`Modules`}</h3>
      <p className="tk-muted">{t`Battles in this tank: ${fmtInt(view.battles)}. Each level is researched by battles in the tank, then bought.`}</p>
      <ul className="tk-module-list">
        {view.slots.map((s) => (
          <li key={s.slot}>
            <span className="tk-module-name">
              {slotName(s.slot)} <span className="tk-garage-tier">{s.level}</span>
            </span>
            <span className="tk-muted">{s.level > 0 ? t`+${s.bonus}% ${statName(s.stat)}` : t`stock`}</span>
            {s.next ? (
              <span className="tk-crew-train">
                <span>{t`Level ${s.next.level}: +${s.next.bonus}% ${statName(s.next.stat)}`}</span>
                {!s.next.researched ? (
                  <span className="tk-muted">{t`research: ${fmtInt(s.next.battlesNeeded)} battles in this tank`}</span>
                ) : (
                  <>
                    {s.next.priceSilver > 0 && (
                      <button
                        type="button"
                        className="tk-btn"
                        disabled={disabled || busy || wallet.silver < s.next.priceSilver}
                        onClick={() => buy(s, "silver")}
                        aria-label={t`Buy ${slotName(s.slot)} level ${s.next.level} for ${s.next.priceSilver} silver`}
                      >
                        <span className="tk-silver">● {fmtInt(s.next.priceSilver)}</span>
                      </button>
                    )}
                    {s.next.priceGold > 0 && (
                      <button
                        type="button"
                        className="tk-btn"
                        disabled={disabled || busy || wallet.gold < s.next.priceGold}
                        onClick={() => buy(s, "gold")}
                        aria-label={t`Buy ${slotName(s.slot)} level ${s.next.level} for ${s.next.priceGold} gold`}
                      >
                        <span className="tk-gold">● {fmtInt(s.next.priceGold)}</span>
                      </button>
                    )}
                    {s.next.priceGold > wallet.gold && s.next.priceSilver === 0 && (
                      <a className="tk-link" href="/public/profile/paymentMethods">
                        {t`Top up gold`}
                      </a>
                    )}
                  </>
                )}
              </span>
            ) : (
              <span className="tk-muted tk-crew-train">{t`The last level`}</span>
            )}
          </li>
        ))}
      </ul>
      {problem && (
        <p className="tk-error" role="alert">
          {problem}
        </p>
      )}
      <h3>{t`Taken into battle`}</h3>
      <p className="tk-muted" data-testid="loadout">
        {view.kit.length
          ? view.kit.map((k) => t`${k.name} ×${k.charges} (of ${k.stock})`).join(" · ")
          : t`No consumables: buy repair kits, first-aid kits and extinguishers in the shop.`}
        {view.camouflage > 0 && <> · {t`camouflage +${view.camouflage}% concealment`}</>}
      </p>
      <p className="tk-muted tk-kit-keys">{kitKeysHint()}</p>
    </div>
  );
}

/** Which keys use the consumables in battle. */
export function kitKeysHint() {
  return t`In battle: 1 — ${kitName("repair")}, 2 — ${kitName("medkit")}, 3 — ${kitName("extinguisher")}`;
}
