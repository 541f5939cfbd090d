// Finding other players and the blacklist (/public/profile/findPlayer, blacklist/remove).
import { z } from "zod";
import * as f from "../../../domain/fields.ts";
import { contract } from "../../contract.ts";

const blacklist = z.array(z.object({ playerId: z.int(), nickname: z.string(), level: z.int(), createdAt: z.int() }));

export const findPlayer = contract({
  method: "ANY",
  path: "/public/profile/findPlayer",
  auth: "player",
  mutates: true,
  summary: "Players by nickname or id (query); with blacklist=<playerId> that player is blacklisted first.",
  input: z
    .object({ query: f.optionalText(32), blacklist: f.optional(f.id()) })
    .refine((v) => v.query !== undefined || v.blacklist !== undefined, {
      path: ["query"],
      params: { rule: "required" },
    }),
  output: z.object({
    players: z.array(
      z.object({
        id: z.int(),
        nickname: z.string(),
        level: z.int(),
        rating: z.int(),
        avatarUrl: z.string().nullable(),
        blacklisted: z.boolean(),
        self: z.boolean(),
      }),
    ),
    blacklist,
  }),
});

export const unblock = contract({
  method: "ANY",
  path: "/public/profile/blacklist/remove",
  auth: "player",
  mutates: true,
  summary: "Takes a player off the blacklist.",
  input: z.object({ playerId: f.id() }),
  output: z.object({ blacklist }),
});
