// /admin/player/{id}/battles: the player's battles — a paged list with filters, totals over a
// period, and one battle with the player's part and its timeline (api/domain/player-battles.ts).
import { z } from "zod";
import * as f from "../../../domain/fields.ts";
import { BATTLE_RESULTS, BATTLE_STATUSES } from "../../../db/schema/battles.ts";
import { contract } from "../../contract.ts";

const S = { auth: "admin", role: "support" } as const;
const P = "/admin/player/:playerId{[0-9]+}";
const byPlayer = z.object({ playerId: f.id() });
const period = { from: f.optional(f.dateTime()), to: f.optional(f.dateTime()) };
export const battlesInput = z.object({
  page: f.optional(f.int(1, 100_000)).default(1),
  size: f.optional(f.int(1, 200)).default(20),
  result: f.optional(z.enum(BATTLE_RESULTS)),
  status: f.optional(z.enum(BATTLE_STATUSES)),
  mode: f.optionalText(64),
  ...period,
});

/** What a player got out of a battle. */
const gains = {
  result: z.enum(BATTLE_RESULTS).nullable(),
  experience: z.int(),
  silverEarned: z.int(),
  silverSpent: z.int(),
  kills: z.int(),
  damage: z.int(),
  ratingDelta: z.int(),
};
const list = z.object({
  rows: z.array(
    z.object({
      battleId: z.int(),
      mode: z.string(),
      map: z.string(),
      status: z.enum(BATTLE_STATUSES),
      startedAt: z.int(),
      endedAt: z.int().nullable(),
      tankId: z.int(),
      /** The tank's name in the request's language; null when the catalogue no longer has it. */
      tank: z.string().nullable(),
      ...gains,
    }),
  ),
  total: z.int(),
  page: z.int(),
  size: z.int(),
});
const sum = z.object({
  battles: z.number(),
  wins: z.number(),
  losses: z.number(),
  draws: z.number(),
  experience: z.number(),
  silverEarned: z.number(),
  silverSpent: z.number(),
  kills: z.number(),
  damage: z.number(),
  ratingDelta: z.number(),
});
const part = z.object({
  battleId: z.int(),
  playerId: z.int(),
  tankId: z.int(),
  clanId: z.int().nullable(),
  ...gains,
  durationS: z.int(),
  endedAt: z.int().nullable(),
});

export const page = contract({
  method: "ANY",
  path: `${P}/battles`,
  ...S,
  kind: "page",
  params: byPlayer,
  output: list.extend({ player: z.object({ id: z.int(), nickname: z.string() }), sum }),
});

export const load = contract({
  method: "ANY",
  path: `${P}/battles/load`,
  ...S,
  params: byPlayer,
  input: battlesInput,
  output: list,
});

/** The totals over a period (all the player's battles without one). */
export const getSum = contract({
  method: "ANY",
  path: `${P}/battles/getSum`,
  ...S,
  params: byPlayer,
  input: z.object(period),
  output: sum,
});

/** One battle as this player lived it (404 when they were not in it): a browser gets the battle's page. */
export const battle = contract({
  method: "ANY",
  path: `${P}/battles/:battleId{[0-9]+}`,
  ...S,
  kind: "page",
  params: byPlayer.extend({ battleId: f.id() }),
  output: z.object({
    battle: z.object({
      id: z.int(),
      serverRef: z.string().nullable(),
      mode: z.string(),
      map: z.string(),
      status: z.enum(BATTLE_STATUSES),
      startedAt: z.int(),
      endedAt: z.int().nullable(),
      stoppedBy: z.int().nullable(),
    }),
    player: part,
    players: z.array(part),
    events: z.array(
      z.object({
        id: z.int(),
        battleId: z.int(),
        kind: z.string(),
        playerId: z.int().nullable(),
        details: z.record(z.string(), z.unknown()),
        at: z.int(),
      }),
    ),
  }),
});
