// /admin/banLog/*: the ban log. `all` is the log across players (issue 31: the address without a
// player was a 404); the per-player routes are still on the older form (issue 26 converts them).
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
