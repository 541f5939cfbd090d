// The echarts parts a pie chart needs, registered when Chart.tsx fetches this chunk (beside
// ChartCanvas.tsx) for the first pie.
import { use } from "echarts/core";
import { PieChart } from "echarts/charts";

use([PieChart]);
