// The demo world's system configuration: believable client and server options (with an
// experiment variant or two) and the first battle options version.
import type { WorldStep } from "../../db/seed/world.ts";
import { saveBattleOptions, saveVariant } from "../../domain/options.ts";

export const systemStep: WorldStep = async ({ db, opts }) => {
  const at = opts.now;
  const o = (scope: "client" | "server", key: string, value: unknown, variant = "default", share = 0) => saveVariant(db, scope, { key, variant, value, share }, at);
  await o("client", "battle.hud", { showDamageNumbers: true, minimapSize: "medium", crosshair: "classic" });
  await o("client", "battle.hud", { showDamageNumbers: true, minimapSize: "large", crosshair: "dot" }, "bigMinimap", 20);
  await o("client", "shop.banner", { enabled: true, itemId: "gold_1000", title: "Осенняя распродажа" });
  await o("client", "shop.banner", { enabled: false, itemId: "gold_1000" }, "noBanner", 10);
  await o("client", "tutorial", { steps: ["move", "aim", "shoot", "capture"], skippable: true });
  await o("client", "graphics.presets", { low: { shadows: false, fps: 30 }, high: { shadows: true, fps: 60 } });
  await o("server", "matchmaking", { tierSpread: 1, maxWaitSeconds: 90, teamSize: 7 });
  await o("server", "matchmaking", { tierSpread: 2, maxWaitSeconds: 45, teamSize: 7 }, "fastQueue", 15);
  await o("server", "rewards.daily", { silver: 15000, gold: 0 });
  await o("server", "antiCheat", { maxShotsPerSecond: 4, speedTolerancePercent: 12 });
  await saveBattleOptions(db, { roundSeconds: 420, respawn: false, maps: ["prokhorovka", "himmelsdorf", "malinovka", "steppes"], captureSeconds: 60 }, "demo", at);
};
