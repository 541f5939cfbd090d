// /admin/cheatSignals/ and /admin/battles/:battleId/signals (issue 31): players' battle figures per
// tier against the tier's medians, and the outliers, for "mark as suspect" and bans.
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { contract } from "../contract.ts";

const rules = {
  days: f.optional(f.int(1, 365)).default(30),
  minBattles: f.optional(f.int(1, 1000)).default(3),
  factor: f.optional(f.number(1.1, 100)).default(2),
};
const tierFigures = z.object({
  tier: z.int(),
  battles: z.int(),
  damage: z.number(),
  kills: z.number(),
  winRate: z.number(),
});
const signal = z.object({
  playerId: z.int(),
  nickname: z.string(),
  tier: z.int(),
  battles: z.int(),
  damage: z.number(),
  kills: z.number(),
  winRate: z.number(),
  damageRatio: z.number(),
  killsRatio: z.number(),
  suspect: z.boolean(),
  banned: z.boolean(),
});
const rulesOut = z.object({ days: z.int(), minBattles: z.int(), factor: z.number() });

export const outliers = contract({
  method: "ANY",
  path: "/admin/cheatSignals/",
  auth: "admin",
  role: "support",
  kind: "page",
  summary:
    "Each tier's medians (damage and kills per battle, win rate) over the window and the players at least `factor` times above them on a tier.",
  input: z.object(rules),
  output: z.object({
    since: z.int(),
    rules: rulesOut,
    medians: z.array(tierFigures),
    outliers: z.array(signal),
  }),
});

export const battle = contract({
  method: "GET",
  path: "/admin/battles/:battleId{[0-9]+}/signals",
  auth: "admin",
  role: "support",
  summary: "A battle's players: their figures on the tier they fought at against its medians, outliers flagged.",
  params: z.object({ battleId: f.id() }),
  input: z.object(rules),
  output: z.object({
    since: z.int(),
    rules: rulesOut,
    players: z.array(signal.extend({ median: tierFigures.nullable(), outlier: z.boolean() })),
  }),
});
