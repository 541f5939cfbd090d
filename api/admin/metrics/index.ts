// /admin/metrics: every dashboard of the spec. Figures come from the warehouse only (never
// libSQL); each metric's SQL and written definition live in warehouse/metrics/. Index paths
// (ending in /) are pages whose JSON is the dashboard's default data; exports stream CSV
// straight from ClickHouse. Each route is declared by its contract (api/contracts/admin/metrics.ts).
import { csvDownload } from "../../http/download.ts";
import type { Context, Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import { audit, NO_CHANGES, valuesOf } from "../../domain/audit.ts";
import { AppError } from "../../domain/errors.ts";
import type { AnswerOf, Contract } from "../../contracts/contract.ts";
import * as m from "../../contracts/admin/metrics.ts";
import { periodOf, type PeriodKind } from "./inputs.ts";
import { type Period, periodParams, resolvePeriod, isoDay, addDays } from "../../../warehouse/metrics/period.ts";
import { registrations, registrationsSql } from "../../../warehouse/metrics/registrations.ts";
import { dau, topCountries } from "../../../warehouse/metrics/dau.ts";
import { division, DIVISION_TYPES } from "../../../warehouse/metrics/division.ts";
import {
  CURRENCIES,
  expenses,
  loadByLevel,
  loadByMeta,
  loadSpecificData,
  loadSummary,
  valuesMovementsCsvSql,
} from "../../../warehouse/metrics/currency_flows.ts";
import { ownership, owners, ownershipSql } from "../../../warehouse/metrics/ownership.ts";
import {
  clearMonthly,
  compareCsv,
  comparePeriods,
  monthlyRange,
  recalculateMonth,
} from "../../../warehouse/metrics/compare_periods.ts";
import { paymentsCsv, paymentsData, type PaymentType } from "../../../warehouse/metrics/payments.ts";
import { tanksEarns } from "../../../warehouse/metrics/tanks_earns.ts";
import { tankNames } from "../../domain/tank-names.ts";
import { retention } from "../../../warehouse/metrics/retention.ts";
import { adminControl } from "../../../warehouse/metrics/admin_control.ts";
import {
  campaigns,
  CAMPAIGNS_CSV_SQL,
  PAYMENTS_CSV_SQL,
  PLAYERS_CSV_SQL,
} from "../../../warehouse/metrics/campaigns.ts";
import { cohortPayments } from "../../../warehouse/metrics/cohort_payments.ts";
import type { Params } from "../../../warehouse/port.ts";

const wh = (c: Context<HonoEnv>) => c.var.deps.warehouse;
const now = (c: Context<HonoEnv>) => c.var.deps.clock.now();

/** Streams a query's result as a CSV download. */
const csv = (c: Context<HonoEnv>, name: string, sql: string, params: Params) =>
  csvDownload(wh(c).stream(sql, params, "CSVWithNames"), name);
const periodName = (p: Period) =>
  [p.year, p.month, p.day]
    .filter((v) => v !== undefined)
    .map((v) => String(v).padStart(2, "0"))
    .join("-");

/** The current month (the pages' default period). */
const current = (c: Context<HonoEnv>) => resolvePeriod({ month: -1 }, now(c), "monthly");

type PeriodFields = { year?: number; month?: number; day?: number };

/** The period of a request's fields (path parameters over query and body), resolved by `kind`. */
const periodIn = (c: Context<HonoEnv>, kind: PeriodKind, v: PeriodFields) => periodOf(kind, v, now(c));

/** The yearly, monthly and (when given) daily routes of a dashboard, each answering `load` of its period. */
function periodRoutes<Y extends Contract, M extends Contract, D extends Contract = M>(
  app: Hono<HonoEnv>,
  routes: { yearly: Y; monthly: M; daily?: D },
  load: (c: Context<HonoEnv>, p: Period) => Promise<AnswerOf<Y> & AnswerOf<M> & AnswerOf<D>>,
) {
  route(app, routes.yearly, (c, v) => load(c, periodIn(c, "yearly", v as PeriodFields)));
  route(app, routes.monthly, (c, v) => load(c, periodIn(c, "monthly", v as PeriodFields)));
  if (routes.daily) route(app, routes.daily, (c, v) => load(c, periodIn(c, "daily", v as PeriodFields)));
}

/** Registrations. */
function registerRegistrations(app: Hono<HonoEnv>) {
  page(app, m.registrationsPage, (c) => registrations(wh(c), current(c)));
  periodRoutes(
    app,
    { yearly: m.registrationsYearly, monthly: m.registrationsMonthly, daily: m.registrationsDaily },
    (c, p) => registrations(wh(c), p),
  );
  route(app, m.registrationsCsv, (c, v) => {
    const p = periodIn(c, "query", v);
    return csv(c, `registrations-${periodName(p)}`, registrationsSql(p), periodParams(p));
  });
}

/** DAU / WAU / MAU. */
function registerActiveUsers(app: Hono<HonoEnv>) {
  page(app, m.dauPage, (c) => dau(wh(c), current(c), now(c)));
  periodRoutes(app, { yearly: m.dauYearly, monthly: m.dauMonthly, daily: m.dauDaily }, (c, p) => dau(wh(c), p, now(c)));
  route(app, m.topCountries, (c, v) => topCountries(wh(c), periodIn(c, "query", v), v.limit));
}

/** Division. */
function registerDivision(app: Hono<HonoEnv>) {
  page(app, m.divisionPage, async (c) => {
    const [experience, gold, silver] = await Promise.all(DIVISION_TYPES.map((t) => division(wh(c), t)));
    return { experience, gold, silver };
  });
  route(app, m.divisionExperience, (c) => division(wh(c), "experience"));
  route(app, m.divisionGold, (c) => division(wh(c), "gold"));
  route(app, m.divisionSilver, (c) => division(wh(c), "silver"));
}

/** Expenses. */
function registerExpenses(app: Hono<HonoEnv>) {
  page(app, m.expensesPage, async (c) => {
    const [gold, silver] = await Promise.all(CURRENCIES.map((cur) => expenses(wh(c), current(c), cur)));
    return { gold, silver };
  });
  route(app, m.expensesGold, (c, v) => expenses(wh(c), periodIn(c, "query", v), "gold"));
  route(app, m.expensesSilver, (c, v) => expenses(wh(c), periodIn(c, "query", v), "silver"));
}

/** Players' tanks and crews. */
function registerPlayersTanksAndCrews(app: Hono<HonoEnv>) {
  const profiles = (r: { playerIds: number[] }) =>
    r.playerIds.map((id) => ({ playerId: id, url: `/admin/player/${id}` }));
  page(app, m.tanksPage, (c) => ownership(wh(c), "tank"));
  route(app, m.tanksLoad, (c) => ownership(wh(c), "tank"));
  route(app, m.tanksExport, (c) => csv(c, "playersTanks", ownershipSql, { type: "tank" }));
  route(app, m.tanksOwners, async (c, v) => {
    const r = await owners(wh(c), "tank", v.item_id, v.limit, v.offset);
    return { ...r, profiles: profiles(r) };
  });
  page(app, m.crewsPage, (c) => ownership(wh(c), "crew"));
  route(app, m.crewsLoad, (c) => ownership(wh(c), "crew"));
  route(app, m.crewsExport, (c) => csv(c, "playersCrews", ownershipSql, { type: "crew" }));
  route(app, m.crewsOwners, async (c, v) => {
    const r = await owners(wh(c), "crew", v.item_id, v.limit, v.offset);
    return { ...r, profiles: profiles(r) };
  });
}

/** Compare periods: two periods' headline figures side by side (and as CSV). */
function registerComparePeriods(app: Hono<HonoEnv>) {
  const ordered = (v: { from1: string; to1: string; from2: string; to2: string }) => {
    for (const [a, b] of [
      ["from1", "to1"],
      ["from2", "to2"],
    ] as const)
      if (v[a] > v[b])
        throw new AppError("validation", "error.validation", [], 400, {
          [b]: { id: "validation.min", values: [v[a]] },
        });
    return { a: { from: v.from1, to: v.to1 }, b: { from: v.from2, to: v.to2 } };
  };
  page(app, m.comparePage, (c) => {
    const p = current(c);
    const before = new Date(Date.parse(p.from) - 86_400_000);
    const prev = resolvePeriod({ year: before.getUTCFullYear(), month: before.getUTCMonth() + 1 }, now(c), "monthly");
    return comparePeriods(wh(c), { from: prev.from, to: addDays(prev.to, -1) }, { from: p.from, to: isoDay(now(c)) });
  });
  route(app, m.compare, (c, v) => {
    const { a, b } = ordered(v);
    return comparePeriods(wh(c), a, b);
  });
  route(app, m.compareCsv, async (c, v) => {
    const { a, b } = ordered(v);
    return csvDownload(compareCsv(await comparePeriods(wh(c), a, b)), `compare-${a.from}-${b.from}`);
  });
}

/** Compare periods: a month's headline figures, stored and recalculated, one or a range of months. */
function registerComparedMonths(app: Hono<HonoEnv>) {
  route(app, m.monthData, async (c, v) => {
    const [month] = await monthlyRange(wh(c), v, v, now(c));
    return month;
  });
  route(app, m.recalculateMonth, async (c, v, ctx) => {
    const month = await recalculateMonth(wh(c), v.year, v.month, now(c));
    await audit(ctx, {
      action: "metrics.recalculate_month",
      targetType: "month",
      targetId: month.month.slice(0, 7),
      summary: `comparePeriods ${month.month.slice(0, 7)} recalculated`,
      details: NO_CHANGES,
    });
    return month;
  });
  route(app, m.clearMonths, async (c, _v, ctx) => {
    const months = await clearMonthly(wh(c));
    await audit(ctx, {
      action: "metrics.clear_monthly_cache",
      targetType: "monthly_metrics",
      summary: `${months} months cleared`,
      details: valuesOf({ months }),
    });
    return { cleared: months };
  });
  route(app, m.monthRange, async (c, v) => {
    const span = (v.toYear - v.fromYear) * 12 + (v.toMonth - v.fromMonth);
    if (span < 0)
      throw new AppError("validation", "error.validation", [], 400, {
        toMonth: { id: "validation.min", values: [`${v.fromYear}-${v.fromMonth}`] },
      });
    if (span >= 60)
      throw new AppError("validation", "error.validation", [], 400, {
        toYear: { id: "validation.max", values: [v.fromYear + 4] },
      });
    const first = { year: v.fromYear, month: v.fromMonth };
    return { months: await monthlyRange(wh(c), first, { year: v.toYear, month: v.toMonth }, now(c)) };
  });
}

/** Payments. */
function registerPayments(app: Hono<HonoEnv>) {
  page(app, m.paymentsPage, (c) => paymentsData(wh(c), resolvePeriod({}, now(c), "yearly"), "market"));
  const of = (type: PaymentType) => (c: Context<HonoEnv>, p: Period) => paymentsData(wh(c), p, type);
  periodRoutes(app, { yearly: m.paymentsMarketYearly, monthly: m.paymentsMarketMonthly }, of("market"));
  periodRoutes(app, { yearly: m.paymentsItemYearly, monthly: m.paymentsItemMonthly }, of("item"));
  periodRoutes(app, { yearly: m.paymentsCountryYearly, monthly: m.paymentsCountryMonthly }, of("country"));
  periodRoutes(app, { yearly: m.paymentsArpuYearly, monthly: m.paymentsArpuMonthly }, of("arpu"));
  periodRoutes(app, { yearly: m.paymentsArppuYearly, monthly: m.paymentsArppuMonthly }, of("arppu"));
  periodRoutes(app, { yearly: m.paymentsPayingUsersYearly, monthly: m.paymentsPayingUsersMonthly }, of("payingUsers"));
  periodRoutes(app, { yearly: m.paymentsConversionYearly, monthly: m.paymentsConversionMonthly }, of("conversion"));
  periodRoutes(app, { yearly: m.paymentsLeavingYearly, monthly: m.paymentsLeavingMonthly }, of("leavingPayers"));
  route(app, m.paymentsCsv, (c, v) => {
    const period = periodIn(c, "query", v);
    const p =
      period.kind === "daily" ? resolvePeriod({ year: period.year, month: period.month }, now(c), "monthly") : period;
    const { sql, params } = paymentsCsv(p, v.type);
    return csv(c, `payments-${v.type}-${periodName(p)}`, sql, params);
  });
}

/** Tanks: earned vs spent per battle. */
function registerTanksEarnedVsSpent(app: Hono<HonoEnv>) {
  page(app, m.tanksEarnsPage, async (c, _v, ctx) =>
    tanksEarns(wh(c), current(c), await tankNames(ctx.db, c.var.locale)),
  );
  route(app, m.tanksEarns, async (c, v, ctx) =>
    tanksEarns(wh(c), periodIn(c, "query", v), await tankNames(ctx.db, c.var.locale)),
  );
}

/** Retention. */
function registerRetention(app: Hono<HonoEnv>) {
  page(app, m.retentionPage, (c) => retention(wh(c), current(c), "day", now(c)));
  route(app, m.retention, (c, v) => retention(wh(c), periodIn(c, "query", v), v.unit, now(c)));
}

/** Admin control. */
function registerAdminControl(app: Hono<HonoEnv>) {
  page(app, m.adminControlPage, (c) => adminControl(wh(c), current(c), { limit: 100, offset: 0 }));
  route(app, m.adminControl, (c, v) =>
    adminControl(wh(c), periodIn(c, "query", v), {
      adminId: v.admin_id,
      action: v.action,
      limit: v.limit,
      offset: v.offset,
    }),
  );
}

/** Values movements. */
function registerValuesMovements(app: Hono<HonoEnv>) {
  page(app, m.movementsPage, (c) => loadSummary(wh(c), current(c)));
  route(app, m.movementsSummary, (c, v) => loadSummary(wh(c), periodIn(c, "query", v)));
  route(app, m.movementsByLevel, (c, v) => loadByLevel(wh(c), periodIn(c, "query", v), v.currency));
  route(app, m.movementsByMeta, (c, v) => loadByMeta(wh(c), periodIn(c, "query", v), v.currency));
  route(app, m.movementsSpecific, (c, v) =>
    loadSpecificData(wh(c), periodIn(c, "query", v), v.currency, v.reason, v.level),
  );
  route(app, m.movementsCsv, (c, v) => {
    const p = periodIn(c, "query", v);
    return csv(c, `values-movements-${periodName(p)}`, valuesMovementsCsvSql, periodParams(p));
  });
}

/** Install campaigns (AppMetrica layouts). */
function registerInstallCampaigns(app: Hono<HonoEnv>) {
  page(app, m.campaignsPage, (c) => campaigns(wh(c), current(c)));
  route(app, m.campaigns, (c, v) => campaigns(wh(c), periodIn(c, "query", v)));
  route(app, m.campaignsCsv, (c, v) => {
    const p = periodIn(c, "query", v);
    return csv(c, `campaigns-${periodName(p)}`, CAMPAIGNS_CSV_SQL, periodParams(p));
  });
  route(app, m.campaignPlayersCsv, (c, v) => {
    const p = periodIn(c, "query", v);
    return csv(c, `appmetrica-installations-${periodName(p)}`, PLAYERS_CSV_SQL, {
      ...periodParams(p),
      campaign: v.campaign ?? "",
    });
  });
  route(app, m.campaignPaymentsCsv, (c, v) => {
    const p = periodIn(c, "query", v);
    return csv(c, `appmetrica-revenue-${periodName(p)}`, PAYMENTS_CSV_SQL, {
      ...periodParams(p),
      campaign: v.campaign ?? "",
    });
  });
}

/** Cohort payments. */
function registerCohortPayments(app: Hono<HonoEnv>) {
  page(app, m.cohortPaymentsPage, (c) => cohortPayments(wh(c), current(c), "day", now(c)));
  route(app, m.cohortPayments, (c, v) => cohortPayments(wh(c), periodIn(c, "query", v), v.unit, now(c)));
}

export function registerMetrics(app: Hono<HonoEnv>) {
  registerRegistrations(app);
  registerActiveUsers(app);
  registerDivision(app);
  registerExpenses(app);
  registerPlayersTanksAndCrews(app);
  registerComparePeriods(app);
  registerComparedMonths(app);
  registerPayments(app);
  registerTanksEarnedVsSpent(app);
  registerRetention(app);
  registerAdminControl(app);
  registerValuesMovements(app);
  registerInstallCampaigns(app);
  registerCohortPayments(app);
}
