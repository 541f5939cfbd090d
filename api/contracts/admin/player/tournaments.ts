// /admin/player/{id}/tournaments: the player's place and figures in each of the last weeks'
// tournaments (api/domain/player-tournaments.ts).
import { z } from "zod";
import * as f from "../../../domain/fields.ts";
import { TOURNAMENT_ORDERS } from "../../../domain/player-tournaments.ts";
import { contract } from "../../contract.ts";
import { figures } from "../playersTournaments.ts";

const S = { auth: "admin", role: "support" } as const;
const order = z.enum(TOURNAMENT_ORDERS);
const byPlayer = z.object({ playerId: f.id() });

export const page = contract({
  method: "ANY",
  path: "/admin/player/:playerId{[0-9]+}/tournaments",
  ...S,
  kind: "page",
  params: byPlayer,
  output: z.object({ player: z.object({ id: z.int(), nickname: z.string() }), orders: z.array(order) }),
});

/** Newest week first; a week without battles has no place. */
export const loadData = contract({
  method: "ANY",
  path: "/admin/player/:playerId{[0-9]+}/tournaments/loadData",
  ...S,
  params: byPlayer,
  input: z.object({ weeks: f.optional(f.int(1, 52)).default(12), by: f.optional(order).default("rating") }),
  output: z.object({
    playerId: z.int(),
    by: order,
    weeks: z.array(
      z.object({ from: z.int(), to: z.int(), place: z.int().nullable(), participants: z.int(), ...figures }),
    ),
  }),
});
