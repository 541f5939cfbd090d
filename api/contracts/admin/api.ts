// /admin/api/catalog/get and /admin/api/payment/find: the billing catalog as the game client and
// other services read it, and orders found across players. (/admin/api/user/* is access.ts,
// /admin/api/option/client/* options.ts.)
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { MARKETS } from "../../domain/billing/catalog.ts";
import { contract } from "../contract.ts";
import { item, multiplier, order } from "./billing.ts";

const S = { auth: "admin", role: "support" } as const;

/** Items, prices and the grants in force now (multipliers applied), optionally only what a market/country/platform can buy. */
export const catalog = contract({
  method: "POST",
  path: "/admin/api/catalog/get",
  ...S,
  input: z.object({
    market: f.optional(z.enum(MARKETS)),
    country: f.optional(z.string().regex(/^[A-Z]{2}$/)),
    platform: f.optional(z.string().max(32)),
    activeOnly: f.optional(f.bool()).default(false),
  }),
  output: z.object({
    version: z.int(),
    items: z.array(item.extend({ grantsNow: z.object({ gold: z.int(), silver: z.int(), premiumDays: z.int() }) })),
    multipliers: z.array(multiplier),
  }),
});

/** Orders by the provider's transaction or payment id, by order id, or by player; newest first. */
export const findPayment = contract({
  method: "POST",
  path: "/admin/api/payment/find",
  ...S,
  input: z
    .object({
      txId: f.optional(z.string().trim().max(200)),
      orderId: f.optional(f.id()),
      playerId: f.optional(f.id()),
      limit: f.optional(f.int(1, 200)).default(50),
    })
    .refine((v) => v.txId || v.orderId || v.playerId, { path: ["txId"], params: { rule: "required" } }),
  output: z.object({ rows: z.array(order) }),
});

const documentRows = z.array(z.record(z.string(), z.unknown()));

/**
 * The tank database as the game client and the battle servers read it: the tank data document's
 * sections as the content editors keep them (api/admin/content/documents.ts, TANK_DATA), only the
 * active rows when asked.
 */
export const tanksDb = contract({
  method: "POST",
  path: "/admin/api/tanksdb/get",
  ...S,
  input: z.object({ activeOnly: f.optional(f.bool()).default(false) }),
  output: z.object({
    tanks: documentRows,
    moduleTypes: documentRows,
    moduleUpgrades: z.unknown(),
    camouflages: documentRows,
    decals: documentRows,
  }),
});
