// /admin/billing: the catalog of things sold for money and the grant multipliers, export and
// import, the caches; /admin/api/catalog/get, the catalog as clients read it. The rules are
// api/domain/billing/catalog-admin.ts; each route is one call on its contract
// (api/contracts/admin/billing.ts, api.ts).
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import {
  addCatalogItem,
  catalogForClients,
  catalogItem,
  catalogOverview,
  exportCatalog,
  importCatalog,
  invalidateCatalogCache,
  removeCatalogItem,
  saveCatalogItem,
  saveMultipliers,
} from "../../domain/billing/catalog-admin.ts";
import * as billing from "../../contracts/admin/billing.ts";
import * as adminApi from "../../contracts/admin/api.ts";

export function registerCatalogAdmin(app: Hono<HonoEnv>) {
  page(app, billing.catalog, (_c, _v, ctx) => catalogOverview({ ctx }));
  route(app, billing.edit, (_c, v, ctx) => catalogItem({ ctx, input: { id: v.item_id } }));
  route(app, billing.add, (_c, input, ctx) => addCatalogItem({ ctx, input }));
  route(app, billing.save, (_c, input, ctx) => saveCatalogItem({ ctx, input }));
  route(app, billing.remove, (_c, v, ctx) => removeCatalogItem({ ctx, input: { id: v.item_id } }));
  route(app, billing.saveMultipliers, (_c, input, ctx) => saveMultipliers({ ctx, input }));
  route(app, billing.exportFile, (c, _v, ctx) => {
    const day = new Date(ctx.clock.now()).toISOString().slice(0, 10);
    c.header("content-disposition", `attachment; filename="billing-catalog-${day}.json"`);
    return exportCatalog({ ctx });
  });
  route(app, billing.importFile, (_c, input, ctx) => importCatalog({ ctx, input }));
  route(app, billing.invalidateInternal, (_c, _v, ctx) =>
    invalidateCatalogCache({ ctx, input: { cache: "internal" } }),
  );
  route(app, billing.invalidateFacebook, (_c, _v, ctx) =>
    invalidateCatalogCache({ ctx, input: { cache: "facebook" } }),
  );
  route(app, adminApi.catalog, (_c, input, ctx) => catalogForClients({ ctx, input }));
}
