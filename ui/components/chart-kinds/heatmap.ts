// The echarts parts a heatmap needs — the category grid and the continuous colour scale under it —
// registered when Chart.tsx fetches this chunk (beside ChartCanvas.tsx) for the first heatmap.
import { use } from "echarts/core";
import { HeatmapChart } from "echarts/charts";
import { GridComponent, VisualMapContinuousComponent } from "echarts/components";

use([HeatmapChart, GridComponent, VisualMapContinuousComponent]);
