// Options with variants: /admin/clientOptions/ and /admin/serverOptions/ are one area described
// twice (by scope). The page lists keys with their variants; editor/{key}/{variant} is one
// variant's JSON; save validates (name pattern, JSON, the key's shape if it has one, shares) and
// audits a readable diff; invalidateCache/{key}/{variant} bumps the version readers check.
// /admin/api/option/client/get|set are the same read and save for the game's tools.
import type { Context, Hono } from "hono";
import { z } from "zod";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import { validationError } from "../../domain/validation.ts";
import * as f from "../../domain/fields.ts";
import { audit, pathAction } from "../../http/audit.ts";
import { AppError, notFound } from "../../domain/errors.ts";
import {
  DEFAULT_VARIANT,
  type OptionScope,
  type SaveOption,
  OPTION_SHAPES,
  CHECK_EVERY,
  findVariant,
  invalidateVariant,
  jsonDiff,
  listVariants,
  optionName,
  readOption,
  saveOptionInput,
  saveVariant,
  shapeIssues,
  sharesWith,
  dropCachedOptions,
} from "../../domain/options.ts";
import "./messages.ts";

export interface OptionArea {
  scope: OptionScope;
  /** "/admin/clientOptions/" */
  base: string;
}

export const OPTION_AREAS: OptionArea[] = [
  { scope: "client", base: "/admin/clientOptions/" },
  { scope: "server", base: "/admin/serverOptions/" },
];

const who = { auth: "admin", role: "operator" } as const;
/** A JSON value must be there (null is a value; an absent one is "This field is required."). */
export const withValue = <S extends z.ZodType<{ value?: unknown }>>(schema: S) =>
  schema.refine((o) => o.value !== undefined, { path: ["value"], params: { rule: "required" } });
const saveInput = withValue(saveOptionInput);
const keyParams = z.object({ key: optionName(), variant: optionName() });

/** Validates and saves one variant with its audit row; the answer both save routes give. */
async function saveOption(c: Context<HonoEnv>, area: OptionArea, o: SaveOption) {
  const issues = shapeIssues(area.scope, o.key, o.value);
  if (issues.length) throw validationError(issues, o);
  const { db, clock } = c.var.deps;
  const result = await db.transaction(async (tx) => {
    if (o.variant !== DEFAULT_VARIANT && !(await findVariant(tx, area.scope, o.key, DEFAULT_VARIANT)))
      throw new AppError("validation", "system.error.no_default", [], 400, {
        variant: { id: "system.error.no_default" },
      });
    if ((await sharesWith(tx, area.scope, o.key, o.variant, o.share)) > 100)
      throw new AppError("validation", "system.error.shares", [], 400, { share: { id: "system.error.shares" } });
    const { before, after } = await saveVariant(tx, area.scope, o, clock.now());
    const changes = before
      ? [
          ...jsonDiff(before.value, after.value),
          ...(before.share !== after.share ? [`share: ${before.share} → ${after.share}`] : []),
        ]
      : [`created: ${JSON.stringify(after.value)}`];
    await audit(c, tx, {
      action: pathAction(`${area.base}save`),
      targetType: `${area.scope}Option`,
      targetId: `${o.key}/${o.variant}`,
      summary: changes.join("; ") || "no change",
      details: before
        ? {
            changes: [
              { field: "value", before: before.value, after: after.value },
              ...(before.share !== after.share ? [{ field: "share", before: before.share, after: after.share }] : []),
            ],
          }
        : {
            created: true,
            changes: [
              { field: "value", after: after.value },
              { field: "share", after: after.share },
            ],
          },
    });
    return { created: !before, option: after };
  });
  dropCachedOptions(db, area.scope);
  return c.json(result);
}

/** The JSON Schema of each shaped key's value: the editor draws its typed form from it. */
const formsOf = (scope: OptionScope) =>
  Object.fromEntries(
    Object.entries(OPTION_SHAPES[scope]).map(([key, shape]) => [
      key,
      z.toJSONSchema(shape, { io: "input", unrepresentable: "any" }),
    ]),
  );

export function registerOptionArea(app: Hono<HonoEnv>, area: OptionArea) {
  const forms = formsOf(area.scope);
  page(app, { path: area.base, ...who }, async (c) => {
    const variants = await listVariants(c.var.deps.db, area.scope);
    const keys = [...new Set(variants.map((v) => v.key))].map((key) => ({
      key,
      shaped: key in OPTION_SHAPES[area.scope],
      variants: variants
        .filter((v) => v.key === key)
        .map(({ variant, share, version, updatedAt }) => ({ variant, share, version, updatedAt })),
    }));
    return c.json({
      scope: area.scope,
      keys,
      shapes: Object.keys(OPTION_SHAPES[area.scope]),
      forms,
      checkEveryMs: CHECK_EVERY,
    });
  });

  // The editor is a page: a browser gets the shell, a JSON request one variant's value.
  page(
    app,
    { path: `${area.base}editor/:key{[^/]+}/:variant{[^/]+}`, ...who },
    { params: keyParams },
    async (c, { key, variant }) => {
      const found = await findVariant(c.var.deps.db, area.scope, key, variant);
      if (!found) throw notFound();
      return c.json({
        scope: area.scope,
        ...found,
        shaped: key in OPTION_SHAPES[area.scope],
        form: forms[key] ?? null,
      });
    },
  );

  route(app, { method: "ANY", path: `${area.base}save`, ...who, mutates: true }, { input: saveInput }, async (c, v) =>
    saveOption(c, area, v),
  );

  route(
    app,
    { method: "ANY", path: `${area.base}invalidateCache/:key{[^/]+}/:variant{[^/]+}`, ...who, mutates: true },
    { params: keyParams },
    async (c, { key, variant }) => {
      const { db, clock } = c.var.deps;
      const version = await db.transaction(async (tx) => {
        const found = await findVariant(tx, area.scope, key, variant);
        if (!found) throw notFound();
        const v = await invalidateVariant(tx, area.scope, key, variant, clock.now());
        await audit(c, tx, {
          action: pathAction(`${area.base}invalidateCache`),
          targetType: `${area.scope}Option`,
          targetId: `${key}/${variant}`,
          summary: `cache version ${v - 1} → ${v}`,
          details: { changes: [{ field: "cacheVersion", before: v - 1, after: v }] },
        });
        return v;
      });
      dropCachedOptions(db, area.scope);
      return c.json({ invalidated: `${key}/${variant}`, cacheVersion: version, otherInstancesWithinMs: CHECK_EVERY });
    },
  );
}

const getInput = z.object({ key: optionName(), variant: f.optional(optionName()), playerId: f.optional(f.id()) });

/** The game tools' API over client options: get reads as the game does (through the cache), set saves. */
export function registerOptionApi(app: Hono<HonoEnv>) {
  const client = OPTION_AREAS.find((a) => a.scope === "client")!;
  route(app, { method: "POST", path: "/admin/api/option/client/get", ...who }, { input: getInput }, async (c, q) => {
    const found = await readOption(c.var.deps.db, "client", q.key, q, c.var.deps.clock.now());
    if (!found) throw notFound();
    return c.json({ key: found.key, variant: found.variant, value: found.value, version: found.version });
  });
  route(
    app,
    { method: "POST", path: "/admin/api/option/client/set", ...who, mutates: true },
    { input: saveInput },
    async (c, v) => saveOption(c, client, v),
  );
}
