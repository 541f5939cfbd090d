// /admin/immutableOptions/: JSON documents published once per key. A published key never
// changes (clients may keep it forever); a new value is a new key (e.g. "maps.v7"). save
// publishes a new key and refuses a published one with 409; invalidateCache bumps the version
// readers check, for a copy some instance holds from before a restore of the database.
import type { Hono } from "hono";
import { z } from "zod";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import * as f from "../../domain/fields.ts";
import { audit } from "../../http/audit.ts";
import { conflict } from "../../domain/errors.ts";
import {
  bumpCache,
  CHECK_EVERY,
  dropCachedOptions,
  listImmutable,
  optionName,
  publishImmutable,
} from "../../domain/options.ts";
import { withValue } from "./options.ts";
import "./messages.ts";

const who = { auth: "admin", role: "operator" } as const;
const saveInput = withValue(z.object({ key: optionName(), value: f.jsonValue() }));

export function registerImmutableOptions(app: Hono<HonoEnv>) {
  page(app, { path: "/admin/immutableOptions/", ...who }, async (c) =>
    c.json({ options: await listImmutable(c.var.deps.db) }),
  );

  route(
    app,
    { method: "ANY", path: "/admin/immutableOptions/save", ...who, mutates: true },
    { input: saveInput },
    async (c, { key, value }, ctx) => {
      const { db, clock } = c.var.deps;
      await db.transaction(async (tx) => {
        if (!(await publishImmutable(tx, key, value, ctx.actor.username, clock.now())))
          throw conflict("system.error.published");
        await audit(c, tx, {
          action: "/admin/immutableOptions/save",
          targetType: "immutableOption",
          targetId: key,
          summary: `published: ${JSON.stringify(value)}`,
          details: { created: true, changes: [{ field: "value", after: value }] },
        });
      });
      dropCachedOptions(db, "immutable");
      return c.json({ published: key });
    },
  );

  route(
    app,
    { method: "ANY", path: "/admin/immutableOptions/invalidateCache", ...who, mutates: true },
    {},
    async (c) => {
      const { db, clock } = c.var.deps;
      const version = await db.transaction(async (tx) => {
        const v = await bumpCache(tx, "immutable", clock.now());
        await audit(c, tx, {
          action: "/admin/immutableOptions/invalidateCache",
          targetType: "immutableOption",
          summary: `cache version ${v - 1} → ${v}`,
          details: { changes: [{ field: "cacheVersion", before: v - 1, after: v }] },
        });
        return v;
      });
      dropCachedOptions(db, "immutable");
      return c.json({ cacheVersion: version, otherInstancesWithinMs: CHECK_EVERY });
    },
  );
}
