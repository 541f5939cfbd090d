// /admin/playersTournaments/: the week's (or a period's) top players, by rating gained, wins,
// battles or experience in their finished battles (api/domain/player-tournaments.ts).
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { TOURNAMENT_ORDERS } from "../../domain/player-tournaments.ts";
import { contract } from "../contract.ts";

const S = { auth: "admin", role: "support" } as const;
const order = z.enum(TOURNAMENT_ORDERS);
/** What a player's finished battles of a period add up to. */
export const figures = { battles: z.int(), wins: z.int(), ratingDelta: z.int(), experience: z.int() };

export const page = contract({
  method: "ANY",
  path: "/admin/playersTournaments/",
  ...S,
  kind: "page",
  output: z.object({ orders: z.array(order), week: z.int() }),
});

/** The top of a period (by default this week so far; from alone: the week from it). */
export const loadTop = contract({
  method: "ANY",
  path: "/admin/playersTournaments/loadTop",
  ...S,
  input: z.object({
    from: f.optional(f.dateTime()),
    to: f.optional(f.dateTime()),
    by: f.optional(order).default("rating"),
    limit: f.optional(f.int(1, 100)).default(20),
  }),
  output: z.object({
    from: z.int(),
    to: z.int(),
    by: order,
    rows: z.array(
      z.object({
        place: z.int(),
        playerId: z.int(),
        nickname: z.string().nullable(),
        level: z.int().nullable(),
        ...figures,
      }),
    ),
  }),
});
