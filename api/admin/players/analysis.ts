// A player's history from the warehouse (battles, payments, currency flows, sessions): per-day
// series for the chart and the latest events, streamed as NDJSON lines as each part is read
// (analysis/loadStreamed); and the player's experiments — their variant, an operator's override
// (add / remove) and their figures since each experiment started (analyze).
import type { Hono } from "hono";
import { z } from "zod";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import * as f from "../../domain/fields.ts";
import { audit, valuesOf } from "../../http/audit.ts";
import { linesOf } from "../../http/lines.ts";
import { AppError, fieldError, notFound } from "../../domain/errors.ts";
import type { RowSchema, Warehouse } from "../../../warehouse/port.ts";
import { findExperiment } from "../../domain/experiments.ts";
import { clearOverride, playerExperiments, setOverride } from "../../domain/player-experiments.ts";
import { OPERATOR, SUPPORT, byPlayer } from "./shared.ts";
import { playerOr404 } from "../../domain/players.ts";

const DAY = 86_400_000;
const streamInput = z.object({
  days: f.optional(f.int(1, 3660)).default(90),
  events: f.optional(f.int(0, 2000)).default(200),
});
const addInput = z.object({ experimentId: f.id(), variant: f.text(1, 64) });
const removeInput = z.object({ experimentId: f.id(), clear: f.optional(f.bool()).default(false) });

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

const TIMELINE = `SELECT * FROM (
  SELECT toUnixTimestamp64Milli(ts) AS at, 'battle' AS kind, concat(result, ' · ', toString(experience), ' xp · ', toString(kills), ' kills') AS summary,
    map('result', toString(result), 'experience', toString(experience), 'kills', toString(kills)) AS detail FROM ${once("battles")}
  UNION ALL SELECT toUnixTimestamp64Milli(ts), 'payment', concat(status, ' · ', provider, ' · ', item_id, ' · ', toString(amount_usd_cents / 100), ' USD'),
    map('status', toString(status), 'provider', toString(provider), 'item', toString(item_id), 'usdCents', toString(amount_usd_cents)) FROM ${once("payments")}
  UNION ALL SELECT toUnixTimestamp64Milli(ts), 'currency', concat(currency, ' ', if(delta > 0, '+', ''), toString(delta), ' · ', reason),
    map('currency', toString(currency), 'delta', toString(delta), 'reason', toString(reason)) FROM ${once("currency_movements")}
  UNION ALL SELECT toUnixTimestamp64Milli(ts), 'session', kind, map('kind', toString(kind)) FROM ${once("activity")}
) ORDER BY at DESC LIMIT {limit:UInt32}`;

const chDate = (ms: number) => new Date(ms).toISOString().replace("T", " ").replace("Z", "");

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

export function registerPlayerAnalysis(app: Hono<HonoEnv>) {
  page(app, { path: "/admin/player/:playerId{[0-9]+}/analysis/", ...SUPPORT }, { params: byPlayer }, async (c, v) => {
    const p = await playerOr404(c.var.deps.db, v.playerId);
    return c.json({
      player: { id: p.id, nickname: p.nickname, createdAt: p.createdAt },
      parts: [...SERIES.map((s) => s.part), "events"],
    });
  });

  // NDJSON: {"part":"battles","rows":[…]} per series as each query answers, then {"part":"event",…} per event, then {"part":"done"}.
  route(
    app,
    { method: "ANY", path: "/admin/player/:playerId{[0-9]+}/analysis/loadStreamed", ...SUPPORT, kind: "stream" },
    { params: byPlayer, input: streamInput },
    async (c, v) => {
      const { db, warehouse, clock } = c.var.deps;
      const p = await playerOr404(db, v.playerId);
      const to = clock.now() + 1;
      const from = Math.max(p.createdAt - DAY, to - v.days * DAY);
      const params = { pid: p.id, from: chDate(from), to: chDate(to), limit: v.events };
      const enc = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async start(ctrl) {
          const line = (o: unknown) => ctrl.enqueue(enc.encode(`${JSON.stringify(o)}\n`));
          try {
            line({ part: "period", from, to, playerId: p.id });
            for (const s of SERIES) line({ part: s.part, rows: await warehouse.query(s.sql, params, s.row) });
            if (v.events > 0) {
              // The events come through as ClickHouse streams them, one line each.
              for await (const rows of linesOf(warehouse.stream(TIMELINE, params, "JSONEachRow")))
                for (const row of rows) line({ part: "event", ...JSON.parse(row) });
            }
            line({ part: "done" });
          } catch (err) {
            line({ part: "error", message: err instanceof Error ? err.message.slice(0, 300) : String(err) });
          }
          ctrl.close();
        },
      });
      return c.body(body, 200, { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store" });
    },
  );

  page(app, { path: "/admin/player/:playerId{[0-9]+}/experiments", ...SUPPORT }, { params: byPlayer }, async (c, v) => {
    const db = c.var.deps.db;
    const p = await playerOr404(db, v.playerId);
    return c.json({ player: { id: p.id, nickname: p.nickname }, experiments: await playerExperiments(db, p.id) });
  });

  route(
    app,
    { method: "ANY", path: "/admin/player/:playerId{[0-9]+}/experiments/list", ...SUPPORT },
    { params: byPlayer },
    async (c, v) => {
      const db = c.var.deps.db;
      const p = await playerOr404(db, v.playerId);
      return c.json({ rows: await playerExperiments(db, p.id) });
    },
  );

  route(
    app,
    { method: "ANY", path: "/admin/player/:playerId{[0-9]+}/experiments/analyze", ...SUPPORT },
    { params: byPlayer },
    async (c, v) => {
      const { db, warehouse, clock } = c.var.deps;
      const p = await playerOr404(db, v.playerId);
      const rows = [];
      for (const e of await playerExperiments(db, p.id)) {
        if (e.startedAt === null) continue;
        rows.push({
          id: e.id,
          name: e.name,
          status: e.status,
          variant: e.variant,
          from: e.startedAt,
          to: e.stoppedAt ?? clock.now(),
          figures: await experimentFigures(warehouse, p.id, e.startedAt, (e.stoppedAt ?? clock.now()) + 1),
        });
      }
      return c.json({ rows });
    },
  );

  route(
    app,
    { method: "ANY", path: "/admin/player/:playerId{[0-9]+}/experiments/add", ...OPERATOR, mutates: true },
    { params: byPlayer, input: addInput },
    async (c, v, ctx) => {
      const { db, clock } = c.var.deps;
      const p = await playerOr404(db, v.playerId);
      const e = await findExperiment(db, v.experimentId);
      if (!e) throw notFound();
      if (e.status === "draft") throw new AppError("conflict", "experiments.error.not_started");
      if (!e.variants.some((x) => x.name === v.variant)) throw fieldError({ variant: { id: "validation.pattern" } });
      await db.transaction(async (tx) => {
        await setOverride(tx, {
          experimentId: e.id,
          playerId: p.id,
          variant: v.variant,
          admin: ctx.actor.username,
          at: clock.now(),
        });
        await audit(c, tx, {
          action: "player.experiment.add",
          targetType: "player",
          targetId: p.id,
          summary: `experiment #${e.id} ${e.name}: forced into ${v.variant}`,
          details: valuesOf({ experiment: e.name, variant: v.variant }),
        });
      });
      return c.json({ rows: await playerExperiments(db, p.id) });
    },
  );

  route(
    app,
    { method: "ANY", path: "/admin/player/:playerId{[0-9]+}/experiments/remove", ...OPERATOR, mutates: true },
    { params: byPlayer, input: removeInput },
    async (c, v, ctx) => {
      const { db, clock } = c.var.deps;
      const p = await playerOr404(db, v.playerId);
      const e = await findExperiment(db, v.experimentId);
      if (!e) throw notFound();
      await db.transaction(async (tx) => {
        if (v.clear) {
          if (!(await clearOverride(tx, e.id, p.id))) throw new AppError("conflict", "players.error.nothing_to_change");
          await audit(c, tx, {
            action: "player.experiment.clear",
            targetType: "player",
            targetId: p.id,
            summary: `experiment #${e.id} ${e.name}: back to the bucket rule`,
            details: valuesOf({ experiment: e.name }),
          });
        } else {
          await setOverride(tx, {
            experimentId: e.id,
            playerId: p.id,
            variant: null,
            admin: ctx.actor.username,
            at: clock.now(),
          });
          await audit(c, tx, {
            action: "player.experiment.remove",
            targetType: "player",
            targetId: p.id,
            summary: `experiment #${e.id} ${e.name}: kept out`,
            details: valuesOf({ experiment: e.name }),
          });
        }
      });
      return c.json({ rows: await playerExperiments(db, p.id) });
    },
  );
}
