// /admin/playerLog: one player's history merged by time (api/domain/player-log.ts; paged, filtered
// by kind and period), a live feed of new entries, and the notifications the player got.
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { LOG_KINDS } from "../../domain/player-log.ts";
import { contract } from "../contract.ts";

const S = { auth: "admin", role: "support" } as const;
const byPlayer = z.object({ playerId: f.id() });

/** Kinds as a list (`kind=ban&kind=gift`, `kind[]=…`, JSON array) or "ban,gift". */
export const kindList = f.optional(
  z.preprocess(
    (v) =>
      typeof v === "string"
        ? v
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(z.enum(LOG_KINDS)).max(LOG_KINDS.length),
  ),
);
/** An entry: its kind, its row's id in its table, its time and what it says. */
const entry = z.object({
  kind: z.enum(LOG_KINDS),
  id: z.int(),
  at: z.int(),
  detail: z.record(z.string(), z.unknown()),
});

export const page = contract({
  method: "ANY",
  path: "/admin/playerLog/:playerId{[0-9]+}",
  ...S,
  kind: "page",
  params: byPlayer,
  output: z.object({
    player: z.object({ id: z.int(), nickname: z.string() }),
    kinds: z.array(z.enum(LOG_KINDS)),
    rows: z.array(entry),
    total: z.int(),
  }),
});

/** A page of the log, newest first. */
export const entries = contract({
  method: "ANY",
  path: "/admin/playerLog/getPlayerLogs",
  ...S,
  input: z.object({
    playerId: f.id(),
    page: f.optional(f.int(1, 100_000)).default(1),
    size: f.optional(f.int(1, 200)).default(50),
    kind: kindList,
    from: f.optional(f.dateTime()),
    to: f.optional(f.dateTime()),
  }),
  output: z.object({ rows: z.array(entry), total: z.int(), page: z.int(), size: z.int() }),
});

/** New entries as they are written (`entry` events, PlayerLogEvents). */
export const stream = contract({
  method: "ANY",
  path: "/admin/playerLog/:playerId{[0-9]+}/stream",
  ...S,
  kind: "stream",
  params: byPlayer,
  input: z.object({ kind: kindList }),
  answers: ["stream"],
});

/** The notifications the player got, newest first. */
export const notifications = contract({
  method: "ANY",
  path: "/admin/playerLog/getNotification",
  ...S,
  input: z.object({
    playerId: f.id(),
    page: f.optional(f.int(1, 100_000)).default(1),
    size: f.optional(f.int(1, 200)).default(20),
  }),
  output: z.object({
    rows: z.array(
      z.object({
        id: z.int(),
        playerId: z.int(),
        kind: z.string(),
        payload: z.record(z.string(), z.unknown()),
        createdAt: z.int(),
        readAt: z.int().nullable(),
      }),
    ),
    total: z.int(),
    page: z.int(),
    size: z.int(),
  }),
});
