// The back office's system configuration: options with variants (client, server), battle
// options and the option API; each area described once in its own file.
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { OPTION_AREAS, registerOptionApi, registerOptionArea } from "./options.ts";
import { registerBattleOptions } from "./battle-options.ts";

export function registerSystemAdmin(app: Hono<HonoEnv>) {
  for (const area of OPTION_AREAS) registerOptionArea(app, area);
  registerOptionApi(app);
  registerBattleOptions(app);
}
