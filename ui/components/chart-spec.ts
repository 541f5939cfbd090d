// What a chart shows (Chart.tsx draws it; ChartCanvas.tsx, its lazy chunk, reads it too).
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
    /** Parts of a whole: a bar each, the largest first, with its share of the total. */
    | { kind: "share"; slices: { name: string; value: number }[] }
    /** cells[y][x]: rows are the y labels; an absent value is a blank cell. */
    | { kind: "heatmap"; x: string[]; y: string[]; cells: (number | null | undefined)[][] }
  );
