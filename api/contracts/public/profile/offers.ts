// /public/profile/offers: the special offers this player may see now, and taking one for gold
// (docs/decisions/offers.md). An offer sold for money names its billing item and the address of
// the payment methods that sell it.
import { z } from "zod";
import * as f from "../../../domain/fields.ts";
import { ITEM_TYPES } from "../../../db/schema/inventory.ts";
import { contract } from "../../contract.ts";
import { requestId } from "../shared.ts";

const grants = {
  gold: z.int(),
  silver: z.int(),
  premiumDays: z.int(),
};

export const offers = contract({
  method: "ANY",
  path: "/public/profile/offers",
  auth: "player",
  mutates: true,
  summary:
    "The offers running now that this player may see and has not used up (time left by the server's clock); with offerId and requestId it takes a gold offer, then lists them again.",
  input: z.object({ offerId: f.optional(f.id()), requestId: f.optional(requestId()) }),
  output: z.object({
    now: z.int(),
    offers: z.array(
      z.object({
        id: z.int(),
        title: z.string(),
        grants: z.object({
          ...grants,
          items: z.array(z.object({ type: z.enum(ITEM_TYPES), id: z.int(), count: z.int(), name: z.string() })),
        }),
        priceGold: z.int().nullable(),
        billingItem: z
          .object({
            id: z.string(),
            title: z.string(),
            grants: z.object({ ...grants, items: z.array(z.never()) }),
            buyUrl: z.string(),
          })
          .nullable(),
        endsAt: z.int(),
        remainingMs: z.int(),
        limit: z.int(),
        taken: z.int(),
      }),
    ),
    /** A take's answer. */
    purchaseId: z.int().optional(),
    priceGold: z.int().optional(),
    replayed: z.boolean().optional(),
  }),
});
