// The battle servers' calls: a battle starts (mode, map, players and tanks) and ends (each
// player's result). Same bearer key as the game client's calls (api/identity/game-key.ts).
import type { Hono } from "hono";
import { z } from "zod";
import type { HonoEnv } from "../http/env.ts";
import { route } from "../http/router.ts";
import * as f from "../domain/fields.ts";
import { requireGameKey } from "../identity/game-key.ts";
import { BATTLE_RESULTS } from "../db/schema/battles.ts";
import { BATTLE_RULES, endBattle, startBattle } from "../domain/battles.ts";

const slug = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
    z
      .string()
      .regex(/^[a-z0-9_.-]+$/)
      .min(2)
      .max(max),
  );

const startBody = z.object({
  serverRef: f.optionalText(64),
  mode: slug(32),
  map: slug(64),
  players: z
    .array(z.object({ playerId: f.id(), tankId: f.id() }))
    .min(1)
    .max(BATTLE_RULES.maxPlayers),
});

const endBody = z.object({
  battleId: f.id(),
  results: z
    .array(
      z.object({
        playerId: f.id(),
        result: z.enum(BATTLE_RESULTS),
        experience: f.int(0, 10_000),
        silver: f.int(0, 1_000_000),
        kills: f.int(0, 100),
        damage: f.int(0, 1_000_000),
        durationS: f.int(0, 3_600),
      }),
    )
    .min(1)
    .max(BATTLE_RULES.maxPlayers),
});

export function registerGameBattles(app: Hono<HonoEnv>) {
  route(
    app,
    { method: "POST", path: "/game/api/battles/start", auth: "none" },
    { use: [requireGameKey], input: startBody },
    async (c, b) => {
      const r = await startBattle(c.var.deps.db, { ...b, at: c.var.deps.clock.now() });
      return c.json(r, r.replayed ? 200 : 201);
    },
  );

  route(
    app,
    { method: "POST", path: "/game/api/battles/end", auth: "none" },
    { use: [requireGameKey], input: endBody },
    async (c, b) => {
      return c.json(
        await endBattle(c.var.deps.db, { battleId: b.battleId, results: b.results, at: c.var.deps.clock.now() }),
      );
    },
  );
}
