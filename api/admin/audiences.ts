// /admin/audiences/*: operators build saved audiences, preview their size and save them
// (api/domain/audiences/admin.ts).
import type { Hono } from "hono";
import type { HonoEnv } from "../http/env.ts";
import { page, route } from "../http/router.ts";
import { listAudiences, previewAudience, saveAudience } from "../domain/audiences/admin.ts";
import * as audiences from "../contracts/admin/audiences.ts";
import "./audiences-messages.ts";

export function registerAdminAudiences(app: Hono<HonoEnv>) {
  page(app, audiences.page, (_c, _v, ctx) => listAudiences({ ctx }));
  route(app, audiences.list, (_c, _v, ctx) => listAudiences({ ctx }));
  route(app, audiences.preview, (c, input, ctx) => previewAudience({ ctx, warehouse: c.var.deps.warehouse, input }));
  route(app, audiences.save, (c, input, ctx) => saveAudience({ ctx, warehouse: c.var.deps.warehouse, input }));
}
