// /public/boosts: the hangar's "x2" badges (issue 31). They read what the grants use: a running
// LiveOps multiplier of battle experience or silver (multipliersNow, applied at a battle's end)
// and the shop's on a pack's base gold or silver (boostAt through offers; never the bonus).
import type { Hono } from "hono";
import type { HonoEnv } from "../http/env.ts";
import { route } from "../http/router.ts";
import { multipliersNow } from "../domain/liveops/running.ts";
import { boosts } from "../contracts/public/inbox.ts";
import { offers } from "../domain/billing/offers.ts";

export function registerBoosts(app: Hono<HonoEnv>) {
  route(app, boosts, async (c, _v, ctx) => {
    const playerId = ctx.actor.playerId;
    const now = await multipliersNow(ctx.db, { at: ctx.clock.now(), playerId });
    const best = new Map<"gold" | "silver", { percent: number; endsAt: number }>();
    for (const o of await offers(c.var.deps, playerId, "web"))
      for (const b of o.boosts) {
        const had = best.get(b.currency);
        if (!had || b.percent > had.percent) best.set(b.currency, { percent: b.percent, endsAt: b.endsAt });
      }
    return {
      battle: now.running.map((r) => ({ multiplied: r.multiplied, percent: r.pct, endsAt: r.periodEnd })),
      shop: [...best].map(([currency, b]) => ({ currency, ...b })),
    };
  });
}
