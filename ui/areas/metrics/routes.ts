// The metrics area's screens for the admin shell (registered in ui/areas/index.ts); each
// dashboard is its own file (dashboards/<Name>.tsx) and chunk, loaded when it is shown.
import type { ScreenDef } from "../registry.ts";
import { LABELS, type MetricsMessageId } from "./labels.ts";

type Module = Record<string, ScreenDef["load"] extends () => Promise<{ default: infer C }> ? C : never>;
const screen = (path: string, title: MetricsMessageId, name: string, load: () => Promise<Module>): ScreenDef => ({
  path,
  shell: "admin",
  group: "metrics",
  title: LABELS[title],
  load: () => load().then((m) => ({ default: m[name]! })),
});

export const screens: ScreenDef[] = [
  screen(
    "/admin/metrics/registrations/",
    "metrics.registrations",
    "Registrations",
    () => import("./dashboards/Registrations.tsx"),
  ),
  screen("/admin/metrics/dau/", "metrics.dau", "Dau", () => import("./dashboards/Dau.tsx")),
  screen("/admin/metrics/division/", "metrics.division", "Division", () => import("./dashboards/Division.tsx")),
  screen("/admin/metrics/expenses/", "metrics.expenses", "Expenses", () => import("./dashboards/Expenses.tsx")),
  screen(
    "/admin/metrics/playersTanks/",
    "metrics.playersTanks",
    "PlayersTanks",
    () => import("./dashboards/Ownership.tsx"),
  ),
  screen(
    "/admin/metrics/playersCrews/",
    "metrics.playersCrews",
    "PlayersCrews",
    () => import("./dashboards/Ownership.tsx"),
  ),
  screen(
    "/admin/metrics/comparePeriods/",
    "metrics.comparePeriods",
    "ComparePeriods",
    () => import("./dashboards/ComparePeriods.tsx"),
  ),
  screen("/admin/metrics/payments/", "metrics.payments", "Payments", () => import("./dashboards/Payments.tsx")),
  screen("/admin/metrics/tanksEarns/", "metrics.tanksEarns", "TanksEarns", () => import("./dashboards/TanksEarns.tsx")),
  screen("/admin/metrics/retention/", "metrics.retention", "Retention", () => import("./dashboards/Retention.tsx")),
  screen(
    "/admin/metrics/adminControl/",
    "metrics.adminControl",
    "AdminControl",
    () => import("./dashboards/AdminControl.tsx"),
  ),
  screen(
    "/admin/metrics/valuesMovements/",
    "metrics.valuesMovements",
    "ValuesMovements",
    () => import("./dashboards/ValuesMovements.tsx"),
  ),
  screen("/admin/metrics/ads/companies/", "metrics.campaigns", "Campaigns", () => import("./dashboards/Campaigns.tsx")),
  screen(
    "/admin/metrics/cohort_payments/",
    "metrics.cohortPayments",
    "CohortPayments",
    () => import("./dashboards/CohortPayments.tsx"),
  ),
];
