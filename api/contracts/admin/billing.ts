// /admin/billing/*: the catalog of things sold for money (items, prices per market and currency,
// grants, availability), the grant multipliers, export and import of the whole catalog, the
// catalog caches, and every player's orders. Support reads; operators change.
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { CACHES, itemId, itemSchema, MARKETS, multiplierSchema } from "../../domain/billing/catalog.ts";
import { DISPUTE_STATES, ORDER_STATUSES } from "../../db/schema/billing.ts";
import { contract } from "../contract.ts";
import { orderView } from "../billing.ts";

const S = { auth: "admin", role: "support" } as const;
const O = { auth: "admin", role: "operator" } as const;

/** The payment providers an order can name (api/billing/registry.ts; a test keeps the two equal), and "manual". */
export const ORDER_PROVIDERS = ["manual", "stripe", "robokassa", "ecommpay", "paypal", "apple", "rustore"] as const;

const grants = z.object({ gold: z.int(), silver: z.int(), premiumDays: z.int() });

/** A catalog item as stored (every default filled). */
export const item = z.object({
  id: z.string(),
  titleRu: z.string(),
  titleEn: z.string(),
  grants,
  bonusGold: z.int(),
  prices: z.array(z.object({ market: z.enum(MARKETS), currency: z.string(), amount: z.int() })),
  availability: z.object({
    markets: z.array(z.enum(MARKETS)),
    countries: z.array(z.string()),
    platforms: z.array(z.string()),
    from: z.int().nullable(),
    until: z.int().nullable(),
  }),
  sortOrder: z.int(),
  active: z.boolean(),
});

const multiplierFields = {
  itemId: z.string().nullable(),
  currency: z.enum(["gold", "silver"]),
  percent: z.int(),
  startsAt: z.int(),
  endsAt: z.int(),
};
/** A grant multiplier as stored. */
export const multiplier = z.object({ id: z.int(), ...multiplierFields });

/** An order as the player and the operator see it (api/domain/billing/orders.ts orderView). */
export const order = orderView;

const byItem = z.object({ item_id: itemId() });

export const catalog = contract({
  method: "ANY",
  path: "/admin/billing/",
  ...S,
  kind: "page",
  summary: "The catalog: every item, the multipliers, the caches' versions, the markets and currencies.",
  output: z.object({
    items: z.array(item),
    multipliers: z.array(multiplier),
    versions: z.object({ internal: z.int(), facebook: z.int() }),
    markets: z.array(z.enum(MARKETS)),
    currencies: z.array(z.string()),
  }),
});

export const edit = contract({
  method: "GET",
  path: "/admin/billing/catalog/edit/:item_id{[^/]+}",
  ...S,
  params: byItem,
  output: z.object({ item }),
});

export const add = contract({
  method: "POST",
  path: "/admin/billing/catalog/add",
  ...O,
  mutates: true,
  input: itemSchema,
  output: z.object({ item }),
});

export const save = contract({
  method: "POST",
  path: "/admin/billing/catalog/save",
  ...O,
  mutates: true,
  input: itemSchema,
  output: z.object({ item }),
});

/** Orders keep what they were priced and granted at, so removing an item touches no order. */
export const remove = contract({
  method: "DELETE",
  path: "/admin/billing/catalog/remove/:item_id{[^/]+}",
  ...O,
  mutates: true,
  params: byItem,
  output: z.object({ removed: z.string() }),
});

function safeJson(v: string): unknown {
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

/** Replaces every multiplier (a form may send them as JSON text). */
export const saveMultipliers = contract({
  method: "POST",
  path: "/admin/billing/multipliers/save",
  ...O,
  mutates: true,
  input: z.object({
    multipliers: z.preprocess((v) => (typeof v === "string" ? safeJson(v) : v), z.array(multiplierSchema).max(200)),
  }),
  output: z.object({ multipliers: z.array(multiplier) }),
});

/** The whole catalog as a JSON file (a download: content-disposition attachment). */
export const exportFile = contract({
  method: "GET",
  path: "/admin/billing/export",
  ...S,
  output: z.object({
    format: z.literal("tankodrome.billing.catalog"),
    version: z.literal(1),
    items: z.array(item),
    multipliers: z.array(z.object(multiplierFields)),
  }),
});

/** Without apply: what the file would change. With apply: all of it, or none. */
export const importFile = contract({
  method: "GET|POST",
  path: "/admin/billing/import",
  ...O,
  mutates: true,
  input: z.object({ file: f.jsonValue(), apply: f.optional(f.bool()).default(false) }),
  output: z.object({
    applied: z.boolean(),
    preview: z.object({
      added: z.array(z.string()),
      changed: z.array(z.object({ id: z.string(), diff: z.string() })),
      removed: z.array(z.string()),
      multipliers: z.object({ before: z.int(), after: z.int() }),
    }),
  }),
});

const invalidate = <P extends string>(path: P) =>
  contract({
    method: "ANY",
    path,
    ...O,
    mutates: true,
    output: z.object({ cache: z.enum(CACHES), version: z.int() }),
  });
/** Makes every instance reload the catalog within seconds. */
export const invalidateInternal = invalidate("/admin/billing/invalidate/cache/internal");
export const invalidateFacebook = invalidate("/admin/billing/invalidate/cache/facebook");

const ORDER_SORTS = ["id", "createdAt", "updatedAt", "amount", "status", "provider", "player"] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/**
 * Every player's orders, server-side paged and sorted; filtered by status, provider, player,
 * dispute and "awaiting verification" (pending for over 30 minutes: a callback was probably lost).
 */
export const orders = contract({
  method: "ANY",
  path: "/admin/billing/orders/",
  ...S,
  kind: "page",
  query: z.object({
    page: f.optional(f.int(1, 100_000)).default(1),
    size: f.optional(f.int(1, 100)).default(20),
    sort: f.optional(z.enum(ORDER_SORTS)).default("id"),
    dir: f.optional(z.enum(["asc", "desc"])).default("desc"),
    status: f.optional(z.enum(ORDER_STATUSES)),
    provider: f.optional(z.enum(ORDER_PROVIDERS)),
    playerId: f.optional(f.id()),
    awaiting: f.optional(z.enum(["1"])),
    /** The order's dispute: an open inquiry to answer, a chargeback open, won or lost. */
    dispute: f.optional(z.enum(DISPUTE_STATES)),
  }),
  output: z.object({
    rows: z.array(
      order.extend({
        nickname: z.string().nullable(),
        itemTitle: z.object({ ru: z.string(), en: z.string() }).nullable(),
      }),
    ),
    total: z.int(),
    page: z.int(),
    size: z.int(),
    awaitingVerification: z.int(),
    providers: z.array(z.string()),
  }),
});
