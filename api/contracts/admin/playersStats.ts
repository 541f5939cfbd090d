// /admin/playersStats: players by platform, country and level, registrations by day, active and
// banned players in a period, and the top payers (api/domain/players-stats.ts).
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { contract } from "../contract.ts";

const S = { auth: "admin", role: "support" } as const;
const periodInput = z.object({ from: f.optional(f.dateTime()), to: f.optional(f.dateTime()) });
const period = z.object({ from: z.int(), to: z.int() });
const group = z.object({ key: z.string(), players: z.int() });
const stats = z.object({
  period,
  total: z.int(),
  active: z.int(),
  banned: z.int(),
  byPlatform: z.array(group),
  byCountry: z.array(group),
  byLevel: z.array(group),
  registrations: z.array(z.object({ day: z.string(), players: z.int() })),
});
/** A player by what their paid orders of the period are worth in US cents. */
const payer = z.object({ playerId: z.int(), nickname: z.string(), usdCents: z.int(), payments: z.int() });

/** The last 30 days and the top 20 payers. */
export const page = contract({
  method: "ANY",
  path: "/admin/playersStats/",
  ...S,
  kind: "page",
  output: z.object({ stats, payers: z.array(payer) }),
});

/** A period's figures (default the last 30 days; at most 366). */
export const statsOf = contract({
  method: "ANY",
  path: "/admin/playersStats/get/stats",
  ...S,
  input: periodInput,
  output: stats,
});

export const payers = contract({
  method: "ANY",
  path: "/admin/playersStats/gets/payers",
  ...S,
  input: periodInput.extend({ limit: f.optional(f.int(1, 500)).default(50) }),
  output: z.object({ period, rows: z.array(payer) }),
});
