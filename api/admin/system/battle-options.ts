// /admin/battleOptions/: one JSON document, versioned. Every save appends a version (the highest
// is in force) with who saved it and a readable diff; the page shows the current one and the
// history. A save names the version it was edited from, so a stale editor gets a 409, not a
// silent overwrite.
import type { Hono } from "hono";
import { z } from "zod";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import { validationError } from "../../domain/validation.ts";
import * as f from "../../domain/fields.ts";
import { audit } from "../../http/audit.ts";
import { conflict } from "../../domain/errors.ts";
import {
  battleOptionsHistory,
  battleOptionsShape,
  currentBattleOptions,
  saveBattleOptions,
} from "../../domain/options.ts";
import { changesOf, detailsOf } from "../../domain/audit-details.ts";
import "./messages.ts";

const who = { auth: "admin", role: "operator" } as const;
const saveInput = z.object({ value: f.jsonValue(), baseVersion: f.int(0, Number.MAX_SAFE_INTEGER) });

export function registerBattleOptions(app: Hono<HonoEnv>) {
  // The shape's JSON Schema: the screen's typed fields (keys the shape does not name stay free-form).
  const form = z.toJSONSchema(battleOptionsShape, { io: "input", unrepresentable: "any" });
  page(app, { path: "/admin/battleOptions/", ...who }, async (c) => {
    const db = c.var.deps.db;
    // One version more than shown: the oldest shown row's change is read against the one before it.
    const rows = await battleOptionsHistory(db, 51);
    const values = rows.map((r) => asObject(JSON.parse(r.value)));
    const history = rows.slice(0, 50).map(({ value: _v, ...h }, i) => {
      const before = i + 1 < rows.length ? values[i + 1] : h.version === 1 ? undefined : null;
      // The change as data (the screen names fields and values in the viewer's language); null when the version before is not at hand.
      return { ...h, created: before === undefined, changes: before === null ? null : changesOf(before, values[i]) };
    });
    return c.json({ current: (await currentBattleOptions(db)) ?? { version: 0, value: {} }, history, form });
  });

  route(
    app,
    { method: "ANY", path: "/admin/battleOptions/save", ...who, mutates: true },
    { input: saveInput },
    async (c, { value, baseVersion }, ctx) => {
      const shaped = battleOptionsShape.safeParse(value);
      if (!shaped.success)
        throw validationError(
          shaped.error.issues.map((i) => ({ ...i, path: ["value", ...i.path] })),
          { value },
        );
      const { db, clock } = c.var.deps;
      const saved = await db.transaction(async (tx) => {
        const cur = await currentBattleOptions(tx);
        if ((cur?.version ?? 0) !== baseVersion) throw conflict("system.error.stale", [cur?.version ?? 0]);
        const r = await saveBattleOptions(tx, value, ctx.actor.username, clock.now());
        await audit(c, tx, {
          action: "/admin/battleOptions/save",
          targetType: "battleOptions",
          targetId: r.version,
          summary: r.summary,
          details: detailsOf(cur ? asObject(cur.value) : undefined, asObject(value)),
        });
        return r;
      });
      return c.json({ version: saved.version, summary: saved.summary });
    },
  );
}

const asObject = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : { value: v };
