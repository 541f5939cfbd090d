// The player's shapes the players-admin routes answer (/admin/player, /admin/tools): the player row
// as operators see it — every column but the password hash, and whether there is one.
import { z } from "zod";
import { ITEM_TYPES } from "../../db/schema/inventory.ts";

export const playerRow = z.object({
  id: z.int(),
  nickname: z.string(),
  email: z.string().nullable(),
  hasPassword: z.boolean(),
  country: z.string(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  platform: z.string(),
  source: z.string(),
  locale: z.string(),
  level: z.int(),
  experience: z.int(),
  rating: z.int(),
  battles: z.int(),
  wins: z.int(),
  gold: z.int(),
  silver: z.int(),
  premiumUntil: z.int().nullable(),
  avatarUrl: z.string().nullable(),
  currentTankId: z.int().nullable(),
  bannedUntil: z.int().nullable(),
  banReason: z.string().nullable(),
  createdAt: z.int(),
  lastLoginAt: z.int().nullable(),
  erasedAt: z.int().nullable(),
  guest: z.boolean(),
  claimedAt: z.int().nullable(),
  emailVerified: z.boolean(),
});

/** A sign-in identity: the network and the person's id there. */
export const identity = z.object({ network: z.string(), uid: z.string() });
export const itemType = z.enum(ITEM_TYPES);
