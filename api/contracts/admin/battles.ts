// /admin/battles/: the battles the battle servers reported, for operators — a paged list with
// filters, finding by battle or player, a battle's timeline and players, stopping a running
// battle (no rewards) and stopping every stuck one, and the live feed. Support reads; operators stop.
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { BATTLE_STATUSES } from "../../db/schema/battles.ts";
import { contract } from "../contract.ts";

const S = { auth: "admin", role: "support" } as const;
const O = { auth: "admin", role: "operator" } as const;
const byBattle = z.object({ battleId: f.id() });
const STATUSES = [...BATTLE_STATUSES, "stuck"] as const;

/** A battle as the list shows it. */
export const battle = z.object({
  id: z.int(),
  mode: z.string(),
  map: z.string(),
  status: z.enum(BATTLE_STATUSES),
  startedAt: z.int(),
  endedAt: z.int().nullable(),
  stoppedBy: z.int().nullable(),
  players: z.int(),
  heartbeatAt: z.int().nullable(),
  stuck: z.boolean(),
});
const event = z.object({
  id: z.int(),
  kind: z.string(),
  playerId: z.int().nullable(),
  nickname: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  at: z.int(),
});
const player = z.object({
  playerId: z.int(),
  nickname: z.string(),
  tankId: z.int(),
  tankName: z.string().nullable(),
  clanId: z.int().nullable(),
  result: z.string().nullable(),
  experience: z.int(),
  silverEarned: z.int(),
  silverSpent: z.int(),
  kills: z.int(),
  damage: z.int(),
  durationS: z.int(),
  ratingDelta: z.int(),
});

export const page = contract({
  method: "ANY",
  path: "/admin/battles/",
  ...S,
  kind: "page",
  output: z.object({
    stuck: z.int(),
    stuckAfterMs: z.int(),
    modes: z.array(z.string()),
    statuses: z.array(z.enum(STATUSES)),
  }),
});

export const list = contract({
  method: "ANY",
  path: "/admin/battles/get",
  ...S,
  input: z.object({
    page: f.optional(f.int(1, 100_000)).default(1),
    size: f.optional(f.int(1, 200)).default(20),
    sort: f.optional(z.enum(["id", "startedAt", "endedAt", "mode", "status"])).default("id"),
    dir: f.optional(z.enum(["asc", "desc"])).default("desc"),
    /** running, finished, stopped, or stuck (running past the limit). */
    status: f.optional(z.enum(STATUSES)),
    mode: f.optionalText(32),
    from: f.optional(f.dateTime()),
    to: f.optional(f.dateTime()),
    playerId: f.optional(f.id()),
  }),
  output: z.object({ rows: z.array(battle), total: z.int(), page: z.int(), size: z.int() }),
});

/** By battle id (digits, or #id), else by player: an id or an exact nickname gives that player's latest battles. */
export const find = contract({
  method: "ANY",
  path: "/admin/battles/find",
  ...S,
  input: z.object({ q: f.text(1, 64) }),
  output: z.object({
    rows: z.array(battle),
    total: z.int(),
    player: z.object({ id: z.int(), nickname: z.string() }).nullable(),
  }),
});

export const battlePage = contract({
  method: "ANY",
  path: "/admin/battles/:battleId{[0-9]+}/events",
  ...S,
  kind: "page",
  params: byBattle,
  output: z.object({ battle, events: z.array(event), players: z.array(player) }),
});

export const events = contract({
  method: "ANY",
  path: "/admin/battles/:battleId{[0-9]+}/events/get",
  ...S,
  params: byBattle,
  output: z.object({ battle, rows: z.array(event) }),
});

export const roster = contract({
  method: "ANY",
  path: "/admin/battles/:battleId{[0-9]+}/players/get",
  ...S,
  params: byBattle,
  output: z.object({ battle, rows: z.array(player) }),
});

export const stop = contract({
  method: "ANY",
  path: "/admin/battles/:battleId{[0-9]+}/stop",
  ...O,
  mutates: true,
  params: byBattle,
  output: z.object({ battle }),
});

export const stopTheStuck = contract({
  method: "ANY",
  path: "/admin/battles/stopTheStuck",
  ...O,
  mutates: true,
  output: z.object({ stopped: z.int(), battleIds: z.array(z.int()) }),
});

/** Live: every new battle_events row with the battle's row as it is now (BattleEvents, api/domain/battles-admin.ts). */
export const stream = contract({
  method: "ANY",
  path: "/admin/battles/stream/battles",
  ...S,
  kind: "stream",
  input: z.object({ battleId: f.optional(f.id()), after: f.optional(f.int(0)) }),
  answers: ["stream"],
});

/** An operator watches a running battle over a WebSocket: the same snapshots as its players, no tank to drive. */
export const watch = contract({
  method: "GET",
  path: "/admin/battles/:battleId{[0-9]+}/watch",
  ...S,
  params: byBattle,
  answers: ["stream"],
});

/** Where a battle lives and what an operator can see of it: live (watch) or recorded (replay); null: no room. */
export const arena = contract({
  method: "GET",
  path: "/admin/battles/:battleId{[0-9]+}/arena",
  ...S,
  params: byBattle,
  output: z.object({
    arena: z
      .object({
        host: z.string(),
        heartbeatAt: z.int(),
        live: z.boolean(),
        recorded: z.boolean(),
        /** The battle's outcome as the simulation ended it (null: not ended). */
        outcome: z.object({ winner: z.int(), reason: z.string(), tick: z.int() }).nullable(),
        map: z.string(),
        seats: z.int(),
      })
      .nullable(),
  }),
});

/** A recorded battle replayed on the server from its inputs: the snapshots a viewer draws (binary frames). */
export const replay = contract({
  method: "GET",
  path: "/admin/battles/:battleId{[0-9]+}/replay",
  ...S,
  params: byBattle,
  answers: ["file"],
});
