// /admin/immutableOptions/: JSON documents published once per key. A published key never
// changes (clients may keep it forever); a new value is a new key (e.g. "maps.v7"). save
// publishes a new key and refuses a published one with 409; invalidateCache bumps the version
// readers check, for a copy some instance holds from before a restore of the database.
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import { listImmutable } from "../../domain/options.ts";
import { invalidateImmutableByOperator, publishImmutableByOperator } from "../../domain/options-admin.ts";
import * as options from "../../contracts/admin/options.ts";
import "./messages.ts";

export function registerImmutableOptions(app: Hono<HonoEnv>) {
  page(app, options.immutablePage, async (_c, _v, ctx) => ({ options: await listImmutable(ctx.db) }));
  route(app, options.immutableSave, (_c, input, ctx) => publishImmutableByOperator({ ctx, input }));
  route(app, options.immutableInvalidate, (_c, _v, ctx) => invalidateImmutableByOperator({ ctx }));
}
