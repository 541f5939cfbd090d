// /admin/playerCounters: a player's balances and counters now, a balance by UTC day, and the log
// entries around a moment (api/domain/player-counters.ts).
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { LOG_KINDS } from "../../domain/player-log.ts";
import { contract } from "../contract.ts";
import { kindList } from "./playerLog.ts";

const S = { auth: "admin", role: "support" } as const;
const counters = z.object({
  player: z.object({ id: z.int(), nickname: z.string() }),
  balances: z.object({ gold: z.int(), silver: z.int(), premiumUntil: z.int().nullable(), premium: z.boolean() }),
  progress: z.object({ level: z.int(), experience: z.int(), rating: z.int(), battles: z.int(), wins: z.int() }),
  /** By currency: what came in, what went out, how many movements. */
  ledger: z.record(z.string(), z.object({ credited: z.int(), debited: z.int(), movements: z.int() })),
  /** By item type: how many kinds, how many in all. */
  items: z.record(z.string(), z.object({ kinds: z.int(), quantity: z.int() })),
  counts: z.object({
    purchases: z.int(),
    giftsSent: z.int(),
    giftsReceived: z.int(),
    tickets: z.int(),
    bans: z.int(),
    paidOrders: z.int(),
  }),
  banned: z.boolean(),
});

export const page = contract({
  method: "ANY",
  path: "/admin/playerCounters/:playerId{[0-9]+}",
  ...S,
  kind: "page",
  params: z.object({ playerId: f.id() }),
  output: counters,
});

export const data = contract({
  method: "ANY",
  path: "/admin/playerCounters/getData",
  ...S,
  input: z.object({ playerId: f.id() }),
  output: counters,
});

/** The balance at the end of each UTC day (default the last 30 days; at most 366), with the day's credits and debits. */
export const graph = contract({
  method: "ANY",
  path: "/admin/playerCounters/getGraphData",
  ...S,
  input: z.object({
    playerId: f.id(),
    currency: f.optional(z.enum(["gold", "silver"])).default("gold"),
    from: f.optional(f.dateTime()),
    to: f.optional(f.dateTime()),
  }),
  output: z.object({
    currency: z.enum(["gold", "silver"]),
    days: z.array(z.object({ day: z.string(), balance: z.int(), credit: z.int(), debit: z.int() })),
  }),
});

/** The log entries around a moment, in time order. */
export const near = contract({
  method: "ANY",
  path: "/admin/playerCounters/getNearLogs",
  ...S,
  input: z.object({
    playerId: f.id(),
    at: f.dateTime(),
    size: f.optional(f.int(1, 100)).default(10),
    kind: kindList,
  }),
  output: z.object({
    at: z.int(),
    rows: z.array(
      z.object({ kind: z.enum(LOG_KINDS), id: z.int(), at: z.int(), detail: z.record(z.string(), z.unknown()) }),
    ),
  }),
});
