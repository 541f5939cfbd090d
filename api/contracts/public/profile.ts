// /public/profile/*: the player's own page and what hangs on it — the profile (read, and edited
// by a POST), the inbox, the rating, the avatar, erasure, payment methods. Clans, money and
// players have files of their own beside (api/contracts/public/profile/).
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { RATING_ORDERS } from "../../domain/profile.ts";
import { TANK_TYPES } from "../../db/schema/content.ts";
import { CLAN_ROLES } from "../../db/schema/clans.ts";
import { contract } from "../contract.ts";
import { avatarState, paging } from "./shared.ts";

const clanRole = z.enum(CLAN_ROLES);

/** The signed-in player's page data (GET), and the same after an edit (POST with nickname or locale). */
export const profile = contract({
  method: "ANY",
  path: "/public/profile/",
  auth: "player",
  kind: "page",
  summary:
    "The signed-in player's profile, avatar, inbox, blacklist and transfer rules; a POST with nickname and/or locale (CSRF) edits the profile first.",
  input: z.object({ nickname: f.optional(f.nickname()), locale: f.optional(z.enum(["ru", "en"])) }),
  output: z.object({
    player: z.object({
      id: z.int(),
      nickname: z.string(),
      avatarUrl: z.string().nullable(),
      level: z.int(),
      experience: z.int(),
      rating: z.int(),
      gold: z.int(),
      silver: z.int(),
      premiumUntil: z.int().nullable(),
      premium: z.boolean(),
      battles: z.int(),
      wins: z.int(),
      currentTankId: z.int().nullable(),
      currentTank: z.object({ id: z.int(), name: z.string(), tier: z.int(), type: z.enum(TANK_TYPES) }).nullable(),
      country: z.string(),
      createdAt: z.int(),
      /** A guest account (docs/decisions/front-door.md): no money moves until it is claimed. */
      guest: z.boolean(),
      clan: z.object({ id: z.int(), name: z.string(), tag: z.string(), role: clanRole }).nullable(),
    }),
    avatar: avatarState,
    inbox: z.object({
      items: z.array(
        z.object({ id: z.int(), title: z.string(), body: z.string(), createdAt: z.int(), read: z.boolean() }),
      ),
      unread: z.int(),
    }),
    blacklist: z.array(z.object({ playerId: z.int(), nickname: z.string(), level: z.int(), createdAt: z.int() })),
    csrfToken: z.string(),
    transferRules: z.object({
      minAmount: z.int(),
      maxAmount: z.int(),
      dailyLimit: z.int(),
      feePercent: z.number(),
      minLevel: z.int(),
    }),
  }),
});

export const readNotifications = contract({
  method: "POST",
  path: "/public/profile/notifications/read",
  auth: "player",
  mutates: true,
  summary: "Marks operators' notifications of the inbox read; answers how many were unread.",
  input: z.object({ ids: z.array(f.id()).min(1).max(100) }),
  output: z.object({ marked: z.int() }),
});

const ranked = { place: z.int(), rating: z.int(), wins: z.int(), experience: z.int() };
export const rating = contract({
  method: "ANY",
  path: "/public/profile/rating",
  auth: "player",
  summary: "Players or clans ranked by rating, wins or experience, paged, with the asker's own place.",
  input: z.object({
    board: f.optional(z.enum(["players", "clans"])).default("players"),
    by: f.optional(z.enum(RATING_ORDERS)).default("rating"),
    ...paging,
  }),
  output: z.object({
    board: z.enum(["players", "clans"]),
    by: z.enum(RATING_ORDERS),
    rows: z.array(
      z.union([
        z.object({
          ...ranked,
          id: z.int(),
          nickname: z.string(),
          level: z.int(),
          battles: z.int(),
          avatarUrl: z.string().nullable(),
        }),
        z.object({ ...ranked, id: z.int(), name: z.string(), tag: z.string(), members: z.int() }),
      ]),
    ),
    total: z.int(),
    page: z.int(),
    size: z.int(),
    own: z.object({ place: z.int(), value: z.int(), clanId: z.int().optional() }).nullable(),
  }),
});

export const saveAvatar = contract({
  method: "ANY",
  path: "/public/profile/saveAvatar",
  auth: "player",
  mutates: true,
  summary:
    "Without an image: the avatar state. With one (multipart `image`, or the raw body as image/* or application/octet-stream; PNG, JPEG or WebP, ≤ 512 KB, 64–2048 px): queued for moderation.",
  output: avatarState,
});

export const erase = contract({
  method: "POST",
  path: "/public/profile/sensitive-data/remove",
  auth: "player",
  mutates: true,
  summary: "Erases the player's personal data and signs them out everywhere.",
  output: z.object({ erasedAt: z.int() }),
});

/** A pack of gold sold for money as the shop lists it (the checkout's offers too). */
export const pack = z.object({
  id: z.string(),
  title: z.object({ ru: z.string(), en: z.string() }),
  grants: z.object({ gold: z.int(), silver: z.int(), premiumDays: z.int() }),
  /** Gold given on top of the grant; a multiplier never scales it. */
  bonusGold: z.int(),
  /** Multipliers in force now (percent: 200 = x2) on the base grant, and when each ends. */
  boosts: z.array(z.object({ currency: z.enum(["gold", "silver"]), percent: z.int(), endsAt: z.int() })),
  prices: z.array(z.object({ currency: z.string(), amount: z.int() })),
});

export const paymentMethods = contract({
  method: "ANY",
  path: "/public/profile/paymentMethods",
  auth: "player",
  summary:
    "The payment providers for the player's country and platform, each with the catalog items it sells now in the provider's currency.",
  output: z.object({
    country: z.string(),
    platform: z.string(),
    methods: z.array(
      z.object({
        provider: z.string(),
        market: z.string(),
        currency: z.string(),
        items: z.array(pack),
      }),
    ),
    testMode: z.boolean(),
  }),
});
