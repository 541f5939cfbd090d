// /admin/ads/: the global ad settings document (save validates it whole against its schema);
// /admin/ads/settings/: per-placement rows, listed by POST load, saved by POST save, removed by
// DELETE remove/:id, as routes.tsv states. Each change is audited in its transaction.
import type { Hono } from "hono";
import { z } from "zod";
import { and, eq, ne } from "drizzle-orm";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import { validationError } from "../../http/validate.ts";
import * as f from "../../http/fields.ts";
import { audit } from "../../http/audit.ts";
import { fieldError, notFound } from "../../http/errors.ts";
import { adPlacements } from "../../db/schema/ads.ts";
import { diff, listInputFor, listResource, type ResourceDescription } from "../resources/index.ts";
import { jsonDiff } from "../../domain/options.ts";
import { AD_NETWORKS, adSettingsShape, currentAdSettings, placementSchema, saveAdSettings } from "../../domain/ads.ts";

const who = { auth: "admin", role: "operator" } as const;
const saveInput = z.object({ settings: f.jsonValue() });

const placementArea: ResourceDescription = {
  name: "adPlacement", base: "/admin/ads/settings/", role: "operator", table: adPlacements, schema: placementSchema,
  columns: ["id", "placement", "network", "enabled", "capPerDay", "reward", "updatedAt"], search: ["placement"], filters: ["network", "enabled"],
  actions: { list: "load", set: "save" },
};
const loadInput = listInputFor(placementArea);

export function registerAdsAdmin(app: Hono<HonoEnv>) {
  page(app, { path: "/admin/ads/", ...who }, async (c) => c.json({ settings: (await currentAdSettings(c.var.deps.db)) ?? null, networks: AD_NETWORKS }));

  route(app, { method: "ANY", path: "/admin/ads/save", ...who, mutates: true }, { input: saveInput }, async (c, { settings }) => {
    const parsed = adSettingsShape.safeParse(settings);
    if (!parsed.success) throw validationError(parsed.error.issues.map((i) => ({ ...i, path: ["settings", ...i.path] })), { settings });
    const { db, clock } = c.var.deps;
    await db.transaction(async (tx) => {
      const before = await currentAdSettings(tx);
      await saveAdSettings(tx, parsed.data, clock.now());
      const summary = before ? jsonDiff(before, parsed.data).join("; ") || "no change" : `created: ${JSON.stringify(parsed.data)}`;
      await audit(c, tx, { action: "/admin/ads/save", targetType: "adSettings", targetId: 1, summary });
    });
    return c.json({ settings: parsed.data });
  });

  // The page also answers a list page for its query (the shared list screen reads it by GET; load is POST only).
  page(app, { path: "/admin/ads/settings/", ...who }, { input: loadInput }, async (c, q) => {
    const description = { networks: AD_NETWORKS, columns: placementArea.columns, filters: placementArea.filters, actions: { load: "/admin/ads/settings/load", save: "/admin/ads/settings/save", remove: "/admin/ads/settings/remove/:id" } };
    return c.json({ ...description, ...(await listResource(c.var.deps.db, placementArea, q)) });
  });

  route(app, { method: "POST", path: "/admin/ads/settings/load", ...who }, { input: loadInput }, async (c, v) => c.json(await listResource(c.var.deps.db, placementArea, v)));

  route(app, { method: "POST", path: "/admin/ads/settings/save", ...who, mutates: true }, { input: placementSchema }, async (c, item) => {
    const { db, clock } = c.var.deps;
    const saved = await db.transaction(async (tx) => {
      const [before] = item.id === undefined ? [] : await tx.select().from(adPlacements).where(eq(adPlacements.id, item.id)).limit(1);
      if (item.id !== undefined && !before) throw notFound();
      const [taken] = await tx.select({ id: adPlacements.id }).from(adPlacements)
        .where(and(eq(adPlacements.placement, item.placement), eq(adPlacements.network, item.network), item.id === undefined ? undefined : ne(adPlacements.id, item.id))).limit(1);
      if (taken) throw fieldError({ network: { id: "validation.unique" } });
      const { id: _id, ...fields } = item;
      const row = { ...fields, updatedAt: clock.now() };
      const id = before ? before.id : (await tx.insert(adPlacements).values(row).returning({ id: adPlacements.id }))[0].id;
      if (before) await tx.update(adPlacements).set(row).where(eq(adPlacements.id, id));
      const old = before && { placement: before.placement, network: before.network, enabled: before.enabled, capPerDay: before.capPerDay, reward: before.reward };
      await audit(c, tx, { action: "/admin/ads/settings/save", targetType: "adPlacement", targetId: id, summary: diff(old, fields) });
      return { id, created: !before };
    });
    return c.json({ item: { ...item, id: saved.id }, created: saved.created });
  });

  route(app, { method: "DELETE", path: "/admin/ads/settings/remove/:id{[0-9]+}", ...who, mutates: true }, {}, async (c) => {
    const id = Number(c.req.param("id"));
    const { db } = c.var.deps;
    await db.transaction(async (tx) => {
      const [row] = await tx.delete(adPlacements).where(eq(adPlacements.id, id)).returning();
      if (!row) throw notFound();
      const { updatedAt: _u, ...shown } = row;
      await audit(c, tx, { action: "/admin/ads/settings/remove", targetType: "adPlacement", targetId: id, summary: `removed: ${JSON.stringify(shown)}` });
    });
    return c.json({ removed: id });
  });
}
