// The metrics area of the admin: its screens by path (the index paths of /admin/metrics).
import type { ComponentType } from "react";
import * as S from "./screens.tsx";
import type { MetricsMessageId } from "./messages.ts";

export const metricsScreens: { path: string; title: MetricsMessageId; component: ComponentType }[] = [
  { path: "/admin/metrics/registrations/", title: "metrics.registrations", component: S.Registrations },
  { path: "/admin/metrics/dau/", title: "metrics.dau", component: S.Dau },
  { path: "/admin/metrics/division/", title: "metrics.division", component: S.Division },
  { path: "/admin/metrics/expenses/", title: "metrics.expenses", component: S.Expenses },
  { path: "/admin/metrics/playersTanks/", title: "metrics.playersTanks", component: S.PlayersTanks },
  { path: "/admin/metrics/playersCrews/", title: "metrics.playersCrews", component: S.PlayersCrews },
  { path: "/admin/metrics/comparePeriods/", title: "metrics.comparePeriods", component: S.ComparePeriods },
  { path: "/admin/metrics/payments/", title: "metrics.payments", component: S.Payments },
  { path: "/admin/metrics/tanksEarns/", title: "metrics.tanksEarns", component: S.TanksEarns },
  { path: "/admin/metrics/retention/", title: "metrics.retention", component: S.Retention },
  { path: "/admin/metrics/adminControl/", title: "metrics.adminControl", component: S.AdminControl },
  { path: "/admin/metrics/valuesMovements/", title: "metrics.valuesMovements", component: S.ValuesMovements },
  { path: "/admin/metrics/ads/companies/", title: "metrics.campaigns", component: S.Campaigns },
  { path: "/admin/metrics/cohort_payments/", title: "metrics.cohortPayments", component: S.CohortPayments },
];
