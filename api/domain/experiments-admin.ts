// The operators' A/B experiments (/admin/experiments): the pages' reads, the participants, and each
// save — general settings, conditions, variants, status — one transaction with its admin log row
// from the context's operator; a status change to or from running moves the option shares in the
// same transaction, so players switch variants exactly when the status does. The rules of an
// experiment are api/domain/experiments.ts; the routes api/admin/experiments/.
import { eq } from "drizzle-orm";
import { experiments, EXPERIMENT_STATUSES } from "../db/schema/experiments.ts";
import { OPTION_SCOPES, PLATFORMS } from "../db/schema/system.ts";
import type { DbOrTx } from "../db/index.ts";
import { AppError, conflict, fieldError, notFound } from "./errors.ts";
import { audit } from "./audit.ts";
import { audienceExists } from "./audiences/members.ts";
import { detailsOf } from "./audit-details.ts";
import { type AdminCtx, type Ctx, inTransaction, transact } from "./context.ts";
import { diff, type ResourceDescription } from "./resources.ts";
import { DEFAULT_VARIANT, dropCachedOptions, listVariants, type OptionScope, saveVariant } from "./options.ts";
import {
  applyShares,
  type Conditions,
  DEFAULT_CONDITIONS,
  type Experiment,
  type ExperimentStatus,
  type ExperimentVariant,
  findExperiment,
  generalInput,
  type Guardrails,
  participants,
  runningOnKey,
  toExperiment,
  TRANSITIONS,
  variantsProblem,
} from "./experiments.ts";

import { type Crossing, crossedGuardrails, scorecard } from "./experiments-scorecard.ts";
import type { Clock } from "../deps.ts";
import type { Db } from "../db/index.ts";
import { and, ne } from "drizzle-orm";
import type { Warehouse } from "../../warehouse/port.ts";

const base = "/admin/experiments/";

/** The list's description for the shared list reader (not a generic resource: the saves have rules of their own). */
export const experimentsList: ResourceDescription = {
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
    guardrails: JSON.parse(r.guardrails as string),
  }),
};

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

/** Drops this instance's options of the scope once the change is committed. */
const dropAfter = (ctx: Ctx, scope: OptionScope) => {
  if (!inTransaction(ctx.db)) dropCachedOptions(ctx.db, scope);
};

/** The list's page: statuses, their transitions, the option scopes and keys. */
export async function experimentsPage({ ctx }: { ctx: Ctx }) {
  return {
    statuses: [...EXPERIMENT_STATUSES],
    transitions: TRANSITIONS,
    scopes: [...OPTION_SCOPES],
    optionKeys: await optionKeys(ctx.db),
  };
}

/** One experiment's control page: it, its next statuses, the option keys, the platforms, its players per variant. */
export async function experimentControl({ ctx, input: { id } }: { ctx: Ctx; input: { id: number } }) {
  const e = await mustFind(ctx.db, id);
  const counts: Record<string, number> = {};
  for (const p of await participants(ctx.db, e)) counts[p.variant] = (counts[p.variant] ?? 0) + 1;
  return {
    experiment: e,
    transitions: TRANSITIONS[e.status],
    optionKeys: await optionKeys(ctx.db),
    platforms: [...PLATFORMS],
    counts,
  };
}

/** The experiment's scorecard (at most 5 minutes old). */
export async function experimentScorecard({
  ctx,
  wh,
  input: { id },
}: {
  ctx: Ctx;
  wh: Warehouse;
  input: { id: number };
}) {
  return scorecard(ctx.db, wh, await mustFind(ctx.db, id), ctx.clock.now());
}

/** A page of the experiment's players (of one variant, or all). */
export async function experimentUsers({
  ctx,
  input: q,
}: {
  ctx: Ctx;
  input: { id: number; page: number; size: number; variant?: string };
}) {
  const e = await mustFind(ctx.db, q.id);
  const all = (await participants(ctx.db, e)).filter((p) => !q.variant || p.variant === q.variant);
  return {
    rows: all.slice((q.page - 1) * q.size, q.page * q.size),
    total: all.length,
    page: q.page,
    size: q.size,
    status: e.status,
  };
}

/** Creates an experiment or saves its name, description and option key (a running one keeps its key). */
export async function saveExperimentGeneral({
  ctx,
  input: item,
}: {
  ctx: AdminCtx;
  input: { id?: number; name: string; description: string; optionScope: OptionScope; optionKey: string };
}) {
  const at = ctx.clock.now();
  return transact(ctx, async ({ db: tx }) => {
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
      await audit(
        { ...ctx, db: tx },
        {
          action: `${base}save/general/settings`,
          targetType: "experiment",
          targetId: row.id,
          summary: diff(undefined, fields),
          details: detailsOf(undefined, fields),
        },
      );
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
    await audit(
      { ...ctx, db: tx },
      {
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
      },
    );
    return toExperiment(row);
  });
}

/** Saves who takes part (levels, platforms, countries, percent); a running experiment's shares move with it. */
export async function saveExperimentConditions({
  ctx,
  input: { id, ...conditions },
}: {
  ctx: AdminCtx;
  input: Conditions & { id: number };
}) {
  if (conditions.levelMin > conditions.levelMax)
    throw fieldError({ levelMax: { id: "experiments.error.level_range" } });
  const at = ctx.clock.now();
  const saved = await transact(ctx, async ({ db: tx }) => {
    if (conditions.audienceId !== undefined && !(await audienceExists(tx, conditions.audienceId)))
      throw fieldError({ audienceId: { id: "audience.unknown" } });
    const before = await mustFind(tx, id);
    const [row] = await tx
      .update(experiments)
      .set({ conditions: JSON.stringify(conditions), updatedAt: at })
      .where(eq(experiments.id, id))
      .returning();
    const after = toExperiment(row);
    // A running experiment's percentage is its players' share: move the option shares with it.
    const shares = after.status === "running" ? await applyShares(tx, after, true, at) : undefined;
    await audit(
      { ...ctx, db: tx },
      {
        action: `${base}save/conditions`,
        targetType: "experiment",
        targetId: id,
        summary: diff(before.conditions, conditions) + (shares ? `; option shares ${JSON.stringify(shares)}` : ""),
        details: detailsOf(before.conditions, conditions),
      },
    );
    return after;
  });
  if (saved.status === "running") dropAfter(ctx, saved.optionScope);
  return saved;
}

/** Saves the variants (not while running): names, weights and the option variant each gives. */
export async function saveExperimentVariants({
  ctx,
  input: { id, variants },
}: {
  ctx: AdminCtx;
  input: { id: number; variants: ExperimentVariant[] };
}) {
  return transact(ctx, async ({ db: tx }) => {
    const before = await mustFind(tx, id);
    if (before.status === "running") throw conflict("experiments.error.running");
    const optionVariants = (await listVariants(tx, before.optionScope))
      .filter((v) => v.key === before.optionKey)
      .map((v) => v.variant);
    const problem = variantsProblem(variants, optionVariants);
    if (problem) throw fieldError({ [problem.field]: { id: problem.id, values: problem.values } });
    const [row] = await tx
      .update(experiments)
      .set({ variants: JSON.stringify(variants), updatedAt: ctx.clock.now() })
      .where(eq(experiments.id, id))
      .returning();
    await audit(
      { ...ctx, db: tx },
      {
        action: `${base}save/variants`,
        targetType: "experiment",
        targetId: id,
        summary: `variants ${JSON.stringify(before.variants)} → ${JSON.stringify(variants)}`,
        details: { changes: [{ field: "variants", before: before.variants, after: variants }] },
      },
    );
    return toExperiment(row);
  });
}

/** Moves the experiment along its transitions; starting or stopping moves the option shares with it. */
export async function saveExperimentStatus({
  ctx,
  input: { id, status },
}: {
  ctx: AdminCtx;
  input: { id: number; status: ExperimentStatus };
}) {
  const at = ctx.clock.now();
  const saved = await transact(ctx, async ({ db: tx }) => {
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
    await audit(
      { ...ctx, db: tx },
      {
        action: `${base}save/status`,
        targetType: "experiment",
        targetId: id,
        summary:
          `status ${before.status} → ${status}` +
          (shares ? `; ${before.optionScope} option ${before.optionKey} shares ${JSON.stringify(shares)}` : ""),
        details: { changes: [{ field: "experimentStatus", before: before.status, after: status }] },
      },
    );
    return toExperiment(row);
  });
  dropAfter(ctx, saved.optionScope);
  return saved;
}

/** Saves the guardrails' bounds (a running experiment's too: they only decide when it stops). */
export async function saveExperimentGuardrails({
  ctx,
  input: { id, ...guardrails },
}: {
  ctx: AdminCtx;
  input: Guardrails & { id: number };
}) {
  const clean = Object.fromEntries(Object.entries(guardrails).filter(([, v]) => v !== undefined)) as Guardrails;
  return transact(ctx, async ({ db: tx }) => {
    const before = await mustFind(tx, id);
    const [row] = await tx
      .update(experiments)
      .set({ guardrails: JSON.stringify(clean), updatedAt: ctx.clock.now() })
      .where(eq(experiments.id, id))
      .returning();
    await audit(
      { ...ctx, db: tx },
      {
        action: `${base}save/guardrails`,
        targetType: "experiment",
        targetId: id,
        summary: diff(before.guardrails, clean),
        details: detailsOf(before.guardrails, clean),
      },
    );
    return toExperiment(row);
  });
}

/** Stops a running experiment inside the caller's transaction: players go back to the default; the status and times. */
async function stopIn(tx: DbOrTx, e: Experiment, at: number) {
  const shares = await applyShares(tx, e, false, at);
  const [row] = await tx
    .update(experiments)
    .set({ status: "stopped", stoppedAt: at, updatedAt: at })
    .where(eq(experiments.id, e.id))
    .returning();
  return { row, shares };
}

/**
 * Promotes a variant: the value of the option variant it turns on becomes the option key's
 * default (every player's value from now on), and a running experiment stops — one transaction
 * with its admin log row, so players never see the winner's value and the experiment's split at once.
 */
export async function promoteExperimentVariant({
  ctx,
  input: { id, variant },
}: {
  ctx: AdminCtx;
  input: { id: number; variant: string };
}) {
  const at = ctx.clock.now();
  const saved = await transact(ctx, async ({ db: tx }) => {
    const before = await mustFind(tx, id);
    if (before.status === "draft") throw conflict("experiments.error.promote_draft");
    const v = before.variants.find((x) => x.name === variant);
    if (!v) throw fieldError({ variant: { id: "experiments.error.no_such_variant", values: [variant] } });
    const rows = (await listVariants(tx, before.optionScope)).filter((r) => r.key === before.optionKey);
    const winner = rows.find((r) => r.variant === v.optionVariant);
    const current = rows.find((r) => r.variant === DEFAULT_VARIANT);
    if (!winner || !current)
      throw fieldError({ variant: { id: "experiments.error.unknown_variant", values: [v.optionVariant] } });
    if (winner.variant !== DEFAULT_VARIANT)
      await saveVariant(
        tx,
        before.optionScope,
        { key: before.optionKey, variant: DEFAULT_VARIANT, value: winner.value, share: 0 },
        at,
      );
    const stopped = before.status === "running" ? await stopIn(tx, before, at) : undefined;
    const row =
      stopped?.row ??
      (await tx.update(experiments).set({ updatedAt: at }).where(eq(experiments.id, id)).returning())[0];
    await audit(
      { ...ctx, db: tx },
      {
        action: `${base}promote`,
        targetType: "experiment",
        targetId: id,
        summary:
          `promoted variant "${v.name}" (${v.optionVariant}) into ${before.optionScope} option ${before.optionKey} default` +
          (stopped ? `; status running → stopped; shares ${JSON.stringify(stopped.shares)}` : ""),
        details: {
          changes: [
            { field: `${before.optionKey}.default`, before: current.value, after: winner.value },
            ...(stopped ? [{ field: "experimentStatus", before: "running", after: "stopped" }] : []),
          ],
        },
      },
    );
    return toExperiment(row);
  });
  dropAfter(ctx, saved.optionScope);
  return saved;
}

/** The platform's own admin log identity: what the timers do is audited as "system" (admin id 0). */
const systemAdmin = (db: DbOrTx, clock: Clock, path: string): AdminCtx => ({
  db,
  clock,
  actor: {
    kind: "admin",
    adminId: 0,
    username: "system",
    role: "admin",
    request: { method: "TIMER", path, address: null, audited: false },
  },
});

/**
 * The sweep: every running experiment with guardrails whose scorecard (at most 5 minutes old)
 * shows a variant crossing one is stopped — in one transaction with its admin log row, by "system".
 * An experiment changed since its card was computed is left for the next sweep.
 */
export async function stopOnGuardrails(deps: { db: Db; warehouse: Warehouse; clock: Clock }) {
  const running = await deps.db
    .select()
    .from(experiments)
    .where(and(eq(experiments.status, "running"), ne(experiments.guardrails, "{}")));
  const out: { id: number; crossings: Crossing[] }[] = [];
  for (const r of running) {
    const e = toExperiment(r);
    const crossings = crossedGuardrails(e.guardrails, await scorecard(deps.db, deps.warehouse, e, deps.clock.now()));
    if (crossings.length === 0) continue;
    const ctx = systemAdmin(deps.db, deps.clock, `${base}guardrails/stop`);
    const done = await transact(ctx, async ({ db: tx }) => {
      const now = await mustFind(tx, e.id);
      if (now.status !== "running" || now.updatedAt !== e.updatedAt) return false;
      const { shares } = await stopIn(tx, now, ctx.clock.now());
      await audit(
        { ...ctx, db: tx },
        {
          action: `${base}guardrails/stop`,
          targetType: "experiment",
          targetId: e.id,
          summary:
            `stopped: ${crossings
              .map(
                (c) =>
                  `${c.variant} ${c.metric} ${c.value.toFixed(4)} vs control ${c.control.toFixed(4)}, difference ≤ ${c.diff.high.toFixed(4)} (bound −${c.bound} %)`,
              )
              .join("; ")}` + `; shares ${JSON.stringify(shares)}`,
          details: { changes: [{ field: "experimentStatus", before: "running", after: "stopped" }] },
        },
      );
      return true;
    });
    if (done) {
      dropCachedOptions(deps.db, e.optionScope);
      out.push({ id: e.id, crossings });
    }
  }
  return out;
}
