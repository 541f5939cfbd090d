// /admin/specialOfferOptions: operators define special offers (the page's data is every offer
// with how often it was taken, and the catalogues to pick grants and billing items from), save
// one (audited with what changed), and make every instance drop its cached offers at once.
import type { Hono } from "hono";
import type { HonoEnv } from "../http/env.ts";
import { page, route } from "../http/router.ts";
import { dropOffersEverywhere, offersAdminPage, saveOfferByOperator } from "../domain/offers.ts";
import * as offers from "../contracts/admin/offers.ts";
import "../domain/avatar-offer-messages.ts";

export function registerAdminOffers(app: Hono<HonoEnv>) {
  page(app, offers.page, (_c, _v, ctx) => offersAdminPage({ ctx }));
  route(app, offers.save, (_c, input, ctx) => saveOfferByOperator({ ctx, input }));
  route(app, offers.invalidateCache, (_c, _v, ctx) => dropOffersEverywhere({ ctx }));
}
