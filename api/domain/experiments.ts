// A/B experiments over options with variants. An experiment names one option key; each of its
// variants turns on one variant of that key. Assignment is not a second rule: starting the
// experiment writes its variants' shares into the key's option rows (setShares), and a player's
// experiment variant is the option variant assignVariant gives them (api/domain/options.ts), so
// the game and the back office always agree. The hash is FNV-1a of `${key}:${playerId}` (the
// options rule); at most one experiment runs per key, so per running experiment it is unique.
// Within the percentage, buckets [0, percent) are in the experiment: the non-default variants
// take percent × weight / total weights each (rounded down), a variant on "default" (the
// control) the rest of [0, percent); players in buckets ≥ percent, or not meeting the
// conditions (api/domain/experiment-conditions.ts), are not in the experiment: readOption gives
// them "default".
import { z } from "zod";
import { and, asc, eq, gte, ne } from "drizzle-orm";
import { conditionsShape, conditionsWhere, type Conditions } from "./experiment-conditions.ts";
import { experiments, EXPERIMENT_STATUSES } from "../db/schema/experiments.ts";
import { players } from "../db/schema/players.ts";
import { OPTION_SCOPES } from "../db/schema/system.ts";
import type { DbOrTx } from "../db/index.ts";
import * as f from "./fields.ts";
import {
  assignVariant,
  bucketOf,
  DEFAULT_VARIANT,
  listVariants,
  optionName,
  setShares,
  type OptionVariant,
} from "./options.ts";

export type ExperimentStatus = (typeof EXPERIMENT_STATUSES)[number];

/** Allowed status changes: a draft starts; a running one stops; a stopped one resumes or goes back to draft to be edited. */
export const TRANSITIONS: Record<ExperimentStatus, ExperimentStatus[]> = {
  draft: ["running"],
  running: ["stopped"],
  stopped: ["running", "draft"],
};

export const generalInput = z.object({
  id: f.optional(f.id()),
  name: f.text(1, 100),
  description: f.optional(z.string().trim().max(2000)).default(""),
  optionScope: z.enum(OPTION_SCOPES),
  optionKey: optionName(),
});

// The conditions' shape lives with the rule that reads it (experiment-conditions.ts).
export { conditionsShape, type Conditions };
export const conditionsInput = z.object({ id: f.id() }).extend(conditionsShape.shape);

export const variantShape = z.object({ name: f.text(1, 64), weight: f.int(0, 1000), optionVariant: optionName() });
export type ExperimentVariant = z.output<typeof variantShape>;
export const variantsInput = z.object({ id: f.id(), variants: z.array(variantShape).min(1).max(10) });

export const statusInput = z.object({ id: f.id(), status: z.enum(EXPERIMENT_STATUSES) });

/** A guardrail's bound: the largest drop against the control it allows, in % of the control's figure (0: any drop the interval is sure of). */
const bound = f.optional(f.int(0, 100));
export const guardrailsShape = z.object({ d1: bound, d7: bound, battlesPerDau: bound });
export type Guardrails = z.output<typeof guardrailsShape>;
export const guardrailsInput = z.object({ id: f.id() }).extend(guardrailsShape.shape);
export const promoteInput = z.object({ id: f.id(), variant: f.text(1, 64) });

export const DEFAULT_CONDITIONS: Conditions = {
  levelMin: 1,
  levelMax: 100,
  platforms: [],
  countries: [],
  percent: 100,
};

export interface Experiment {
  id: number;
  name: string;
  description: string;
  status: ExperimentStatus;
  optionScope: (typeof OPTION_SCOPES)[number];
  optionKey: string;
  conditions: Conditions;
  variants: ExperimentVariant[];
  guardrails: Guardrails;
  createdAt: number;
  updatedAt: number;
  startedAt: number | null;
  stoppedAt: number | null;
}

export const toExperiment = (r: typeof experiments.$inferSelect): Experiment => ({
  ...r,
  conditions: JSON.parse(r.conditions),
  variants: JSON.parse(r.variants),
  guardrails: JSON.parse(r.guardrails),
});

export async function findExperiment(db: DbOrTx, id: number): Promise<Experiment | undefined> {
  const [r] = await db.select().from(experiments).where(eq(experiments.id, id)).limit(1);
  return r ? toExperiment(r) : undefined;
}

/** The running experiment on a key other than `exceptId`, if any. */
export async function runningOnKey(
  db: DbOrTx,
  scope: Experiment["optionScope"],
  key: string,
  exceptId: number,
): Promise<Experiment | undefined> {
  const [r] = await db
    .select()
    .from(experiments)
    .where(
      and(
        eq(experiments.optionScope, scope),
        eq(experiments.optionKey, key),
        eq(experiments.status, "running"),
        ne(experiments.id, exceptId),
      ),
    )
    .limit(1);
  return r ? toExperiment(r) : undefined;
}

/** Each non-default option variant's share of players (percent), as the experiment hands them to the options rule. */
export function sharesOf(e: Pick<Experiment, "conditions" | "variants">): Record<string, number> {
  const total = e.variants.reduce((s, v) => s + v.weight, 0);
  const shares: Record<string, number> = {};
  if (total <= 0) return shares;
  for (const v of e.variants)
    if (v.optionVariant !== DEFAULT_VARIANT)
      shares[v.optionVariant] = Math.floor((e.conditions.percent * v.weight) / total);
  return shares;
}

/** Why a variants list cannot be saved (a field and a message id), or undefined. */
export function variantsProblem(
  variants: ExperimentVariant[],
  optionVariants: string[],
): { field: string; id: string; values?: unknown[] } | undefined {
  if (variants.reduce((s, v) => s + v.weight, 0) <= 0) return { field: "variants", id: "experiments.error.weights" };
  const names = new Set<string>();
  const targets = new Set<string>();
  for (const [i, v] of variants.entries()) {
    if (names.has(v.name)) return { field: `variants.${i}.name`, id: "validation.unique" };
    if (targets.has(v.optionVariant))
      return { field: `variants.${i}.optionVariant`, id: "experiments.error.same_option_variant" };
    if (!optionVariants.includes(v.optionVariant))
      return {
        field: `variants.${i}.optionVariant`,
        id: "experiments.error.unknown_variant",
        values: [v.optionVariant],
      };
    names.add(v.name);
    targets.add(v.optionVariant);
  }
}

/** The option rows the assignment reads: the live ones while running, else the shares the experiment would write. */
export async function assignmentRows(db: DbOrTx, e: Experiment): Promise<OptionVariant[]> {
  const live = (await listVariants(db, e.optionScope)).filter((v) => v.key === e.optionKey);
  if (e.status === "running") return live;
  const shares = sharesOf(e);
  return live.map((v) => ({ ...v, share: v.variant === DEFAULT_VARIANT ? 0 : (shares[v.variant] ?? 0) }));
}

/** The experiment variant of one player in the bucket rule (conditions checked by the caller), or undefined when outside. */
export function variantByBucket(e: Experiment, rows: OptionVariant[], playerId: number): ExperimentVariant | undefined {
  if (bucketOf(e.optionKey, playerId) >= e.conditions.percent) return undefined;
  const option = assignVariant(rows, e.optionKey, playerId);
  return option && e.variants.find((v) => v.optionVariant === option.variant && v.weight > 0);
}

export interface Participant {
  playerId: number;
  nickname: string;
  level: number;
  platform: string;
  country: string;
  variant: string;
  optionVariant: string;
}

/** Every player in the experiment with their variant, in player id order (read in batches). */
export async function participants(db: DbOrTx, e: Experiment): Promise<Participant[]> {
  const rows = await assignmentRows(db, e);
  const out: Participant[] = [];
  const where = conditionsWhere(e.conditions);
  let after = 0;
  for (;;) {
    const batch = await db
      .select({
        id: players.id,
        nickname: players.nickname,
        level: players.level,
        platform: players.platform,
        country: players.country,
      })
      .from(players)
      .where(and(where, gte(players.id, after + 1)))
      .orderBy(asc(players.id))
      .limit(2000);
    for (const p of batch) {
      const v = variantByBucket(e, rows, p.id);
      if (v)
        out.push({
          playerId: p.id,
          nickname: p.nickname,
          level: p.level,
          platform: p.platform,
          country: p.country,
          variant: v.name,
          optionVariant: v.optionVariant,
        });
    }
    if (batch.length < 2000) return out;
    after = batch[batch.length - 1].id;
  }
}

/** Hands the experiment's players to the options rule (on start) or takes them back (on stop). */
export async function applyShares(
  tx: DbOrTx,
  e: Experiment,
  running: boolean,
  at: number,
): Promise<Record<string, number>> {
  const shares = running ? sharesOf(e) : {};
  await setShares(tx, e.optionScope, e.optionKey, shares, at);
  return shares;
}
