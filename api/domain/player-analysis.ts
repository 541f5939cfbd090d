// A player's history from the warehouse, as operators read it (/admin/player/{id}/analysis/ and
// /experiments/analyze): per-day series of each source (battles, payments, currency flows,
// sessions), the latest events, and the player's figures over an experiment's time.
import { z } from "zod";
import type { RowSchema, Warehouse } from "../../warehouse/port.ts";
import type { Call } from "./context.ts";
import { playerExperiments } from "./player-experiments.ts";
import { playerOr404 } from "./players.ts";

const DAY = 86_400_000;

// Each source once per event (a re-sent batch may hold a row twice until the merge).
const once = (table: string) =>
  `(SELECT * FROM ${table} WHERE player_id = {pid:UInt64} AND ts >= {from:DateTime64(3)} AND ts < {to:DateTime64(3)} LIMIT 1 BY event_id)`;

/** The per-day series of each source, as the chart draws them. */
const n = () => z.coerce.number();
const day = z.string();
export const SERIES: { part: string; sql: string; row: RowSchema }[] = [
  {
    part: "battles",
    row: z.object({ day, battles: n(), wins: n(), experience: n(), kills: n() }),
    sql: `SELECT toString(toDate(ts)) AS day, count() AS battles, countIf(result = 'win') AS wins, sum(experience) AS experience, sum(kills) AS kills FROM ${once("battles")} GROUP BY day ORDER BY day`,
  },
  {
    part: "payments",
    row: z.object({ day, payments: n(), usdCents: n(), refundedUsdCents: n() }),
    sql: `SELECT toString(toDate(ts)) AS day, countIf(status = 'paid') AS payments, sumIf(amount_usd_cents, status = 'paid') AS usdCents, -sumIf(amount_usd_cents, status != 'paid') AS refundedUsdCents FROM ${once("payments")} GROUP BY day ORDER BY day`,
  },
  {
    part: "currency",
    row: z.object({ day, goldIn: n(), goldOut: n(), silverIn: n(), silverOut: n() }),
    sql: `SELECT toString(toDate(ts)) AS day, sumIf(delta, currency = 'gold' AND delta > 0) AS goldIn, -sumIf(delta, currency = 'gold' AND delta < 0) AS goldOut, sumIf(delta, currency = 'silver' AND delta > 0) AS silverIn, -sumIf(delta, currency = 'silver' AND delta < 0) AS silverOut FROM ${once("currency_movements")} GROUP BY day ORDER BY day`,
  },
  {
    part: "sessions",
    row: z.object({ day, sessions: n() }),
    sql: `SELECT toString(toDate(ts)) AS day, count() AS sessions FROM ${once("activity")} GROUP BY day ORDER BY day`,
  },
];

/** The latest events of every source, newest first, one JSONEachRow line each. */
export const TIMELINE = `SELECT * FROM (
  SELECT toUnixTimestamp64Milli(ts) AS at, 'battle' AS kind, concat(result, ' · ', toString(experience), ' xp · ', toString(kills), ' kills') AS summary,
    map('result', toString(result), 'experience', toString(experience), 'kills', toString(kills)) AS detail FROM ${once("battles")}
  UNION ALL SELECT toUnixTimestamp64Milli(ts), 'payment', concat(status, ' · ', provider, ' · ', item_id, ' · ', toString(amount_usd_cents / 100), ' USD'),
    map('status', toString(status), 'provider', toString(provider), 'item', toString(item_id), 'usdCents', toString(amount_usd_cents)) FROM ${once("payments")}
  UNION ALL SELECT toUnixTimestamp64Milli(ts), 'currency', concat(currency, ' ', if(delta > 0, '+', ''), toString(delta), ' · ', reason),
    map('currency', toString(currency), 'delta', toString(delta), 'reason', toString(reason)) FROM ${once("currency_movements")}
  UNION ALL SELECT toUnixTimestamp64Milli(ts), 'session', kind, map('kind', toString(kind)) FROM ${once("activity")}
) ORDER BY at DESC LIMIT {limit:UInt32}`;

const chDate = (ms: number) => new Date(ms).toISOString().replace("T", " ").replace("Z", "");

/** The analysis tab's head: the player and the parts the stream sends. */
export async function playerAnalysisHead({ ctx, input }: Call<{ playerId: number }>) {
  const p = await playerOr404(ctx.db, input.playerId);
  return {
    player: { id: p.id, nickname: p.nickname, createdAt: p.createdAt },
    parts: [...SERIES.map((s) => s.part), "events"],
  };
}

/** The period of the player's history the stream reads (the last `days`, not before they registered) and its query parameters. */
export async function playerHistoryPeriod({ ctx, input }: Call<{ playerId: number; days: number; events: number }>) {
  const p = await playerOr404(ctx.db, input.playerId);
  const to = ctx.clock.now() + 1;
  const from = Math.max(p.createdAt - DAY, to - input.days * DAY);
  return { playerId: p.id, from, to, params: { pid: p.id, from: chDate(from), to: chDate(to), limit: input.events } };
}

/** The player's figures since an experiment started (until it stopped). */
async function experimentFigures(wh: Warehouse, playerId: number, from: number, to: number) {
  const params = { pid: playerId, from: chDate(from), to: chDate(to) };
  const [b] = await wh.query(
    `SELECT count() AS battles, countIf(result = 'win') AS wins FROM ${once("battles")}`,
    params,
    z.object({ battles: n(), wins: n() }),
  );
  const [p] = await wh.query(
    `SELECT countIf(status = 'paid') AS payments, sumIf(amount_usd_cents, status = 'paid') AS usdCents FROM ${once("payments")}`,
    params,
    z.object({ payments: n(), usdCents: n() }),
  );
  const [s] = await wh.query(
    `SELECT count() AS sessions, uniqExact(toDate(ts)) AS days FROM ${once("activity")}`,
    params,
    z.object({ sessions: n(), days: n() }),
  );
  const [g] = await wh.query(
    `SELECT -sumIf(delta, currency = 'gold' AND delta < 0) AS goldSpent FROM ${once("currency_movements")}`,
    params,
    z.object({ goldSpent: n() }),
  );
  return {
    battles: Number(b?.battles ?? 0),
    wins: Number(b?.wins ?? 0),
    payments: Number(p?.payments ?? 0),
    usdCents: Number(p?.usdCents ?? 0),
    sessions: Number(s?.sessions ?? 0),
    activeDays: Number(s?.days ?? 0),
    goldSpent: Number(g?.goldSpent ?? 0),
  };
}

/** For each experiment the player met that has started: their figures since it started. */
export async function playerExperimentFigures({ ctx, wh, input }: Call<{ playerId: number }> & { wh: Warehouse }) {
  const p = await playerOr404(ctx.db, input.playerId);
  const rows = [];
  for (const e of await playerExperiments(ctx.db, p.id)) {
    if (e.startedAt === null) continue;
    const to = e.stoppedAt ?? ctx.clock.now();
    rows.push({
      id: e.id,
      name: e.name,
      status: e.status,
      variant: e.variant,
      from: e.startedAt,
      to,
      figures: await experimentFigures(wh, p.id, e.startedAt, to + 1),
    });
  }
  return { rows };
}
