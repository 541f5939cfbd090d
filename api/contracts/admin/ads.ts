// /admin/ads/: the global ad settings document — which networks are on, the frequency caps, the
// rewarded ads' reward (api/domain/ads.ts); the per-placement rows are resources (resources.ts).
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { AD_NETWORKS, adSettingsShape } from "../../domain/ads.ts";
import { contract } from "../contract.ts";
import { resourceListPage } from "./resources.ts";

const O = { auth: "admin", role: "operator" } as const;

/** The settings (null before the first save), the networks, and the settings' JSON Schema the screen's form is drawn from. */
export const page = contract({
  method: "ANY",
  path: "/admin/ads/",
  ...O,
  kind: "page",
  output: z.object({
    settings: adSettingsShape.nullable(),
    networks: z.array(z.enum(AD_NETWORKS)),
    form: z.record(z.string(), z.unknown()),
  }),
});

/** The per-placement rows' columns and filters (api/admin/ads describes the area with them). */
export const PLACEMENT_LIST = {
  columns: ["id", "placement", "network", "enabled", "capPerDay", "reward", "updatedAt"],
  filters: ["network", "enabled"],
};

/** The per-placement rows' page: the list (POST load is the same list) and the networks a row may name. */
export const placementsPage = resourceListPage(
  { base: "/admin/ads/settings/", role: "operator", ...PLACEMENT_LIST },
  { networks: z.array(z.enum(AD_NETWORKS)) },
  z.object({
    id: z.int(),
    placement: z.string(),
    network: z.string(),
    enabled: z.boolean(),
    capPerDay: z.int(),
    reward: z.int(),
    updatedAt: z.int(),
  }),
);

/** The whole document, checked against its shape (a refusal names the field under `settings.`). */
export const save = contract({
  method: "ANY",
  path: "/admin/ads/save",
  ...O,
  mutates: true,
  input: z.object({ settings: f.jsonValue() }),
  output: z.object({ settings: adSettingsShape }),
});
