// An experiment's scorecard (docs/decisions/experiment-scorecards.md): per variant the goal
// metrics (conversion to payer, ARPU) and the guardrails (D1 and D7 retention, battles per active
// day) over the players exposed since it started, from the warehouse, each with its 95 % interval
// and its difference from the control; and the sample-ratio-mismatch check of the exposed players
// against the shares the variants are configured to get. Who is in which variant is the
// experiment's own rule (participants(): conditions now, the options' hash); what they did is the
// warehouse's (warehouse/metrics/experiment_players.ts). A scorecard is kept 5 minutes (per
// warehouse and experiment, dropped when the experiment changes), so figures are at most 5
// minutes old.
import type { Warehouse } from "../../warehouse/port.ts";
import { addDays, isoDay } from "../../warehouse/metrics/period.ts";
import { experimentPlayerFacts, type PlayerFacts } from "../../warehouse/metrics/experiment_players.ts";
import type { DbOrTx } from "../db/index.ts";
import { DEFAULT_VARIANT } from "./options.ts";
import { type Experiment, type Guardrails, participants } from "./experiments.ts";
import {
  difference,
  type Interval,
  meanInterval,
  proportionSe,
  ratioInterval,
  type SrmCheck,
  srm,
  wilson,
} from "./experiments-scorecard-stats.ts";

export const SCORECARD_METRICS = ["conversion", "arpu", "d1", "d7", "battlesPerDau"] as const;
export type ScorecardMetric = (typeof SCORECARD_METRICS)[number];
/** Goals say who won; guardrails say what must not get worse. */
export const METRIC_ROLE: Record<ScorecardMetric, "goal" | "guardrail"> = {
  conversion: "goal",
  arpu: "goal",
  d1: "guardrail",
  d7: "guardrail",
  battlesPerDau: "guardrail",
};
/** How long a scorecard is served before it is computed again. */
export const SCORECARD_TTL_MS = 5 * 60_000;

export interface MetricFigure extends Interval {
  metric: ScorecardMetric;
  role: "goal" | "guardrail";
  /** Payers, net USD cents, retained players, battles. */
  numerator: number;
  /** Exposed players, players whose day n has ended, active days. */
  denominator: number;
  /** This variant minus the control, with its 95 % interval (null for the control). */
  diff: Interval | null;
}

export interface VariantCard {
  name: string;
  optionVariant: string;
  weight: number;
  /** The share of the experiment's players the configured weights give this variant (0..1). */
  expectedShare: number;
  /** Players the rule puts in this variant now. */
  assigned: number;
  /** Of them, players with activity since the start: the scorecard's population. */
  exposed: number;
  metrics: MetricFigure[];
}

export interface Scorecard {
  experimentId: number;
  /** The window read: [from, to) — from the start to the stop, or to the moment computed. */
  from: number | null;
  to: number | null;
  computedAt: number;
  /** When a read computes it again. */
  freshUntil: number;
  control: string | null;
  variants: VariantCard[];
  srm: SrmCheck | null;
}

/** Each variant's expected share of the experiment's players: the bucket shares the options rule gives them. */
export function expectedShares(e: Pick<Experiment, "conditions" | "variants">): number[] {
  const total = e.variants.reduce((s, v) => s + v.weight, 0);
  if (total <= 0) return e.variants.map(() => 0);
  const pct = e.conditions.percent;
  const buckets = e.variants.map((v) =>
    v.weight > 0 && v.optionVariant !== DEFAULT_VARIANT ? Math.floor((pct * v.weight) / total) : 0,
  );
  const rest = pct - buckets.reduce((s, b) => s + b, 0);
  for (const [i, v] of e.variants.entries()) if (v.weight > 0 && v.optionVariant === DEFAULT_VARIANT) buckets[i] = rest;
  const sum = buckets.reduce((s, b) => s + b, 0);
  return buckets.map((b) => (sum > 0 ? b / sum : 0));
}

interface Group {
  facts: PlayerFacts[];
}

/** The five figures of one group of exposed players (whose window ends on `endDay`, exclusive). */
function figures(g: Group, endDay: string) {
  const n = g.facts.length;
  const payers = g.facts.filter((f) => f.paid > 0).length;
  const retention = (day: number) => {
    let eligible = 0;
    let kept = 0;
    for (const f of g.facts) {
      const first = f.days[0];
      if (addDays(first, day) >= endDay) continue;
      eligible++;
      if (f.days.includes(addDays(first, day))) kept++;
    }
    return { kept, eligible };
  };
  const d1 = retention(1);
  const d7 = retention(7);
  const arpu = meanInterval(g.facts.map((f) => f.net));
  const perDay = ratioInterval(
    g.facts.map((f) => f.battles),
    g.facts.map((f) => f.days.length),
  );
  return {
    conversion: { ...wilson(payers, n), se: proportionSe(payers, n), numerator: payers, denominator: n },
    arpu: { ...arpu, numerator: g.facts.reduce((s, f) => s + f.net, 0), denominator: n },
    d1: {
      ...wilson(d1.kept, d1.eligible),
      se: proportionSe(d1.kept, d1.eligible),
      numerator: d1.kept,
      denominator: d1.eligible,
    },
    d7: {
      ...wilson(d7.kept, d7.eligible),
      se: proportionSe(d7.kept, d7.eligible),
      numerator: d7.kept,
      denominator: d7.eligible,
    },
    battlesPerDau: {
      ...perDay,
      numerator: g.facts.reduce((s, f) => s + f.battles, 0),
      denominator: g.facts.reduce((s, f) => s + f.days.length, 0),
    },
  };
}

const PROPORTIONS: ScorecardMetric[] = ["conversion", "d1", "d7"];
/** Two proportions differ by at most ±1: a normal interval of small groups can reach past it. */
const clampDiff = (m: ScorecardMetric, d: Interval): Interval =>
  PROPORTIONS.includes(m) ? { value: d.value, low: Math.max(-1, d.low), high: Math.min(1, d.high) } : d;

/** Computes the scorecard now (no cache). */
export async function computeScorecard(db: DbOrTx, wh: Warehouse, e: Experiment, now: number): Promise<Scorecard> {
  const from = e.startedAt;
  const to = e.status === "running" ? now : e.status === "stopped" ? e.stoppedAt : null;
  const shares = expectedShares(e);
  const live = e.variants.map((v, i) => ({ v, i })).filter(({ v }) => v.weight > 0);
  const controlAt = live.find(({ v }) => v.optionVariant === DEFAULT_VARIANT)?.i ?? live[0]?.i;
  const players = from !== null && to !== null ? await participants(db, e) : [];
  const facts =
    from !== null && to !== null
      ? await experimentPlayerFacts(
          wh,
          players.map((p) => p.playerId),
          from,
          to,
        )
      : new Map();
  const endDay = to !== null ? isoDay(to) : isoDay(now);
  const groups = e.variants.map(() => ({ assigned: 0, facts: [] as PlayerFacts[] }));
  for (const p of players) {
    const i = e.variants.findIndex((v) => v.name === p.variant);
    if (i < 0) continue;
    groups[i].assigned++;
    const f = facts.get(p.playerId);
    if (f && f.days.length > 0) groups[i].facts.push(f);
  }
  const figs = groups.map((g) => figures(g, endDay));
  const control = controlAt === undefined ? undefined : figs[controlAt];
  const variants: VariantCard[] = e.variants.map((v, i) => ({
    name: v.name,
    optionVariant: v.optionVariant,
    weight: v.weight,
    expectedShare: shares[i],
    assigned: groups[i].assigned,
    exposed: groups[i].facts.length,
    metrics: SCORECARD_METRICS.map((m) => {
      const { se, ...f } = figs[i][m];
      const c = control?.[m];
      return {
        metric: m,
        role: METRIC_ROLE[m],
        ...f,
        diff:
          c && i !== controlAt && f.denominator > 0 && c.denominator > 0
            ? clampDiff(m, difference(f.value, se, c.value, c.se))
            : null,
      };
    }),
  }));
  const check = srm(
    live.map(({ i }) => groups[i].facts.length),
    live.map(({ i }) => shares[i]),
  );
  return {
    experimentId: e.id,
    from,
    to,
    computedAt: now,
    freshUntil: now + SCORECARD_TTL_MS,
    control: controlAt === undefined ? null : e.variants[controlAt].name,
    variants,
    srm: check ?? null,
  };
}

const cache = new WeakMap<Warehouse, Map<number, { version: string; card: Scorecard }>>();

/** The scorecard, computed again when older than 5 minutes or when the experiment changed since. */
export async function scorecard(db: DbOrTx, wh: Warehouse, e: Experiment, now: number): Promise<Scorecard> {
  let byId = cache.get(wh);
  if (!byId) cache.set(wh, (byId = new Map()));
  const version = `${e.updatedAt}:${e.status}`;
  const hit = byId.get(e.id);
  if (hit && hit.version === version && now >= hit.card.computedAt && now < hit.card.freshUntil) return hit.card;
  const card = await computeScorecard(db, wh, e, now);
  byId.set(e.id, { version, card });
  return card;
}

/** Players a variant and the control each need (exposed, or the retention's eligible) before a guardrail can stop an experiment. */
export const GUARDRAIL_MIN_PLAYERS = 30;

export interface Crossing {
  variant: string;
  metric: keyof Guardrails;
  /** The allowed drop, % of the control's figure. */
  bound: number;
  control: number;
  value: number;
  /** The difference's 95 % interval: wholly below −bound % of the control. */
  diff: Interval;
}

/**
 * The guardrails a variant has crossed: its difference from the control is surely (its whole 95 %
 * interval) below −bound % of the control's figure, with enough players on both sides.
 */
export function crossedGuardrails(guardrails: Guardrails, card: Scorecard): Crossing[] {
  const out: Crossing[] = [];
  const control = card.variants.find((v) => v.name === card.control);
  if (!control) return out;
  for (const v of card.variants) {
    if (v === control || v.weight <= 0) continue;
    for (const metric of ["d1", "d7", "battlesPerDau"] as const) {
      const bound = guardrails[metric];
      if (bound === undefined) continue;
      const f = v.metrics.find((m) => m.metric === metric);
      const c = control.metrics.find((m) => m.metric === metric);
      if (!f?.diff || !c) continue;
      const players = (x: MetricFigure, card: VariantCard) =>
        metric === "battlesPerDau" ? card.exposed : x.denominator;
      if (players(f, v) < GUARDRAIL_MIN_PLAYERS || players(c, control) < GUARDRAIL_MIN_PLAYERS) continue;
      if (f.diff.high < -(bound / 100) * c.value)
        out.push({ variant: v.name, metric, bound, control: c.value, value: f.value, diff: f.diff });
    }
  }
  return out;
}
