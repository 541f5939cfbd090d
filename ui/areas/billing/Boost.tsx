// A multiplier in force on a pack, as the player sees it: an "x2" badge and what it multiplies —
// the pack's base gold or silver until the period ends; the bonus gold is never multiplied. The
// figures come from billing's boostAt (api/billing/catalog.ts), the same function the grant uses.
import { ph, t } from "@lingui/core/macro";
import { fmtDateTime, fmtInt } from "../../lib/i18n.ts";

export interface PackBoost {
  currency: "gold" | "silver";
  percent: number;
  endsAt: number;
}

/** 200 → "x2", 150 → "x1.5". */
export const boostFactor = (percent: number) => `x${Number((percent / 100).toFixed(2))}`;

export function BoostBadge({ boosts }: { boosts: PackBoost[] }) {
  if (!boosts.length) return null;
  const top = Math.max(...boosts.map((b) => b.percent));
  return (
    <span className="tk-badge" data-testid="boost-badge">
      {boostFactor(top)}
    </span>
  );
}

/** "x2 gold until 29.11.2026 23:59:59; the bonus of 50 gold is not multiplied." */
export function BoostNote({ boosts, bonusGold }: { boosts: PackBoost[]; bonusGold: number }) {
  if (!boosts.length) return null;
  const parts = boosts.map((b) =>
    b.currency === "gold"
      ? t`${ph({ factor: boostFactor(b.percent) })} gold until ${ph({ until: fmtDateTime(b.endsAt) })}`
      : t`${ph({ factor: boostFactor(b.percent) })} silver until ${ph({ until: fmtDateTime(b.endsAt) })}`,
  );
  const gold = boosts.some((b) => b.currency === "gold");
  return (
    <span className="tk-hint" data-testid="boost-note">
      {parts.join("; ")}
      {gold && bonusGold > 0 ? `. ${t`The bonus of ${ph({ bonus: fmtInt(bonusGold) })} gold is not multiplied.`}` : "."}
    </span>
  );
}
