// /admin/player: the search over players and one player's card with its changes
// (api/domain/player-card.ts). The card's sections (tanks, shop, battles, devices…) have their own
// files under api/contracts/admin/player/.
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { nicknameField } from "../../domain/players.ts";
import { PLAYER_SORTS, PLAYER_STATES } from "../../domain/player-card.ts";
import { CLAN_ROLES } from "../../db/schema/clans.ts";
import { contract } from "../contract.ts";
import { itemType, playerRow } from "./player-shared.ts";

const S = { auth: "admin", role: "support" } as const;
const O = { auth: "admin", role: "operator" } as const;
const A = { auth: "admin", role: "admin" } as const;
const country = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().toUpperCase() : v),
  z.string().regex(/^[A-Z]{2}$/),
);
const regionCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{1,20}$/);
/** An empty value clears it. */
const clearable = <T extends z.ZodType>(s: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), s.nullable().optional());

export const searchInput = z.object({
  page: f.optional(f.int(1, 100_000)).default(1),
  size: f.optional(f.int(1, 200)).default(20),
  sort: f.optional(z.enum(PLAYER_SORTS)).default("id"),
  dir: f.optional(z.enum(["asc", "desc"])).default("desc"),
  q: f.optionalText(254),
  state: f.optional(z.enum(PLAYER_STATES)),
  // Where players are (the geo screen's data): a country, one of its regions, one of its cities.
  country: f.optional(country),
  region: f.optional(regionCode),
  city: f.optionalText(100),
});
const found = z.object({
  rows: z.array(
    z.object({
      id: z.int(),
      nickname: z.string(),
      email: z.string().nullable(),
      country: z.string(),
      region: z.string().nullable(),
      city: z.string().nullable(),
      platform: z.string(),
      level: z.int(),
      gold: z.int(),
      silver: z.int(),
      createdAt: z.int(),
      lastLoginAt: z.int().nullable(),
      bannedUntil: z.int().nullable(),
      erasedAt: z.int().nullable(),
      suspect: z.boolean(),
      banned: z.boolean(),
    }),
  ),
  total: z.int(),
  page: z.int(),
  size: z.int(),
});
const card = z.object({
  player: playerRow,
  banned: z.boolean(),
  suspect: z.object({ playerId: z.int(), note: z.string(), adminId: z.int(), markedAt: z.int() }).nullable(),
  identities: z.array(z.object({ network: z.string(), uid: z.string(), createdAt: z.int() })),
  clan: z.object({ id: z.int(), name: z.string(), role: z.enum(CLAN_ROLES) }).nullable(),
  counts: z.object({ items: z.int(), sessions: z.int() }),
});
const byPlayer = z.object({ playerId: f.id() });

export const search = contract({
  method: "ANY",
  path: "/admin/player/",
  ...S,
  kind: "page",
  query: searchInput,
  output: found,
});

/** Without an id, the search; with one, the card. */
export const page = contract({
  method: "ANY",
  path: "/admin/player/:playerId{[0-9]+}?",
  ...S,
  kind: "page",
  params: z.object({ playerId: f.optional(f.id()) }),
  query: searchInput,
  output: z.union([card, found]),
});

export const getProfiles = contract({
  method: "ANY",
  path: "/admin/player/getProfiles",
  ...S,
  input: searchInput,
  output: found,
});

/** Profile corrections: what differs is changed (nothing different is a 400); answers the card. */
export const setProfile = contract({
  method: "ANY",
  path: "/admin/player/setProfile",
  ...O,
  mutates: true,
  input: z.object({
    playerId: f.id(),
    nickname: f.optional(nicknameField()),
    // An empty email clears the address (the player then signs in through the game only).
    email: clearable(f.email()),
    country: f.optional(country),
    level: f.optional(f.int(1, 100)),
    experience: f.optional(f.int(0, 1_000_000_000)),
    // A region must be the country's, a city the region's (domain/geo.ts).
    region: clearable(regionCode),
    city: clearable(z.string().trim().min(1).max(100)),
  }),
  output: card,
});

/** Ban (reason, end), unban, suspect mark (reason) and its clearing; answers the card. */
export const setPlayer = contract({
  method: "ANY",
  path: "/admin/player/setPlayer",
  ...O,
  mutates: true,
  input: z
    .object({
      playerId: f.id(),
      action: z.enum(["ban", "unban", "suspect", "unsuspect"]),
      reason: f.optionalText(500),
      until: f.optional(f.dateTime()),
    })
    .superRefine((v, ctx) => {
      const need = (field: "reason" | "until") =>
        ctx.addIssue({ code: "custom", path: [field], params: { rule: "required" }, input: undefined });
      if (v.action === "ban" && !v.reason) need("reason");
      if (v.action === "ban" && v.until === undefined) need("until");
      if (v.action === "suspect" && !v.reason) need("reason");
      if (v.reason !== undefined && v.reason.length < 3)
        ctx.addIssue({
          code: "too_small",
          origin: "string",
          minimum: 3,
          inclusive: true,
          path: ["reason"],
          input: v.reason,
        });
    }),
  output: card,
});

/** Erasure of personal data on the player's behalf; answers the card. */
export const remove = contract({
  method: "ANY",
  path: "/admin/player/remove",
  ...A,
  mutates: true,
  input: byPlayer,
  output: card,
});

/** Progress back to a new player's (balances, items and payments stay); answers the card. */
export const resetProfile = contract({
  method: "ANY",
  path: "/admin/player/resetProfile",
  ...O,
  mutates: true,
  input: byPlayer,
  output: card,
});

export const resetSuspectAll = contract({
  method: "ANY",
  path: "/admin/player/resetSuspectAll",
  ...O,
  mutates: true,
  output: z.object({ cleared: z.int() }),
});

/** Everything stored about the player (no password hash, no session tokens). */
export const serverData = contract({
  method: "POST",
  path: "/admin/player/server_data/get",
  ...S,
  input: byPlayer,
  output: card.extend({
    items: z.array(z.object({ playerId: z.int(), itemType, itemId: z.int(), quantity: z.int(), acquiredAt: z.int() })),
    banLog: z.array(
      z.object({
        id: z.int(),
        playerId: z.int(),
        action: z.enum(["ban", "unban"]),
        reason: z.string().nullable(),
        until: z.int().nullable(),
        adminId: z.int(),
        adminUsername: z.string(),
        createdAt: z.int(),
      }),
    ),
    ledger: z.array(
      z.object({
        id: z.int(),
        playerId: z.int(),
        currency: z.enum(["gold", "silver"]),
        delta: z.int(),
        balanceAfter: z.int(),
        reason: z.string(),
        ref: z.string().nullable(),
        idempotencyKey: z.string().nullable(),
        createdAt: z.int(),
      }),
    ),
    sessions: z.array(
      z.object({
        createdAt: z.int(),
        lastSeenAt: z.int(),
        expiresAt: z.int(),
        address: z.string().nullable(),
        userAgent: z.string().nullable(),
      }),
    ),
    orders: z.int(),
  }),
});

/** The game profile as the game reads it. */
export const profileData = contract({
  method: "POST",
  path: "/admin/player/profile_data/get",
  ...S,
  input: byPlayer,
  output: z.object({
    id: z.int(),
    nickname: z.string(),
    locale: z.string(),
    level: z.int(),
    experience: z.int(),
    rating: z.int(),
    battles: z.int(),
    wins: z.int(),
    gold: z.int(),
    silver: z.int(),
    premiumUntil: z.int().nullable(),
    currentTankId: z.int().nullable(),
    avatarUrl: z.string().nullable(),
    items: z.array(z.object({ type: itemType, id: z.int(), quantity: z.int() })),
  }),
});
