// /admin/specialOfferOptions: operators define special offers (the page's data is every offer
// with how often it was taken, and the catalogues to pick grants and billing items from), save
// one (audited with what changed), and make every instance drop its cached offers at once.
import type { Hono } from "hono";
import { asc, eq } from "drizzle-orm";
import type { HonoEnv } from "../http/env.ts";
import { page, route } from "../http/router.ts";
import { audit, detailsOf, NO_CHANGES } from "../http/audit.ts";
import { catalogItems } from "../db/schema/billing.ts";
import { contentTanks, contentConsumables, contentCamouflages } from "../db/schema/content.ts";
import { OFFER_AUDIENCES } from "../db/schema/offers.ts";
import {
  offerInput,
  saveOffer,
  listOffersForAdmin,
  bumpOffersVersion,
  type offerView,
  dropCachedOffers,
  OFFER_PLATFORMS,
} from "../domain/offers.ts";
import "../public/avatar-offer-messages.ts";

const O = { auth: "admin", role: "operator" } as const;
/** An offer's fields as the log compares them (no timestamps). */
const offerFields = ({ createdAt: _c, updatedAt: _u, ...o }: ReturnType<typeof offerView>) => o;

export function registerAdminOffers(app: Hono<HonoEnv>) {
  page(app, { path: "/admin/specialOfferOptions/", ...O }, async (c) => {
    const { db } = c.var.deps;
    const [tanks, consumables, camouflages, billing] = await Promise.all([
      db
        .select({ id: contentTanks.id, nameRu: contentTanks.nameRu, nameEn: contentTanks.nameEn })
        .from(contentTanks)
        .where(eq(contentTanks.active, true))
        .orderBy(asc(contentTanks.id)),
      db
        .select({ id: contentConsumables.id, nameRu: contentConsumables.nameRu, nameEn: contentConsumables.nameEn })
        .from(contentConsumables)
        .where(eq(contentConsumables.active, true))
        .orderBy(asc(contentConsumables.id)),
      db
        .select({ id: contentCamouflages.id, nameRu: contentCamouflages.nameRu, nameEn: contentCamouflages.nameEn })
        .from(contentCamouflages)
        .where(eq(contentCamouflages.active, true))
        .orderBy(asc(contentCamouflages.id)),
      db
        .select({
          id: catalogItems.id,
          titleRu: catalogItems.titleRu,
          titleEn: catalogItems.titleEn,
          grants: catalogItems.grants,
        })
        .from(catalogItems)
        .where(eq(catalogItems.active, true))
        .orderBy(asc(catalogItems.sortOrder)),
    ]);
    return c.json({
      offers: await listOffersForAdmin(db),
      catalogue: { tank: tanks, consumable: consumables, camouflage: camouflages },
      billingItems: billing.map((b) => ({ ...b, grants: JSON.parse(b.grants) })),
      platforms: OFFER_PLATFORMS,
      audiences: OFFER_AUDIENCES,
    });
  });

  route(
    app,
    { method: "ANY", path: "/admin/specialOfferOptions/save", ...O, mutates: true },
    { input: offerInput },
    async (c, v) => {
      const { db, clock } = c.var.deps;
      const result = await db.transaction(async (tx) => {
        const r = await saveOffer(tx, v, clock.now());
        await audit(c, tx, {
          action: "/admin/specialOfferOptions/save",
          targetType: "offer",
          targetId: r.offer.id,
          summary: r.created ? `created "${r.offer.titleEn}"` : `changed ${r.changed.join(", ") || "nothing"}`,
          details: detailsOf(r.before && offerFields(r.before), offerFields(r.offer)),
        });
        return r;
      });
      dropCachedOffers(db);
      return c.json(result);
    },
  );

  route(
    app,
    { method: "ANY", path: "/admin/specialOfferOptions/invalidateCache", ...O, mutates: true },
    {},
    async (c) => {
      const { db, clock } = c.var.deps;
      await db.transaction(async (tx) => {
        await bumpOffersVersion(tx, clock.now());
        await audit(c, tx, {
          action: "/admin/specialOfferOptions/invalidateCache",
          targetType: "offer",
          summary: "offers cache dropped on every instance",
          details: NO_CHANGES,
        });
      });
      dropCachedOffers(db);
      return c.json({ ok: true });
    },
  );
}
