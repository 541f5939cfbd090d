// /game/api/players/*: the game client registers a player, gets a site sign-in link, and a battle
// server reads a player's state. Bearer GAME_API_KEY (docs/decisions/game-api.md).
import { z } from "zod";
import * as f from "../../../domain/fields.ts";
import { contract } from "../../contract.ts";

const slug = (max: number) =>
  f.optional(
    z.preprocess(
      (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
      z
        .string()
        .regex(/^[a-z0-9_.-]+$/)
        .min(2)
        .max(max),
    ),
  );
const identityFields = { network: slug(32), uid: f.optionalText(128) };
const locale = z.enum(["ru", "en"]);

export const register = contract({
  method: "POST",
  path: "/game/api/players/register",
  auth: "game",
  summary:
    "Registers a player by a social identity (network + uid) or an email; the same identity (or email) answers the known player (200, created: false), a new one 201.",
  input: z.object({
    ...identityFields,
    email: f.optional(f.email()),
    password: f.optional(f.password()),
    nickname: f.optional(f.nickname()),
    country: f.optional(
      z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() : v), z.string().regex(/^[A-Z]{2}$/)),
    ),
    platform: slug(32),
    source: slug(64),
    locale: f.optional(locale),
    /** The device the game runs on and its version (the player's devices, domain/devices.ts). */
    deviceId: f.optionalText(128),
    appVersion: f.optionalText(32),
    /** The social network's profile data (name, photo) for the identity (socialUpdate). */
    profileName: f.optionalText(100),
    profilePhoto: f.optional(
      z
        .string()
        .trim()
        .max(500)
        .regex(/^https:\/\//),
    ),
  }),
  output: z.object({
    playerId: z.int(),
    nickname: z.string(),
    email: z.string().nullable(),
    /** The player's language (ru or en). */
    locale: z.string(),
    created: z.boolean(),
  }),
});

export const siteToken = contract({
  method: "POST",
  path: "/game/api/players/site-token",
  auth: "game",
  summary:
    "A single-use link (5 minutes) that signs the player in on the site: by playerId or by network + uid; next is a player-site path (the hangar /{locale}/play/ too).",
  input: z.object({
    playerId: f.optional(f.id()),
    ...identityFields,
    next: f.optional(
      z
        .string()
        .max(200)
        // A player-site page, the hangar included (/ru/play/); never another host or the back office.
        .regex(/^\/(?:(?:(?:ru|en)\/)?public(?:\/[A-Za-z0-9_/-]*)?|(?:ru|en)\/play\/)$/),
    ),
  }),
  output: z.object({ playerId: z.int(), token: z.string(), expiresAt: z.int(), url: z.string() }),
});

export const playerState = contract({
  method: "GET",
  path: "/game/api/players/:playerId{[0-9]+}",
  auth: "game",
  summary: "A player's state for a battle server at matchmaking and battle start; 404 for an unknown or erased player.",
  params: z.object({ playerId: f.id() }),
  output: z.object({
    id: z.int(),
    nickname: z.string(),
    level: z.int(),
    experience: z.int(),
    rating: z.int(),
    battles: z.int(),
    wins: z.int(),
    gold: z.int(),
    silver: z.int(),
    /** Epoch milliseconds, or null. */
    premiumUntil: z.int().nullable(),
    currentTankId: z.int().nullable(),
    bannedUntil: z.int().nullable(),
    banReason: z.string().nullable(),
    locale: z.string(),
  }),
});
