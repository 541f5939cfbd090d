// /admin/ads/: the global ad settings document — which networks are on, the frequency caps, the
// rewarded ads' reward (api/domain/ads.ts); the per-placement rows are resources (resources.ts).
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { AD_NETWORKS, adSettingsShape } from "../../domain/ads.ts";
import { contract } from "../contract.ts";

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

/** The whole document, checked against its shape (a refusal names the field under `settings.`). */
export const save = contract({
  method: "ANY",
  path: "/admin/ads/save",
  ...O,
  mutates: true,
  input: z.object({ settings: f.jsonValue() }),
  output: z.object({ settings: adSettingsShape }),
});
