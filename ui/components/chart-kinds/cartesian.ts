// The echarts parts a line, bar or stacked chart needs, registered when Chart.tsx fetches this
// chunk (beside ChartCanvas.tsx) for the first such chart: a screen without one never downloads them.
import { use } from "echarts/core";
import { BarChart, LineChart } from "echarts/charts";
import { GridComponent } from "echarts/components";

use([LineChart, BarChart, GridComponent]);
