// /admin/specialOfferOptions: operators define special offers — the page's data is every offer with
// how often it was taken, and the catalogues to pick grants and billing items from — save one, and
// make every instance drop its cached offers at once.
import { z } from "zod";
import { OFFER_AUDIENCES } from "../../db/schema/offers.ts";
import { ITEM_TYPES } from "../../db/schema/inventory.ts";
import { OFFER_PLATFORMS, offerInput } from "../../domain/offers.ts";
import { contract } from "../contract.ts";

const O = { auth: "admin", role: "operator" } as const;

/** An offer as stored, its JSON columns read. */
export const offer = z.object({
  id: z.int(),
  titleRu: z.string(),
  titleEn: z.string(),
  grants: z.object({
    gold: z.int(),
    silver: z.int(),
    premiumDays: z.int(),
    items: z.array(z.object({ type: z.enum(ITEM_TYPES), id: z.int(), count: z.int() })),
  }),
  priceGold: z.int().nullable(),
  billingItemId: z.string().nullable(),
  startsAt: z.int(),
  endsAt: z.int(),
  minLevel: z.int(),
  maxLevel: z.int(),
  platforms: z.array(z.string()),
  countries: z.array(z.string()),
  audience: z.enum(OFFER_AUDIENCES),
  audienceId: z.int().nullable(),
  perPlayerLimit: z.int(),
  active: z.boolean(),
  createdAt: z.int(),
  updatedAt: z.int(),
});

const named = z.object({ id: z.int(), nameRu: z.string(), nameEn: z.string() });

export const page = contract({
  method: "ANY",
  path: "/admin/specialOfferOptions/",
  ...O,
  kind: "page",
  output: z.object({
    offers: z.array(offer.extend({ taken: z.int() })),
    catalogue: z.object({ tank: z.array(named), consumable: z.array(named), camouflage: z.array(named) }),
    billingItems: z.array(
      z.object({ id: z.string(), titleRu: z.string(), titleEn: z.string(), grants: z.record(z.string(), z.unknown()) }),
    ),
    platforms: z.array(z.enum(OFFER_PLATFORMS)),
    audiences: z.array(z.enum(OFFER_AUDIENCES)),
    savedAudiences: z.array(z.object({ id: z.int(), name: z.string() })),
  }),
});

export const save = contract({
  method: "ANY",
  path: "/admin/specialOfferOptions/save",
  ...O,
  mutates: true,
  input: offerInput,
  output: z.object({
    offer,
    before: offer.optional(),
    created: z.boolean(),
    changed: z.array(z.string()),
  }),
});

export const invalidateCache = contract({
  method: "ANY",
  path: "/admin/specialOfferOptions/invalidateCache",
  ...O,
  mutates: true,
  output: z.object({ ok: z.literal(true) }),
});
