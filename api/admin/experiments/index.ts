// /admin/experiments/*: A/B experiments (api/domain/experiments.ts holds the rules). Every save
// is one transaction with its audit row; a status change to or from running moves the option
// shares in the same transaction, so players switch variants exactly when the status does.
import type { Hono } from "hono";
import { z } from "zod";
import { eq } from "drizzle-orm";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import * as f from "../../domain/fields.ts";
import { audit } from "../../http/audit.ts";
import { AppError, conflict, fieldError, notFound } from "../../domain/errors.ts";
import { experiments, EXPERIMENT_STATUSES } from "../../db/schema/experiments.ts";
import { OPTION_SCOPES, PLATFORMS } from "../../db/schema/system.ts";
import type { DbOrTx } from "../../db/index.ts";
import { diff, listResource, type ResourceDescription, type ListQuery } from "../../domain/resources.ts";
import { listInputFor } from "../../contracts/admin/resources.ts";
import { DEFAULT_VARIANT, dropCachedOptions, listVariants } from "../../domain/options.ts";
import {
  applyShares,
  conditionsInput,
  DEFAULT_CONDITIONS,
  findExperiment,
  generalInput,
  participants,
  runningOnKey,
  statusInput,
  toExperiment,
  TRANSITIONS,
  variantsInput,
  variantsProblem,
  type Experiment,
} from "../../domain/experiments.ts";
import { detailsOf } from "../../domain/audit-details.ts";
import "./messages.ts";

const who = { auth: "admin", role: "operator" } as const;
const base = "/admin/experiments/";

/** The list's description for the shared list reader (not registered as a generic resource: the saves have rules of their own). */
const listArea: ResourceDescription = {
  name: "experiment",
  base,
  role: "operator",
  table: experiments,
  schema: generalInput,
  columns: ["id", "name", "status", "optionScope", "optionKey", "updatedAt", "startedAt"],
  search: ["name", "description", "optionKey"],
  filters: ["status", "optionScope"],
  actions: { list: "list" },
  fromRow: (r) => ({
    ...r,
    variants: JSON.parse(r.variants as string),
    conditions: JSON.parse(r.conditions as string),
  }),
};
const listInput = listInputFor(listArea);
const byId = z.object({ id: f.id() });
const usersInput = z.object({
  id: f.id(),
  page: f.optional(f.int(1, 100_000)).default(1),
  size: f.optional(f.int(1, 200)).default(20),
  variant: f.optionalText(64),
});

/** The variant names each option key of a scope has, for the forms. */
async function optionKeys(db: DbOrTx) {
  const out: Record<string, Record<string, string[]>> = {};
  for (const scope of OPTION_SCOPES) {
    out[scope] = {};
    for (const v of await listVariants(db, scope)) (out[scope][v.key] ??= []).push(v.variant);
  }
  return out;
}

async function mustFind(db: DbOrTx, id: number): Promise<Experiment> {
  const e = await findExperiment(db, id);
  if (!e) throw notFound();
  return e;
}

export function registerExperiments(app: Hono<HonoEnv>) {
  page(app, { path: base, ...who }, async (c) =>
    c.json({
      statuses: EXPERIMENT_STATUSES,
      transitions: TRANSITIONS,
      scopes: OPTION_SCOPES,
      optionKeys: await optionKeys(c.var.deps.db),
    }),
  );

  page(app, { path: `${base}control/:id{[0-9]+}`, ...who }, { params: byId }, async (c, v) => {
    const { db } = c.var.deps;
    const e = await mustFind(db, v.id);
    const counts: Record<string, number> = {};
    for (const p of await participants(db, e)) counts[p.variant] = (counts[p.variant] ?? 0) + 1;
    return c.json({
      experiment: e,
      transitions: TRANSITIONS[e.status],
      optionKeys: await optionKeys(db),
      platforms: PLATFORMS,
      counts,
    });
  });

  route(app, { method: "ANY", path: `${base}list`, ...who }, { input: listInput }, async (c, v, ctx) =>
    c.json(await listResource({ ctx, input: { d: listArea, query: v as ListQuery } })),
  );

  route(app, { method: "ANY", path: `${base}users`, ...who }, { input: usersInput }, async (c, q) => {
    const e = await mustFind(c.var.deps.db, q.id);
    const all = (await participants(c.var.deps.db, e)).filter((p) => !q.variant || p.variant === q.variant);
    return c.json({
      rows: all.slice((q.page - 1) * q.size, q.page * q.size),
      total: all.length,
      page: q.page,
      size: q.size,
      status: e.status,
    });
  });

  route(
    app,
    { method: "ANY", path: `${base}save/general/settings`, ...who, mutates: true },
    { input: generalInput },
    async (c, item) => {
      const { db, clock } = c.var.deps;
      const at = clock.now();
      const saved = await db.transaction(async (tx) => {
        const variants = (await listVariants(tx, item.optionScope))
          .filter((v) => v.key === item.optionKey)
          .map((v) => v.variant);
        if (!variants.includes(DEFAULT_VARIANT))
          throw fieldError({ optionKey: { id: "experiments.error.unknown_key", values: [item.optionKey] } });
        const fields = {
          name: item.name,
          description: item.description,
          optionScope: item.optionScope,
          optionKey: item.optionKey,
        };
        if (item.id === undefined) {
          const [row] = await tx
            .insert(experiments)
            .values({
              ...fields,
              conditions: JSON.stringify(DEFAULT_CONDITIONS),
              variants: "[]",
              createdAt: at,
              updatedAt: at,
            })
            .returning();
          await audit(c, tx, {
            action: `${base}save/general/settings`,
            targetType: "experiment",
            targetId: row.id,
            summary: diff(undefined, fields),
            details: detailsOf(undefined, fields),
          });
          return toExperiment(row);
        }
        const before = await mustFind(tx, item.id);
        const keyChanged = before.optionScope !== item.optionScope || before.optionKey !== item.optionKey;
        if (keyChanged && before.status === "running") throw conflict("experiments.error.running");
        // Another key's variants mean nothing here: a new key starts with no variants.
        const [row] = await tx
          .update(experiments)
          .set({ ...fields, ...(keyChanged ? { variants: "[]" } : {}), updatedAt: at })
          .where(eq(experiments.id, item.id))
          .returning();
        await audit(c, tx, {
          action: `${base}save/general/settings`,
          targetType: "experiment",
          targetId: item.id,
          summary: diff(
            {
              name: before.name,
              description: before.description,
              optionScope: before.optionScope,
              optionKey: before.optionKey,
            },
            fields,
          ),
          details: detailsOf(
            {
              name: before.name,
              description: before.description,
              optionScope: before.optionScope,
              optionKey: before.optionKey,
            },
            fields,
          ),
        });
        return toExperiment(row);
      });
      return c.json({ experiment: saved });
    },
  );

  route(
    app,
    { method: "ANY", path: `${base}save/conditions`, ...who, mutates: true },
    { input: conditionsInput },
    async (c, { id, ...conditions }) => {
      if (conditions.levelMin > conditions.levelMax)
        throw fieldError({ levelMax: { id: "experiments.error.level_range" } });
      const { db, clock } = c.var.deps;
      const at = clock.now();
      const saved = await db.transaction(async (tx) => {
        const before = await mustFind(tx, id);
        const [row] = await tx
          .update(experiments)
          .set({ conditions: JSON.stringify(conditions), updatedAt: at })
          .where(eq(experiments.id, id))
          .returning();
        const after = toExperiment(row);
        // A running experiment's percentage is its players' share: move the option shares with it.
        const shares = after.status === "running" ? await applyShares(tx, after, true, at) : undefined;
        await audit(c, tx, {
          action: `${base}save/conditions`,
          targetType: "experiment",
          targetId: id,
          summary: diff(before.conditions, conditions) + (shares ? `; option shares ${JSON.stringify(shares)}` : ""),
          details: detailsOf(before.conditions, conditions),
        });
        return after;
      });
      if (saved.status === "running") dropCachedOptions(db, saved.optionScope);
      return c.json({ experiment: saved });
    },
  );

  route(
    app,
    { method: "ANY", path: `${base}save/variants`, ...who, mutates: true },
    { input: variantsInput },
    async (c, { id, variants }) => {
      const { db, clock } = c.var.deps;
      const saved = await db.transaction(async (tx) => {
        const before = await mustFind(tx, id);
        if (before.status === "running") throw conflict("experiments.error.running");
        const optionVariants = (await listVariants(tx, before.optionScope))
          .filter((v) => v.key === before.optionKey)
          .map((v) => v.variant);
        const problem = variantsProblem(variants, optionVariants);
        if (problem) throw fieldError({ [problem.field]: { id: problem.id, values: problem.values } });
        const [row] = await tx
          .update(experiments)
          .set({ variants: JSON.stringify(variants), updatedAt: clock.now() })
          .where(eq(experiments.id, id))
          .returning();
        await audit(c, tx, {
          action: `${base}save/variants`,
          targetType: "experiment",
          targetId: id,
          summary: `variants ${JSON.stringify(before.variants)} → ${JSON.stringify(variants)}`,
          details: { changes: [{ field: "variants", before: before.variants, after: variants }] },
        });
        return toExperiment(row);
      });
      return c.json({ experiment: saved });
    },
  );

  route(
    app,
    { method: "ANY", path: `${base}save/status`, ...who, mutates: true },
    { input: statusInput },
    async (c, { id, status }) => {
      const { db, clock } = c.var.deps;
      const at = clock.now();
      const saved = await db.transaction(async (tx) => {
        const before = await mustFind(tx, id);
        if (!TRANSITIONS[before.status].includes(status))
          throw new AppError("conflict", "experiments.error.transition", [before.status, status]);
        let shares: Record<string, number> | undefined;
        if (status === "running") {
          if (before.variants.reduce((s, v) => s + v.weight, 0) <= 0) throw conflict("experiments.error.no_variants");
          const other = await runningOnKey(tx, before.optionScope, before.optionKey, id);
          if (other) throw conflict("experiments.error.key_taken", [other.id]);
          shares = await applyShares(tx, before, true, at);
        } else if (before.status === "running") shares = await applyShares(tx, before, false, at);
        const times =
          status === "running" ? { startedAt: at, stoppedAt: null } : status === "stopped" ? { stoppedAt: at } : {};
        const [row] = await tx
          .update(experiments)
          .set({ status, ...times, updatedAt: at })
          .where(eq(experiments.id, id))
          .returning();
        await audit(c, tx, {
          action: `${base}save/status`,
          targetType: "experiment",
          targetId: id,
          summary:
            `status ${before.status} → ${status}` +
            (shares ? `; ${before.optionScope} option ${before.optionKey} shares ${JSON.stringify(shares)}` : ""),
          details: { changes: [{ field: "experimentStatus", before: before.status, after: status }] },
        });
        return toExperiment(row);
      });
      dropCachedOptions(db, saved.optionScope);
      return c.json({ experiment: saved });
    },
  );
}
