// One player's experiments: the variant each running or stopped experiment gives them (by the
// bucket rule within its conditions) and an operator's override, which wins: into a variant
// (they read that variant's option) or out (they read "default"). readOption consults the
// override of a running experiment (options.ts, overrideFor).
import { and, desc, eq, ne } from "drizzle-orm";
import type { DbOrTx } from "../db/index.ts";
import { experiments } from "../db/schema/experiments.ts";
import { experimentOverrides } from "../db/schema/community.ts";
import { players } from "../db/schema/players.ts";
import { assignmentRows, toExperiment, variantByBucket, type Experiment } from "./experiments.ts";
import { meetsConditions } from "./experiment-conditions.ts";

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
  const out: PlayerExperiment[] = [];
  for (const r of rows) {
    const e = toExperiment(r);
    const meets = meetsConditions(e.conditions, p);
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
