// Charts from one small typed description — line, bar, stacked bars, pie, heatmap — with the
// design system's loading and empty states. echarts is heavy, so the drawing code is its own lazy
// chunk (ChartCanvas.tsx), fetched the first time a chart is shown and never by the public entry.
import { lazy, Suspense } from "react";
import { Empty, Loading } from "./States.tsx";

export interface Series {
  name: string;
  data: number[];
  /** In a "line" or "bar" chart, draw this series the other way (bars under a line). */
  as?: "line" | "bar";
}

interface Common {
  /** Announced to screen readers (the chart is an image with this name). */
  title: string;
  height?: number;
  /** How values read in tooltips and on the axis (default: whole numbers in the page's locale). */
  format?: (v: number) => string;
}

export type ChartSpec = Common &
  (
    | { kind: "line" | "bar" | "stacked"; x: string[]; series: Series[] }
    | { kind: "pie"; slices: { name: string; value: number }[] }
    /** cells[y][x]: rows are the y labels; an absent value is a blank cell. */
    | { kind: "heatmap"; x: string[]; y: string[]; cells: (number | null | undefined)[][] }
  );

const ChartCanvas = lazy(() => import("./ChartCanvas.tsx"));

const isEmpty = (s: ChartSpec) =>
  s.kind === "pie" ? s.slices.every((p) => !p.value) : s.kind === "heatmap" ? s.cells.every((r) => r.every((v) => v == null)) : s.x.length === 0 || s.series.length === 0;

/** A chart, or the loading state while its data (or echarts) loads, or the empty state. */
export function Chart({ spec, loading = false }: { spec: ChartSpec | null; loading?: boolean }) {
  if (loading || !spec) return <Loading />;
  if (isEmpty(spec)) return <Empty />;
  return (
    <figure className="tk-chart" role="img" aria-label={spec.title} style={{ margin: 0, minHeight: spec.height ?? 320 }}>
      <Suspense fallback={<Loading />}>
        <ChartCanvas spec={spec} />
      </Suspense>
    </figure>
  );
}
