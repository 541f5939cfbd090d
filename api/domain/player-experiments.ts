// One player's experiments: the variant each running or stopped experiment gives them (by the
// bucket rule within its conditions) and an operator's override, which wins: into a variant
// (they read that variant's option) or out (they read "default"). readOption consults the
// override of a running experiment (options.ts, overrideFor).
import { and, desc, eq, ne } from "drizzle-orm";
import type { DbOrTx } from "../db/index.ts";
import { experiments } from "../db/schema/experiments.ts";
import { experimentOverrides } from "../db/schema/community.ts";
import { players } from "../db/schema/players.ts";
import { assignmentRows, findExperiment, toExperiment, variantByBucket, type Experiment } from "./experiments.ts";
import { meetsConditions } from "./experiment-conditions.ts";
import { audit, valuesOf } from "./audit.ts";
import { type AdminActor, type Call, transact } from "./context.ts";
import { AppError, fieldError, notFound } from "./errors.ts";
import { playerOr404 } from "./players.ts";
import { audiencesOf } from "./audiences/members.ts";

export interface PlayerExperiment {
  id: number;
  name: string;
  status: Experiment["status"];
  optionScope: Experiment["optionScope"];
  optionKey: string;
  startedAt: number | null;
  stoppedAt: number | null;
  variants: string[];
  meetsConditions: boolean;
  /** By the bucket rule; null: outside the experiment. */
  bucketVariant: string | null;
  /** The operator's choice: a variant name, null (kept out), or undefined (none). */
  override: { variant: string | null; byAdmin: string; createdAt: number } | null;
  /** What the player gets. */
  variant: string | null;
}

export async function playerExperiments(db: DbOrTx, playerId: number): Promise<PlayerExperiment[]> {
  const [p] = await db.select().from(players).where(eq(players.id, playerId)).limit(1);
  if (!p) return [];
  const [rows, overrides] = await Promise.all([
    db.select().from(experiments).where(ne(experiments.status, "draft")).orderBy(desc(experiments.id)),
    db.select().from(experimentOverrides).where(eq(experimentOverrides.playerId, playerId)),
  ]);
  const byExperiment = new Map(overrides.map((o) => [o.experimentId, o]));
  const audiences = await audiencesOf(db, playerId);
  const out: PlayerExperiment[] = [];
  for (const r of rows) {
    const e = toExperiment(r);
    const meets = meetsConditions(e.conditions, { ...p, audiences });
    const bucket = meets ? (variantByBucket(e, await assignmentRows(db, e), playerId)?.name ?? null) : null;
    const o = byExperiment.get(e.id);
    out.push({
      id: e.id,
      name: e.name,
      status: e.status,
      optionScope: e.optionScope,
      optionKey: e.optionKey,
      startedAt: e.startedAt,
      stoppedAt: e.stoppedAt,
      variants: e.variants.map((v) => v.name),
      meetsConditions: meets,
      bucketVariant: bucket,
      override: o ? { variant: o.variant, byAdmin: o.byAdmin, createdAt: o.createdAt } : null,
      variant: o ? o.variant : bucket,
    });
  }
  return out;
}

export async function setOverride(
  tx: DbOrTx,
  o: { experimentId: number; playerId: number; variant: string | null; admin: string; at: number },
) {
  await tx
    .insert(experimentOverrides)
    .values({
      experimentId: o.experimentId,
      playerId: o.playerId,
      variant: o.variant,
      byAdmin: o.admin,
      createdAt: o.at,
    })
    .onConflictDoUpdate({
      target: [experimentOverrides.experimentId, experimentOverrides.playerId],
      set: { variant: o.variant, byAdmin: o.admin, createdAt: o.at },
    });
}

export async function clearOverride(tx: DbOrTx, experimentId: number, playerId: number): Promise<boolean> {
  const gone = await tx
    .delete(experimentOverrides)
    .where(and(eq(experimentOverrides.experimentId, experimentId), eq(experimentOverrides.playerId, playerId)))
    .returning({ p: experimentOverrides.playerId });
  return gone.length > 0;
}

/** The experiments tab: the player and their experiments. */
export async function playerExperimentsPage({ ctx, input }: Call<{ playerId: number }>) {
  const p = await playerOr404(ctx.db, input.playerId);
  return { player: { id: p.id, nickname: p.nickname }, experiments: await playerExperiments(ctx.db, p.id) };
}

/** The player's experiments as rows. */
export async function playerExperimentRows({ ctx, input }: Call<{ playerId: number }>) {
  const p = await playerOr404(ctx.db, input.playerId);
  return { rows: await playerExperiments(ctx.db, p.id) };
}

/**
 * An operator's choice for the player in one experiment: into a variant (`variant`), kept out
 * (`variant: null`), or back to the bucket rule (`clear`); audited. Answers the player's experiments.
 */
export async function overridePlayerExperiment({
  ctx,
  input,
}: Call<{ playerId: number; experimentId: number } & ({ variant: string | null } | { clear: true }), AdminActor>) {
  const p = await playerOr404(ctx.db, input.playerId);
  const e = await findExperiment(ctx.db, input.experimentId);
  if (!e) throw notFound();
  await transact(ctx, async (ctx) => {
    if ("clear" in input) {
      if (!(await clearOverride(ctx.db, e.id, p.id))) throw new AppError("conflict", "players.error.nothing_to_change");
      await audit(ctx, {
        action: "player.experiment.clear",
        targetType: "player",
        targetId: p.id,
        summary: `experiment #${e.id} ${e.name}: back to the bucket rule`,
        details: valuesOf({ experiment: e.name }),
      });
      return;
    }
    const { variant } = input;
    if (variant !== null) {
      if (e.status === "draft") throw new AppError("conflict", "experiments.error.not_started");
      if (!e.variants.some((x) => x.name === variant)) throw fieldError({ variant: { id: "validation.pattern" } });
    }
    await setOverride(ctx.db, {
      experimentId: e.id,
      playerId: p.id,
      variant,
      admin: ctx.actor.username,
      at: ctx.clock.now(),
    });
    await audit(ctx, {
      action: variant === null ? "player.experiment.remove" : "player.experiment.add",
      targetType: "player",
      targetId: p.id,
      summary:
        variant === null
          ? `experiment #${e.id} ${e.name}: kept out`
          : `experiment #${e.id} ${e.name}: forced into ${variant}`,
      details: valuesOf(variant === null ? { experiment: e.name } : { experiment: e.name, variant }),
    });
  });
  return { rows: await playerExperiments(ctx.db, p.id) };
}
