// /public/profile/offers: the special offers this player may see now (time left by the server's
// clock); with `offerId` and a `requestId` it takes a gold offer. Offers sold for money name
// their billing item and the payment-methods address that sells it.
import type { Hono } from "hono";
import type { HonoEnv } from "../http/env.ts";
import { route } from "../http/router.ts";
import { fieldError } from "../domain/errors.ts";
import { offersFor, takeOffer } from "../domain/offers.ts";
import { offers } from "../contracts/public/profile/offers.ts";
import "../domain/avatar-offer-messages.ts";

export function registerOffers(app: Hono<HonoEnv>) {
  route(app, offers, async (c, v) => {
    const { db, clock } = c.var.deps;
    const playerId = c.var.player!.playerId;
    if (v.offerId === undefined) return offersFor(db, playerId, c.var.locale, clock.now());
    if (v.requestId === undefined) throw fieldError({ requestId: { id: "validation.required" } });
    const taken = await takeOffer(db, { playerId, offerId: v.offerId, requestId: v.requestId, at: clock.now() });
    return { ...taken, ...(await offersFor(db, playerId, c.var.locale, clock.now())) };
  });
}
