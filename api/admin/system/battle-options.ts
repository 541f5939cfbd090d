// /admin/battleOptions/: one JSON document, versioned. Every save appends a version (the highest
// is in force) with who saved it and a readable diff; the page shows the current one and the
// history. A save names the version it was edited from, so a stale editor gets a 409, not a
// silent overwrite.
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import { battleOptionsPage, saveBattleOptionsByOperator } from "../../domain/options-admin.ts";
import * as options from "../../contracts/admin/options.ts";
import "./messages.ts";

export function registerBattleOptions(app: Hono<HonoEnv>) {
  page(app, options.battlePage, (_c, _v, ctx) => battleOptionsPage({ ctx }));
  route(app, options.battleSave, (_c, input, ctx) => saveBattleOptionsByOperator({ ctx, input }));
}
