// /admin/ads/: the global ad settings document (save validates it whole against its schema);
// /admin/ads/settings/: per-placement rows, listed by POST load, saved by POST save, removed by
// DELETE remove/:id, as routes.tsv states — described once on the resources mechanism (the pair
// placement + network is its composite unique key). Each change is audited in its transaction.
import type { Hono } from "hono";
import { z } from "zod";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import { validationError } from "../../domain/validation.ts";
import * as f from "../../domain/fields.ts";
import { audit, detailsOf } from "../../http/audit.ts";
import { adPlacements } from "../../db/schema/ads.ts";
import { registerResource } from "../resources/index.ts";
import type { ResourceDescription } from "../../domain/resources.ts";
import { jsonDiff } from "../../domain/options.ts";
import { AD_NETWORKS, adSettingsShape, currentAdSettings, placementSchema, saveAdSettings } from "../../domain/ads.ts";

const who = { auth: "admin", role: "operator" } as const;
const saveInput = z.object({ settings: f.jsonValue() });

export const placementArea: ResourceDescription = {
  name: "adPlacement",
  base: "/admin/ads/settings/",
  role: "operator",
  table: adPlacements,
  schema: placementSchema,
  columns: ["id", "placement", "network", "enabled", "capPerDay", "reward", "updatedAt"],
  search: ["placement"],
  filters: ["network", "enabled"],
  actions: { list: "load", set: "save", remove: "remove" },
  methods: { list: "POST", set: "POST", remove: "DELETE" },
  removeByPath: true,
  serverIds: true,
  unique: [["placement", "network"]],
  pageData: async () => ({ networks: AD_NETWORKS }),
};

export function registerAdsAdmin(app: Hono<HonoEnv>) {
  // The page sends the settings' JSON Schema too: the screen draws its typed form from it and
  // checks it with the same rules before saving.
  const form = z.toJSONSchema(adSettingsShape, { io: "input", unrepresentable: "any" });
  page(app, { path: "/admin/ads/", ...who }, {}, async (c) =>
    c.json({ settings: (await currentAdSettings(c.var.deps.db)) ?? null, networks: AD_NETWORKS, form }),
  );

  route(
    app,
    { method: "ANY", path: "/admin/ads/save", ...who, mutates: true },
    { input: saveInput },
    async (c, { settings }) => {
      const parsed = adSettingsShape.safeParse(settings);
      if (!parsed.success)
        throw validationError(
          parsed.error.issues.map((i) => ({ ...i, path: ["settings", ...i.path] })),
          { settings },
        );
      const { db, clock } = c.var.deps;
      await db.transaction(async (tx) => {
        const before = await currentAdSettings(tx);
        await saveAdSettings(tx, parsed.data, clock.now());
        const summary = before
          ? jsonDiff(before, parsed.data).join("; ") || "no change"
          : `created: ${JSON.stringify(parsed.data)}`;
        await audit(c, tx, {
          action: "/admin/ads/save",
          targetType: "adSettings",
          targetId: 1,
          summary,
          details: detailsOf(before ?? undefined, parsed.data),
        });
      });
      return c.json({ settings: parsed.data });
    },
  );

  // Per-placement rows: one description on the resources mechanism (POST load, POST save, DELETE remove/:id).
  registerResource(app, placementArea);
}
