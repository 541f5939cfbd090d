// /game/api/battles/*: a battle server reports a battle's start and its end (docs/decisions/battles.md).
import { z } from "zod";
import * as f from "../../../domain/fields.ts";
import { BATTLE_RESULTS } from "../../../db/schema/battles.ts";
import { BATTLE_RULES } from "../../../domain/battles.ts";
import { contract } from "../../contract.ts";

const slug = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
    z
      .string()
      .regex(/^[a-z0-9_.-]+$/)
      .min(2)
      .max(max),
  );

export const start = contract({
  method: "POST",
  path: "/game/api/battles/start",
  auth: "game",
  summary: "A battle starts: 201 with its id; a known serverRef answers the same battle (200, replayed).",
  input: z.object({
    serverRef: f.optionalText(64),
    mode: slug(32),
    map: slug(64),
    players: z
      .array(z.object({ playerId: f.id(), tankId: f.id() }))
      .min(1)
      .max(BATTLE_RULES.maxPlayers),
  }),
  output: z.object({ battleId: z.int(), replayed: z.boolean() }),
});

const result = z.object({
  playerId: z.int(),
  result: z.enum(BATTLE_RESULTS),
  experience: z.int(),
  silver: z.int(),
  kills: z.int(),
  damage: z.int(),
  durationS: z.int(),
});

export const end = contract({
  method: "POST",
  path: "/game/api/battles/end",
  auth: "game",
  summary:
    "A battle ends with every player's result: rewards through the ledger, rating, experience; a second end answers the first (replayed) and pays nothing.",
  input: z.object({
    battleId: f.id(),
    results: z
      .array(
        z.object({
          playerId: f.id(),
          result: z.enum(BATTLE_RESULTS),
          experience: f.int(0, 10_000),
          silver: f.int(0, 1_000_000),
          kills: f.int(0, 100),
          damage: f.int(0, 1_000_000),
          durationS: f.int(0, 3_600),
        }),
      )
      .min(1)
      .max(BATTLE_RULES.maxPlayers),
  }),
  output: z.object({
    battleId: z.int(),
    replayed: z.boolean(),
    players: z.array(
      result.extend({
        silverSpent: z.int(),
        ratingDelta: z.int(),
        level: z.int(),
        /** The level before this battle; a premium account's share of the experience and silver; an idle tank's end. */
        levelBefore: z.int(),
        premiumExperience: z.int(),
        premiumSilver: z.int(),
        afk: z.boolean().optional(),
      }),
    ),
  }),
});
