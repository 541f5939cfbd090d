// /admin/ads/: the global ad settings document (save validates it whole against its schema);
// /admin/ads/settings/: per-placement rows, listed by POST load, saved by POST save, removed by
// DELETE remove/:id, as routes.tsv states — described once on the resources mechanism (the pair
// placement + network is its composite unique key). Each change is audited in its transaction;
// the settings' routes are their contracts (api/contracts/admin/ads.ts) over api/domain/ads.ts.
import type { Hono } from "hono";
import { z } from "zod";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import { placementArea } from "../../domain/resources/ads.ts";
import { registerResource } from "../resources/index.ts";
import { AD_NETWORKS, adSettingsShape, changeAdSettings, currentAdSettings } from "../../domain/ads.ts";
import * as ads from "../../contracts/admin/ads.ts";

export function registerAdsAdmin(app: Hono<HonoEnv>) {
  // The page sends the settings' JSON Schema too: the screen draws its typed form from it and
  // checks it with the same rules before saving.
  const form = z.toJSONSchema(adSettingsShape, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  page(app, ads.page, async (_c, _v, ctx) => ({
    settings: (await currentAdSettings(ctx.db)) ?? null,
    networks: [...AD_NETWORKS],
    form,
  }));
  route(app, ads.save, (_c, input, ctx) => changeAdSettings({ ctx, input }));

  // Per-placement rows: one description on the resources mechanism (POST load, POST save, DELETE remove/:id).
  registerResource(app, placementArea);
}
