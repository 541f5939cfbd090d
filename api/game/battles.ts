// The battle servers' calls: a battle starts (mode, map, players and tanks) and ends (each
// player's result). Same bearer key as the game client's calls (api/identity/game-key.ts);
// contracts in api/contracts/game/api/battles.ts.
import type { Hono } from "hono";
import type { HonoEnv } from "../http/env.ts";
import { route } from "../http/router.ts";
import { endBattle, startBattle } from "../domain/battles.ts";
import * as battles from "../contracts/game/api/battles.ts";

export function registerGameBattles(app: Hono<HonoEnv>) {
  route(app, battles.start, async (c, b) => {
    const r = await startBattle(c.var.deps.db, { ...b, at: c.var.deps.clock.now() });
    c.status(r.replayed ? 200 : 201);
    return r;
  });

  route(app, battles.end, async (c, b) =>
    endBattle(c.var.deps.db, { battleId: b.battleId, results: b.results, at: c.var.deps.clock.now() }),
  );
}
