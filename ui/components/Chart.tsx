// Charts from one small typed description — line, bar, stacked bars, shares, heatmap — with the
// design system's loading and empty states. echarts is heavy, so the drawing code is lazy chunks,
// fetched the first time a chart is shown and never by the public entry: ChartCanvas.tsx (echarts'
// core, the canvas renderer, tooltip and legend) and, side by side with it, the parts of the
// chart's kind (chart-kinds/*.ts: line and bars (shares too), heatmap). Shares are bars, not a pie:
// a pie's parts are echarts' heaviest chunk after the core, and bars sorted by size read better.
import { lazy, Suspense } from "react";
import { Empty, Loading } from "./States.tsx";
import type { ChartSpec } from "./chart-spec.ts";

/** The drawing code with a kind's echarts parts registered (both chunks fetched in parallel). */
const canvasWith = (parts: () => Promise<unknown>) =>
  lazy(() => Promise.all([import("./ChartCanvas.tsx"), parts()]).then(([canvas]) => canvas));
const CANVAS = {
  cartesian: canvasWith(() => import("./chart-kinds/cartesian.ts")),
  heatmap: canvasWith(() => import("./chart-kinds/heatmap.ts")),
};

const isEmpty = (s: ChartSpec) =>
  s.kind === "share"
    ? s.slices.every((p) => !p.value)
    : s.kind === "heatmap"
      ? s.cells.every((r) => r.every((v) => v == null))
      : s.x.length === 0 || s.series.length === 0;

/** A chart, or the loading state while its data (or echarts) loads, or the empty state. */
export function Chart({ spec, loading = false }: { spec: ChartSpec | null; loading?: boolean }) {
  if (loading || !spec) return <Loading />;
  if (isEmpty(spec)) return <Empty />;
  const ChartCanvas = spec.kind === "heatmap" ? CANVAS.heatmap : CANVAS.cartesian;
  return (
    <figure
      className="tk-chart"
      role="img"
      aria-label={spec.title}
      style={{ margin: 0, minHeight: spec.height ?? 320 }}
    >
      <Suspense fallback={<Loading />}>
        <ChartCanvas spec={spec} />
      </Suspense>
    </figure>
  );
}
