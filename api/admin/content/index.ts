// The game content areas (tanks, module types, camouflages, decals), each described once and
// given its list/save/remove routes by the resources mechanism. Operators edit content.
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { registerResource } from "../resources/index.ts";
import { registerCollection } from "../resources/collection.ts";
import { PROGRESSION_RESOURCES } from "../../domain/resources/progression.ts";
import { CONTENT_COLLECTIONS, CONTENT_RESOURCES } from "../../domain/resources/content.ts";
import { registerContentDocuments } from "./documents.ts";
import { registerTranslation } from "./translation.ts";
import "./messages.ts";

export function registerContentAdmin(app: Hono<HonoEnv>) {
  for (const d of CONTENT_RESOURCES) registerResource(app, d);
  for (const d of CONTENT_COLLECTIONS) registerCollection(app, d);
  for (const d of PROGRESSION_RESOURCES) registerResource(app, d);
  registerContentDocuments(app);
  registerTranslation(app);
}
