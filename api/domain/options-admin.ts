// The operators' options (/admin/clientOptions, /admin/serverOptions, /admin/immutableOptions,
// /admin/battleOptions and the game tools' /admin/api/option/client): the pages' reads, and each
// save or cache drop as a service — validated, its admin log row from the context's operator in
// the same transaction, this instance's cached copy dropped once committed. The routes are
// api/admin/system/. The option rules themselves are api/domain/options.ts.
import { z } from "zod";
import { AppError, conflict, fieldError, notFound } from "./errors.ts";
import { audienceExists } from "./audiences/members.ts";
import { validationError } from "./validation.ts";
import { audit, pathAction } from "./audit.ts";
import { changesOf, detailsOf } from "./audit-details.ts";
import { type AdminCtx, type Ctx, inTransaction, transact } from "./context.ts";
import {
  battleOptionsHistory,
  battleOptionsShape,
  bumpCache,
  CHECK_EVERY,
  currentBattleOptions,
  DEFAULT_VARIANT,
  dropCachedOptions,
  findVariant,
  invalidateVariant,
  jsonDiff,
  listVariants,
  OPTION_SHAPES,
  type OptionScope,
  publishImmutable,
  readOption,
  type SaveOption,
  saveBattleOptions,
  saveVariant,
  shapeIssues,
  sharesWith,
} from "./options.ts";

/** Drops this instance's copy once the change is committed (a transaction the caller holds: its bump tells). */
const dropAfter = (ctx: Ctx, cache: OptionScope | "immutable") => {
  if (!inTransaction(ctx.db)) dropCachedOptions(ctx.db, cache);
};

/** The JSON Schema of each shaped key's value: the editor draws its typed form from it. */
export const optionForms = (scope: OptionScope): Record<string, Record<string, unknown>> =>
  Object.fromEntries(
    Object.entries(OPTION_SHAPES[scope]).map(([key, shape]) => [
      key,
      z.toJSONSchema(shape, { io: "input", unrepresentable: "any" }) as Record<string, unknown>,
    ]),
  );

/** A scope's keys with their variants (shares, versions), its shaped keys and their forms. */
export async function optionsPage({ ctx, input: { scope } }: { ctx: Ctx; input: { scope: OptionScope } }) {
  const variants = await listVariants(ctx.db, scope);
  const keys = [...new Set(variants.map((v) => v.key))].map((key) => ({
    key,
    shaped: key in OPTION_SHAPES[scope],
    variants: variants
      .filter((v) => v.key === key)
      .map(({ variant, share, audienceId, version, updatedAt }) => ({
        variant,
        share,
        audienceId,
        version,
        updatedAt,
      })),
  }));
  return {
    scope,
    keys,
    shapes: Object.keys(OPTION_SHAPES[scope]),
    forms: optionForms(scope),
    checkEveryMs: CHECK_EVERY,
  };
}

/** One variant's value (404 when there is none), whether its key is shaped, and its form. */
export async function optionEditor({
  ctx,
  input: { scope, key, variant },
}: {
  ctx: Ctx;
  input: { scope: OptionScope; key: string; variant: string };
}) {
  const found = await findVariant(ctx.db, scope, key, variant);
  if (!found) throw notFound();
  return { scope, ...found, shaped: key in OPTION_SHAPES[scope], form: optionForms(scope)[key] ?? null };
}

/**
 * Saves one variant: its key's shape, a default variant before any other, shares of at most 100 in
 * all; the admin log says what changed (`action` is the route's path).
 */
export async function saveOptionByOperator({
  ctx,
  input: { scope, action, option: o },
}: {
  ctx: AdminCtx;
  input: { scope: OptionScope; action: string; option: SaveOption };
}) {
  const issues = shapeIssues(scope, o.key, o.value);
  if (issues.length) throw validationError(issues, o);
  const result = await transact(ctx, async (c) => {
    const tx = c.db;
    if (o.variant !== DEFAULT_VARIANT && !(await findVariant(tx, scope, o.key, DEFAULT_VARIANT)))
      throw new AppError("validation", "system.error.no_default", [], 400, {
        variant: { id: "system.error.no_default" },
      });
    if (o.audienceId != null) {
      if (o.variant === DEFAULT_VARIANT) throw fieldError({ audienceId: { id: "audience.default_variant" } });
      if (!(await audienceExists(tx, o.audienceId))) throw fieldError({ audienceId: { id: "audience.unknown" } });
    }
    if ((await sharesWith(tx, scope, o.key, o.variant, o.share)) > 100)
      throw new AppError("validation", "system.error.shares", [], 400, { share: { id: "system.error.shares" } });
    const { before, after } = await saveVariant(tx, scope, o, ctx.clock.now());
    const changes = before
      ? [
          ...jsonDiff(before.value, after.value),
          ...(before.share !== after.share ? [`share: ${before.share} → ${after.share}`] : []),
          ...(before.audienceId !== after.audienceId
            ? [`audience: ${before.audienceId ?? "none"} → ${after.audienceId ?? "none"}`]
            : []),
        ]
      : [`created: ${JSON.stringify(after.value)}`];
    await audit(c, {
      action: pathAction(action),
      targetType: `${scope}Option`,
      targetId: `${o.key}/${o.variant}`,
      summary: changes.join("; ") || "no change",
      details: before
        ? {
            changes: [
              { field: "value", before: before.value, after: after.value },
              ...(before.share !== after.share ? [{ field: "share", before: before.share, after: after.share }] : []),
              ...(before.audienceId !== after.audienceId
                ? [{ field: "audienceId", before: before.audienceId, after: after.audienceId }]
                : []),
            ],
          }
        : {
            created: true,
            changes: [
              { field: "value", after: after.value },
              { field: "share", after: after.share },
              { field: "audienceId", after: after.audienceId },
            ],
          },
    });
    return { created: !before, option: after };
  });
  dropAfter(ctx, scope);
  return result;
}

/** Bumps one variant's cache version: every instance reloads it within CHECK_EVERY. */
export async function invalidateOptionByOperator({
  ctx,
  input: { scope, action, key, variant },
}: {
  ctx: AdminCtx;
  input: { scope: OptionScope; action: string; key: string; variant: string };
}) {
  const version = await transact(ctx, async (c) => {
    if (!(await findVariant(c.db, scope, key, variant))) throw notFound();
    const v = await invalidateVariant(c.db, scope, key, variant, ctx.clock.now());
    await audit(c, {
      action: pathAction(action),
      targetType: `${scope}Option`,
      targetId: `${key}/${variant}`,
      summary: `cache version ${v - 1} → ${v}`,
      details: { changes: [{ field: "cacheVersion", before: v - 1, after: v }] },
    });
    return v;
  });
  dropAfter(ctx, scope);
  return { invalidated: `${key}/${variant}`, cacheVersion: version, otherInstancesWithinMs: CHECK_EVERY };
}

/** A client option as the game reads it (through the cache): a variant asked for, or the player's. */
export async function readClientOption({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { key: string; variant?: string; playerId?: number };
}) {
  const db = ctx.db;
  // The game's read goes through this instance's cache, which belongs to the store, not a transaction.
  if (inTransaction(db)) throw new Error("readClientOption reads through the cache: give it the store");
  const found = await readOption(db, "client", input.key, input, ctx.clock.now());
  if (!found) throw notFound();
  return { key: found.key, variant: found.variant, value: found.value, version: found.version };
}

/** Publishes an immutable option under a new key (a published key is a conflict: it never changes). */
export async function publishImmutableByOperator({
  ctx,
  input: { key, value },
}: {
  ctx: AdminCtx;
  input: { key: string; value: unknown };
}) {
  await transact(ctx, async (c) => {
    if (!(await publishImmutable(c.db, key, value, ctx.actor.username, ctx.clock.now())))
      throw conflict("system.error.published");
    await audit(c, {
      action: "/admin/immutableOptions/save",
      targetType: "immutableOption",
      targetId: key,
      summary: `published: ${JSON.stringify(value)}`,
      details: { created: true, changes: [{ field: "value", after: value }] },
    });
  });
  dropAfter(ctx, "immutable");
  return { published: key };
}

/** Bumps the immutable options' cache version (a copy some instance holds from before a restore). */
export async function invalidateImmutableByOperator({ ctx }: { ctx: AdminCtx }) {
  const version = await transact(ctx, async (c) => {
    const v = await bumpCache(c.db, "immutable", ctx.clock.now());
    await audit(c, {
      action: "/admin/immutableOptions/invalidateCache",
      targetType: "immutableOption",
      summary: `cache version ${v - 1} → ${v}`,
      details: { changes: [{ field: "cacheVersion", before: v - 1, after: v }] },
    });
    return v;
  });
  dropAfter(ctx, "immutable");
  return { cacheVersion: version, otherInstancesWithinMs: CHECK_EVERY };
}

const asObject = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : { value: v };

/** The battle options in force, the last 50 versions with what each changed, and the typed form. */
export async function battleOptionsPage({ ctx }: { ctx: Ctx }) {
  // One version more than shown: the oldest shown row's change is read against the one before it.
  const rows = await battleOptionsHistory(ctx.db, 51);
  const values = rows.map((r) => asObject(JSON.parse(r.value)));
  const history = rows.slice(0, 50).map(({ value: _v, ...h }, i) => {
    const before = i + 1 < rows.length ? values[i + 1] : h.version === 1 ? undefined : null;
    // The change as data (the screen names fields and values in the viewer's language); null when the version before is not at hand.
    return { ...h, created: before === undefined, changes: before === null ? null : changesOf(before, values[i]) };
  });
  return {
    current: (await currentBattleOptions(ctx.db)) ?? { version: 0, value: {} },
    history,
    // The shape's JSON Schema: the screen's typed fields (keys the shape does not name stay free-form).
    form: z.toJSONSchema(battleOptionsShape, { io: "input", unrepresentable: "any" }) as Record<string, unknown>,
  };
}

/** Saves a new version of the battle options, edited from `baseVersion` (a stale editor is a conflict). */
export async function saveBattleOptionsByOperator({
  ctx,
  input: { value, baseVersion },
}: {
  ctx: AdminCtx;
  input: { value: unknown; baseVersion: number };
}) {
  const shaped = battleOptionsShape.safeParse(value);
  if (!shaped.success)
    throw validationError(
      shaped.error.issues.map((i) => ({ ...i, path: ["value", ...i.path] })),
      { value },
    );
  const saved = await transact(ctx, async (c) => {
    const cur = await currentBattleOptions(c.db);
    if ((cur?.version ?? 0) !== baseVersion) throw conflict("system.error.stale", [cur?.version ?? 0]);
    const r = await saveBattleOptions(c.db, value, ctx.actor.username, ctx.clock.now());
    await audit(c, {
      action: "/admin/battleOptions/save",
      targetType: "battleOptions",
      targetId: r.version,
      summary: r.summary,
      details: detailsOf(cur ? asObject(cur.value) : undefined, asObject(value)),
    });
    return r;
  });
  return { version: saved.version, summary: saved.summary };
}
