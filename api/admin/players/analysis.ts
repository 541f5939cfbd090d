// /admin/player/{id}/analysis/ and /experiments: each route is one call on its contract
// (api/contracts/admin/player/{analysis,experiments}.ts) over api/domain/player-analysis.ts and
// api/domain/player-experiments.ts; the analysis's NDJSON stream is put together here.
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import { linesOf } from "../../http/lines.ts";
import * as analysis from "../../contracts/admin/player/analysis.ts";
import * as experiments from "../../contracts/admin/player/experiments.ts";
import {
  playerAnalysisHead,
  playerExperimentFigures,
  playerHistoryPeriod,
  SERIES,
  TIMELINE,
} from "../../domain/player-analysis.ts";
import {
  overridePlayerExperiment,
  playerExperimentRows,
  playerExperimentsPage,
} from "../../domain/player-experiments.ts";

export function registerPlayerAnalysis(app: Hono<HonoEnv>) {
  page(app, analysis.page, (_c, input, ctx) => playerAnalysisHead({ ctx, input }));

  // NDJSON: {"part":"battles","rows":[…]} per series as each query answers, then {"part":"event",…} per event, then {"part":"done"}.
  route(app, analysis.loadStreamed, async (c, input, ctx) => {
    const { warehouse } = c.var.deps;
    const { playerId, from, to, params } = await playerHistoryPeriod({ ctx, input });
    const enc = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(ctrl) {
        const line = (o: unknown) => ctrl.enqueue(enc.encode(`${JSON.stringify(o)}\n`));
        try {
          line({ part: "period", from, to, playerId });
          for (const s of SERIES) line({ part: s.part, rows: await warehouse.query(s.sql, params, s.row) });
          if (input.events > 0) {
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
  });

  page(app, experiments.page, (_c, input, ctx) => playerExperimentsPage({ ctx, input }));
  route(app, experiments.list, (_c, input, ctx) => playerExperimentRows({ ctx, input }));
  route(app, experiments.analyze, (c, input, ctx) => playerExperimentFigures({ ctx, wh: c.var.deps.warehouse, input }));
  route(app, experiments.add, (_c, input, ctx) => overridePlayerExperiment({ ctx, input }));
  route(app, experiments.remove, (_c, { clear, ...input }, ctx) =>
    overridePlayerExperiment({ ctx, input: clear ? { ...input, clear: true } : { ...input, variant: null } }),
  );
}
