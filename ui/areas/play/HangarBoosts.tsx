// The hangar's "x2" badges (issue 31): multipliers running now — LiveOps events on battle
// experience or silver (a battle's end applies the same, multipliersNow) and the shop's on packs'
// base gold or silver (boostAt; never the bonus), each with the end of its period.
import { ph, t } from "@lingui/core/macro";
import { useApi } from "../../lib/api.ts";
import { fmtDateTime } from "../../lib/i18n.ts";
import { boosts } from "../../../api/contracts/public/inbox.ts";
import { boostFactor } from "../billing/Boost.tsx";

export function HangarBoosts() {
  const { data } = useApi(boosts, {});
  if (!data || (!data.battle.length && !data.shop.length)) return null;
  const until = (ms: number) => fmtDateTime(ms);
  return (
    <ul className="tk-row tk-hangar-boosts" aria-label={t`Multipliers running now`}>
      {data.battle.map((b) => (
        <li key={`battle-${b.multiplied}-${b.endsAt}`} data-testid="hangar-boost">
          <span className="tk-badge">{boostFactor(b.percent)}</span>{" "}
          {b.multiplied === "xp"
            ? t`experience in battles until ${ph({ until: until(b.endsAt) })}`
            : t`silver in battles until ${ph({ until: until(b.endsAt) })}`}
        </li>
      ))}
      {data.shop.map((b) => (
        <li key={`shop-${b.currency}`} data-testid="hangar-boost">
          <span className="tk-badge">{boostFactor(b.percent)}</span>{" "}
          <a href="/public/profile/paymentMethods">
            {b.currency === "gold"
              ? t`gold in the shop's packs until ${ph({ until: until(b.endsAt) })} (not the bonus)`
              : t`silver in the shop's packs until ${ph({ until: until(b.endsAt) })}`}
          </a>
        </li>
      ))}
    </ul>
  );
}
