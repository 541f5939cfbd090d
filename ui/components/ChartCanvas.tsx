// Draws a ChartSpec with echarts through its modular core: only the parts our charts use are
// registered — here the canvas renderer (no SVG renderer), the tooltip and the legend that every
// kind shows; each kind's own parts register themselves in chart-kinds/*.ts, chunks that Chart.tsx
// fetches beside this one for the kind it shows (a screen of line and bar charts never downloads
// the heatmap). echarts-for-react's core component gets the three functions it calls
// (init, getInstanceByDom, dispose), not echarts' whole namespace, so the bundle keeps none of
// the rest of echarts' API.
import { useMemo } from "react";
import ReactEChartsCore from "echarts-for-react/esm/core";
import { dispose, getInstanceByDom, init, use } from "echarts/core";
import { LegendComponent, TooltipComponent } from "echarts/components";
import { CanvasRenderer } from "echarts/renderers";
import { fmtInt, locale } from "../lib/i18n.ts";
import type { ChartSpec } from "./chart-spec.ts";

// No AriaComponent: its generated description exists only in English and Chinese; the chart's
// <figure> is named (role="img", aria-label) in the page's language.
use([CanvasRenderer, TooltipComponent, LegendComponent]);
const echarts = { init, getInstanceByDom, dispose };

const TEXT = "#e6edf3";
const AXIS = {
  axisLabel: { color: TEXT },
  axisLine: { lineStyle: { color: "#53606c" } },
  splitLine: { lineStyle: { color: "#2a3540" } },
};

/**
 * The smallest distance between two value-axis labels that the format tells apart (whole numbers
 * and cents: 1; a share shown as a percentage with two decimals: 0.0001), so a small range never
 * draws ticks that read the same ("0, 1, 1, 2, 2" for 0, 0.5, 1, 1.5, 2).
 */
export function minStep(format: (v: number) => string): number {
  for (const d of [1e-4, 1e-3, 1e-2, 1e-1]) if (format(d) !== format(0) && format(2 * d) !== format(d)) return d;
  return 1;
}

/** Once drawn, the figure carries its axes' labels as they read (data-axis-labels: JSON, one list per axis) for the look check. */
function publishLabels(chart: {
  getDom(): HTMLElement;
  getModel(): { getComponent(type: string, i?: number): unknown };
}) {
  const axes = ["xAxis", "yAxis"].flatMap((type) => {
    const c = chart.getModel().getComponent(type) as
      | { axis?: { getViewLabels?: () => { formattedLabel: string }[] } }
      | undefined;
    return c?.axis?.getViewLabels ? [c.axis.getViewLabels().map((l) => l.formattedLabel)] : [];
  });
  chart.getDom().closest("figure")?.setAttribute("data-axis-labels", JSON.stringify(axes));
}

const EVENTS = { finished: (_: unknown, chart: Parameters<typeof publishLabels>[0]) => publishLabels(chart) };

function optionOf(spec: ChartSpec) {
  const format = spec.format ?? ((v: number) => fmtInt(v));
  const base = {
    backgroundColor: "transparent",
    textStyle: { color: TEXT },
    legend: { top: 0, textStyle: { color: TEXT }, type: "scroll" },
  };
  if (spec.kind === "share") {
    const slices = [...spec.slices].sort((a, b) => b.value - a.value);
    const total = slices.reduce((n, s) => n + s.value, 0);
    const pct = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
    const share = (v: number) => (total ? pct.format(v / total) : "");
    return {
      ...base,
      // One series named by the chart: a legend would only repeat the title.
      legend: { show: false },
      tooltip: { trigger: "axis", valueFormatter: (v: number) => `${format(v)} (${share(v)})` },
      grid: { left: 8, right: 56, top: 8, bottom: 24, containLabel: true },
      xAxis: { type: "value", ...AXIS, minInterval: minStep(format), axisLabel: { color: TEXT, formatter: format } },
      yAxis: { type: "category", inverse: true, data: slices.map((s) => s.name), ...AXIS },
      series: [
        {
          type: "bar",
          name: spec.title,
          data: slices.map((s) => s.value),
          barMaxWidth: 28,
          label: { show: true, position: "right", color: TEXT, formatter: (p: { value: number }) => share(p.value) },
        },
      ],
    };
  }
  if (spec.kind === "heatmap") {
    const data = spec.cells.flatMap((row, y) =>
      row.map((v, x) => (v == null ? null : [x, y, v])).filter((c) => c !== null),
    );
    const values = data.map((c) => c![2] as number);
    return {
      ...base,
      tooltip: { position: "top", valueFormatter: format },
      grid: { left: 96, right: 24, top: 16, bottom: 72 },
      xAxis: { type: "category", data: spec.x, ...AXIS },
      yAxis: { type: "category", data: spec.y, ...AXIS },
      visualMap: {
        min: Math.min(0, ...values),
        max: Math.max(1, ...values),
        calculable: true,
        orient: "horizontal",
        left: "center",
        bottom: 0,
        textStyle: { color: TEXT },
        formatter: (v: number) => format(v),
      },
      series: [
        {
          type: "heatmap",
          data,
          label: { show: spec.x.length <= 16, color: TEXT, formatter: (p: { value: number[] }) => format(p.value[2]) },
        },
      ],
    };
  }
  return {
    ...base,
    tooltip: { trigger: "axis", valueFormatter: format },
    grid: { left: 72, right: 24, top: 36, bottom: 32 },
    xAxis: { type: "category", data: spec.x, ...AXIS },
    yAxis: { type: "value", ...AXIS, minInterval: minStep(format), axisLabel: { color: TEXT, formatter: format } },
    series: spec.series.map((s) => ({
      name: s.name,
      type: spec.kind === "line" ? (s.as ?? "line") : (s.as ?? "bar"),
      stack: spec.kind === "stacked" ? "all" : undefined,
      data: s.data,
      showSymbol: spec.x.length < 40,
    })),
  };
}

export default function ChartCanvas({ spec }: { spec: ChartSpec }) {
  const option = useMemo(() => optionOf(spec), [spec]);
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      style={{ height: spec.height ?? 320 }}
      notMerge
      onEvents={EVENTS}
    />
  );
}
