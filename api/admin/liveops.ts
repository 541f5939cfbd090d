// /admin/liveops/*: operators save live events and read their calendar (api/domain/liveops/admin.ts).
import type { Hono } from "hono";
import type { HonoEnv } from "../http/env.ts";
import { page, route } from "../http/router.ts";
import { liveCalendar, saveLiveEvent } from "../domain/liveops/admin.ts";
import * as liveops from "../contracts/admin/liveops.ts";
import "./liveops-messages.ts";

export function registerAdminLiveops(app: Hono<HonoEnv>) {
  page(app, liveops.page, (_c, _v, ctx) => liveCalendar({ ctx, input: {} }));
  route(app, liveops.save, (_c, input, ctx) => saveLiveEvent({ ctx, input }));
  route(app, liveops.calendar, (_c, input, ctx) => liveCalendar({ ctx, input }));
}
