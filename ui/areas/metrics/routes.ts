// The metrics area's screens for the admin shell (registered in ui/areas/index.ts); the
// screens' code (one chunk, screens.tsx) loads when the first of them is shown.
import type { ScreenDef } from "../registry.ts";
import { LABELS, type MetricsMessageId } from "./labels.ts";

type ScreenName = keyof typeof import("./screens.tsx");
const screen = (path: string, title: MetricsMessageId, name: ScreenName): ScreenDef => ({
  path,
  shell: "admin",
  group: "metrics",
  title: LABELS[title],
  load: () => import("./screens.tsx").then((m) => ({ default: m[name] })),
});

export const screens: ScreenDef[] = [
  screen("/admin/metrics/registrations/", "metrics.registrations", "Registrations"),
  screen("/admin/metrics/dau/", "metrics.dau", "Dau"),
  screen("/admin/metrics/division/", "metrics.division", "Division"),
  screen("/admin/metrics/expenses/", "metrics.expenses", "Expenses"),
  screen("/admin/metrics/playersTanks/", "metrics.playersTanks", "PlayersTanks"),
  screen("/admin/metrics/playersCrews/", "metrics.playersCrews", "PlayersCrews"),
  screen("/admin/metrics/comparePeriods/", "metrics.comparePeriods", "ComparePeriods"),
  screen("/admin/metrics/payments/", "metrics.payments", "Payments"),
  screen("/admin/metrics/tanksEarns/", "metrics.tanksEarns", "TanksEarns"),
  screen("/admin/metrics/retention/", "metrics.retention", "Retention"),
  screen("/admin/metrics/adminControl/", "metrics.adminControl", "AdminControl"),
  screen("/admin/metrics/valuesMovements/", "metrics.valuesMovements", "ValuesMovements"),
  screen("/admin/metrics/ads/companies/", "metrics.campaigns", "Campaigns"),
  screen("/admin/metrics/cohort_payments/", "metrics.cohortPayments", "CohortPayments"),
];
