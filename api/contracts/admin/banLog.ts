// /admin/banLog/*: the ban log. `all` is the log across players (issue 31: the address without a
// player was a 404); `player` and `list` one player's, `stream` every new ban and unban, and
// `unban` the operators' bulk unban.
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { contract } from "../contract.ts";

export const banLogAllInput = z.object({
  page: f.optional(f.int(1, 100_000)).default(1),
  size: f.optional(f.int(1, 200)).default(20),
  action: f.optional(z.enum(["ban", "unban"])),
  /** A player's id, or a part of their nickname. */
  q: f.optionalText(64),
});

const entry = z.object({
  id: z.int(),
  playerId: z.int(),
  nickname: z.string(),
  action: z.enum(["ban", "unban"]),
  reason: z.string().nullable(),
  until: z.int().nullable(),
  adminId: z.int(),
  adminUsername: z.string(),
  createdAt: z.int(),
  /** The player's ban is running now (whichever row this is). */
  bannedNow: z.boolean(),
});
export type BanLogAllEntry = z.output<typeof entry>;

export const all = contract({
  method: "ANY",
  path: "/admin/banLog/",
  auth: "admin",
  role: "support",
  kind: "page",
  summary: "Every player's bans and unbans, newest first, paged; filtered by action and by a player's id or name.",
  input: banLogAllInput,
  output: z.object({
    rows: z.array(entry),
    total: z.int(),
    page: z.int(),
    size: z.int(),
    /** Players whose ban runs now. */
    bannedNow: z.int(),
  }),
});

const S = { auth: "admin", role: "support" } as const;
const byPlayer = z.object({ playerId: f.id() });
/** A row of the ban log as stored. */
const row = z.object({
  id: z.int(),
  playerId: z.int(),
  action: z.enum(["ban", "unban"]),
  reason: z.string().nullable(),
  until: z.int().nullable(),
  adminId: z.int(),
  adminUsername: z.string(),
  createdAt: z.int(),
});
const playerLog = z.object({
  player: z.object({
    id: z.int(),
    nickname: z.string(),
    bannedUntil: z.int().nullable(),
    banReason: z.string().nullable(),
    banned: z.boolean(),
  }),
  rows: z.array(row),
  total: z.int(),
  page: z.int(),
  size: z.int(),
});
const listInput = z.object({
  page: f.optional(f.int(1, 100_000)).default(1),
  size: f.optional(f.int(1, 200)).default(20),
});

/** One player's bans and unbans (the page's first 20), newest first. */
export const player = contract({
  method: "ANY",
  path: "/admin/banLog/:playerId{[0-9]+}",
  ...S,
  kind: "page",
  params: byPlayer,
  output: playerLog,
});

export const list = contract({
  method: "ANY",
  path: "/admin/banLog/getBanLogs/:playerId{[0-9]+}",
  ...S,
  params: byPlayer,
  input: listInput,
  output: playerLog,
});

/** Live: every new ban and unban of any player, with the player's name (BanLogEvents, api/domain/ban-log.ts). */
export const stream = contract({
  method: "ANY",
  path: "/admin/banLog/stream/banLogs",
  ...S,
  kind: "stream",
  input: z.object({ after: f.optional(f.int(0)) }),
  answers: ["stream"],
});

// A list of ids as JSON (`[1,2]`), repeated form fields (`playerIds[]=1`) or "1, 2, 3" text.
const idList = z.preprocess(
  (v) => (typeof v === "string" ? v.split(/[\s,]+/).filter(Boolean) : typeof v === "number" ? [v] : v),
  z.array(f.id()).min(1).max(1000),
);

/** Lifts the running bans of the players named; those not banned are said back. */
export const unban = contract({
  method: "ANY",
  path: "/admin/banLog/unbanPlayers",
  auth: "admin",
  role: "operator",
  mutates: true,
  input: z.object({ playerIds: idList, reason: f.optionalText(500) }),
  output: z.object({ unbanned: z.array(z.int()), notBanned: z.array(z.int()) }),
});
