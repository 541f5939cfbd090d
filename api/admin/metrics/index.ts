// /admin/metrics: every dashboard of the spec. Figures come from the warehouse only (never
// libSQL); each metric's SQL and written definition live in warehouse/metrics/. Index paths
// (ending in /) are pages whose JSON is the dashboard's default data; exports stream CSV
// straight from ClickHouse.
import { csvDownload } from "../../http/download.ts";
import type { Context, Hono } from "hono";
import { z } from "zod";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import { audit, NO_CHANGES, valuesOf } from "../../http/audit.ts";
import * as f from "../../domain/fields.ts";
import { AppError } from "../../domain/errors.ts";
import { metricsFields, periodFields, periodOf, oneOf, day, limit, offset, type PeriodKind } from "./inputs.ts";
import { type Period, periodParams, resolvePeriod, isoDay, addDays } from "../../../warehouse/metrics/period.ts";
import { registrations, registrationsSql } from "../../../warehouse/metrics/registrations.ts";
import { dau, topCountries } from "../../../warehouse/metrics/dau.ts";
import { division, DIVISION_TYPES, type DivisionType } from "../../../warehouse/metrics/division.ts";
import {
  CURRENCIES,
  expenses,
  loadByLevel,
  loadByMeta,
  loadSpecificData,
  loadSummary,
  valuesMovementsCsvSql,
} from "../../../warehouse/metrics/currency_flows.ts";
import { ownership, owners, ownershipSql, type OwnedType } from "../../../warehouse/metrics/ownership.ts";
import {
  clearMonthly,
  compareCsv,
  comparePeriods,
  monthlyRange,
  recalculateMonth,
} from "../../../warehouse/metrics/compare_periods.ts";
import { PAYMENT_TYPES, paymentsCsv, paymentsData } from "../../../warehouse/metrics/payments.ts";
import { tanksEarns } from "../../../warehouse/metrics/tanks_earns.ts";
import { retention, RETENTION_UNITS } from "../../../warehouse/metrics/retention.ts";
import { adminControl } from "../../../warehouse/metrics/admin_control.ts";
import {
  campaigns,
  CAMPAIGNS_CSV_SQL,
  PAYMENTS_CSV_SQL,
  PLAYERS_CSV_SQL,
} from "../../../warehouse/metrics/campaigns.ts";
import { cohortPayments, COHORT_UNITS } from "../../../warehouse/metrics/cohort_payments.ts";
import type { Params } from "../../../warehouse/port.ts";

const BASE = "/admin/metrics";
const A = { auth: "admin", role: "operator" } as const;

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

type Fields<E extends z.ZodRawShape> = { year?: number; month?: number; day?: number } & z.output<z.ZodObject<E>>;
type Handler<T> = (c: Context<HonoEnv>, v: T) => Response | Promise<Response>;

/**
 * A metrics route: the period fields and the route's own (`extra`, from query and body; `params`
 * from the path, over them) validated; the handler gets them typed with the period resolved by
 * `kind` (inputs.ts periodOf).
 */
function metricsRoute<E extends z.ZodRawShape, P extends z.ZodRawShape = Record<never, never>>(
  app: Hono<HonoEnv>,
  info: { path: string; mutates?: boolean },
  kind: PeriodKind,
  extra: E,
  handler: Handler<Fields<E> & z.output<z.ZodObject<P>> & { period: Period }>,
  params?: P,
) {
  const input = metricsFields(extra);
  const path = params ? z.object({ ...periodFields, ...params }) : undefined;
  route(app, { method: "ANY", ...info, ...A }, path ? { input, params: path } : { input }, (c, v) => {
    // The generic schemas' merged output, named once here (TypeScript cannot resolve it for any E and P).
    const fields = v as Fields<E> & z.output<z.ZodObject<P>>;
    return handler(c, { ...fields, period: periodOf(kind, fields, now(c)) });
  });
}

/** The four period routes of a dashboard: yearly, {year}/{month}, {year}/{month}/{day} (and the page's own default). */
function periodRoutes(
  app: Hono<HonoEnv>,
  base: string,
  load: (c: Context<HonoEnv>, p: Period) => Promise<unknown>,
  withDaily = true,
) {
  const kinds: [string, PeriodKind][] = [
    [`${base}/yearly`, "yearly"],
    [`${base}/:year{[0-9]+}/:month{[0-9]+}`, "monthly"],
  ];
  if (withDaily) kinds.push([`${base}/:year{[0-9]+}/:month{[0-9]+}/:day{[0-9]+}`, "daily"]);
  for (const [path, kind] of kinds)
    metricsRoute(
      app,
      { path },
      kind,
      {},
      async (c, v) => c.json(await load(c, v.period)),
      kind === "yearly" ? undefined : {},
    );
}

/** The current month (the pages' default period). */
const current = (c: Context<HonoEnv>) => resolvePeriod({ month: -1 }, now(c), "monthly");

/** Registrations. */
function registerRegistrations(app: Hono<HonoEnv>) {
  page(app, { path: `${BASE}/registrations/`, ...A }, async (c) => c.json(await registrations(wh(c), current(c))));
  periodRoutes(app, `${BASE}/registrations`, (c, p) => registrations(wh(c), p));
  metricsRoute(app, { path: `${BASE}/registrations/export/csv` }, "query", {}, (c, v) => {
    const p = v.period;
    return csv(c, `registrations-${periodName(p)}`, registrationsSql(p), periodParams(p));
  });
}

/** DAU / WAU / MAU. */
function registerActiveUsers(app: Hono<HonoEnv>) {
  page(app, { path: `${BASE}/dau/`, ...A }, async (c) => c.json(await dau(wh(c), current(c), now(c))));
  periodRoutes(app, `${BASE}/dau`, (c, p) => dau(wh(c), p, now(c)));
  metricsRoute(app, { path: `${BASE}/dau/get/topCountries` }, "query", { limit: limit(100, 10) }, async (c, v) =>
    c.json(await topCountries(wh(c), v.period, v.limit)),
  );
}

/** Division. */
function registerDivision(app: Hono<HonoEnv>) {
  page(app, { path: `${BASE}/division/`, ...A }, async (c) => {
    const [experience, gold, silver] = await Promise.all(DIVISION_TYPES.map((t) => division(wh(c), t)));
    return c.json({ experience, gold, silver });
  });
  for (const type of DIVISION_TYPES)
    route(app, { method: "ANY", path: `${BASE}/division/${type}`, ...A }, {}, async (c) =>
      c.json(await division(wh(c), type as DivisionType)),
    );
}

/** Expenses. */
function registerExpenses(app: Hono<HonoEnv>) {
  page(app, { path: `${BASE}/expenses/`, ...A }, async (c) => {
    const [gold, silver] = await Promise.all(CURRENCIES.map((cur) => expenses(wh(c), current(c), cur)));
    return c.json({ gold, silver });
  });
  for (const cur of CURRENCIES)
    metricsRoute(app, { path: `${BASE}/expenses/${cur}` }, "query", {}, async (c, v) =>
      c.json(await expenses(wh(c), v.period, cur)),
    );
}

/** Players' tanks and crews. */
function registerPlayersTanksAndCrews(app: Hono<HonoEnv>) {
  const ownersIn = z.object({
    item_id: z.preprocess(
      (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : [v]) : v),
      z.array(f.text(1, 100)).min(1).max(100),
    ),
    limit: limit(1000, 200),
    offset: offset(),
  });
  const ownershipArea = (slug: string, type: OwnedType, openPath: string) => {
    page(app, { path: `${BASE}/${slug}/`, ...A }, async (c) => c.json(await ownership(wh(c), type)));
    route(app, { method: "ANY", path: `${BASE}/${slug}/load`, ...A }, {}, async (c) =>
      c.json(await ownership(wh(c), type)),
    );
    route(app, { method: "ANY", path: `${BASE}/${slug}/export`, ...A }, {}, (c) =>
      csv(c, `${slug}`, ownershipSql, { type }),
    );
    route(app, { method: "ANY", path: `${BASE}/${slug}/${openPath}`, ...A }, { input: ownersIn }, async (c, v) => {
      const r = await owners(wh(c), type, v.item_id, v.limit, v.offset);
      return c.json({ ...r, profiles: r.playerIds.map((id) => ({ playerId: id, url: `/admin/player/${id}` })) });
    });
  };
  ownershipArea("playersTanks", "tank", "openPlayersProfiles");
  ownershipArea("playersCrews", "crew", "open/profiles");
}

/** Compare periods: two periods' headline figures side by side (and as CSV). */
function registerComparePeriods(app: Hono<HonoEnv>) {
  const twoPeriods = z.object({ from1: day(), to1: day(), from2: day(), to2: day() });
  const ordered = (v: z.output<typeof twoPeriods>) => {
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
  page(app, { path: `${BASE}/comparePeriods/`, ...A }, async (c) => {
    const p = current(c);
    const prev = resolvePeriod(
      {
        year: new Date(Date.parse(p.from) - 86_400_000).getUTCFullYear(),
        month: new Date(Date.parse(p.from) - 86_400_000).getUTCMonth() + 1,
      },
      now(c),
      "monthly",
    );
    return c.json(
      await comparePeriods(wh(c), { from: prev.from, to: addDays(prev.to, -1) }, { from: p.from, to: isoDay(now(c)) }),
    );
  });
  route(
    app,
    { method: "ANY", path: `${BASE}/comparePeriods/getPeriodData`, ...A },
    { input: twoPeriods },
    async (c, v) => {
      const { a, b } = ordered(v);
      return c.json(await comparePeriods(wh(c), a, b));
    },
  );
  route(app, { method: "ANY", path: `${BASE}/comparePeriods/getCsv`, ...A }, { input: twoPeriods }, async (c, v) => {
    const { a, b } = ordered(v);
    return csvDownload(compareCsv(await comparePeriods(wh(c), a, b)), `compare-${a.from}-${b.from}`);
  });
}

/** Compare periods: a month's headline figures, stored and recalculated, one or a range of months. */
function registerComparedMonths(app: Hono<HonoEnv>) {
  const monthFields = z.object({ year: f.int(2000, 2100), month: f.int(1, 12) });
  route(
    app,
    { method: "POST", path: `${BASE}/comparePeriods/get/monthly/data`, ...A },
    { input: monthFields },
    async (c, v) => {
      const [m] = await monthlyRange(wh(c), v, v, now(c));
      return c.json(m);
    },
  );
  route(
    app,
    { method: "POST", path: `${BASE}/comparePeriods/recalculate/month`, ...A, mutates: true },
    { input: monthFields },
    async (c, v) => {
      const m = await recalculateMonth(wh(c), v.year, v.month, now(c));
      await audit(c, c.var.deps.db, {
        action: "metrics.recalculate_month",
        targetType: "month",
        targetId: m.month.slice(0, 7),
        summary: `comparePeriods ${m.month.slice(0, 7)} recalculated`,
        details: NO_CHANGES,
      });
      return c.json(m);
    },
  );
  route(
    app,
    { method: "ANY", path: `${BASE}/comparePeriods/clear/monthly/cache`, ...A, mutates: true },
    {},
    async (c) => {
      const months = await clearMonthly(wh(c));
      await audit(c, c.var.deps.db, {
        action: "metrics.clear_monthly_cache",
        targetType: "monthly_metrics",
        summary: `${months} months cleared`,
        details: valuesOf({ months }),
      });
      return c.json({ cleared: months });
    },
  );
  route(
    app,
    { method: "POST", path: `${BASE}/comparePeriods/get/range/data`, ...A },
    {
      input: z.object({
        fromYear: f.int(2000, 2100),
        fromMonth: f.int(1, 12),
        toYear: f.int(2000, 2100),
        toMonth: f.int(1, 12),
      }),
    },
    async (c, v) => {
      const span = (v.toYear - v.fromYear) * 12 + (v.toMonth - v.fromMonth);
      if (span < 0)
        throw new AppError("validation", "error.validation", [], 400, {
          toMonth: { id: "validation.min", values: [`${v.fromYear}-${v.fromMonth}`] },
        });
      if (span >= 60)
        throw new AppError("validation", "error.validation", [], 400, {
          toYear: { id: "validation.max", values: [v.fromYear + 4] },
        });
      return c.json({
        months: await monthlyRange(
          wh(c),
          { year: v.fromYear, month: v.fromMonth },
          { year: v.toYear, month: v.toMonth },
          now(c),
        ),
      });
    },
  );
}

/** Payments. */
function registerPayments(app: Hono<HonoEnv>) {
  page(app, { path: `${BASE}/payments/`, ...A }, async (c) =>
    c.json(await paymentsData(wh(c), resolvePeriod({}, now(c), "yearly"), "market")),
  );
  for (const type of PAYMENT_TYPES)
    periodRoutes(app, `${BASE}/payments/${type}`, (c, p) => paymentsData(wh(c), p, type), false);
  metricsRoute(
    app,
    { path: `${BASE}/payments/export/csv/:type{[^/]+}` },
    "query",
    {},
    (c, v) => {
      const p =
        v.period.kind === "daily"
          ? resolvePeriod({ year: v.period.year, month: v.period.month }, now(c), "monthly")
          : v.period;
      const { sql, params } = paymentsCsv(p, v.type);
      return csv(c, `payments-${v.type}-${periodName(p)}`, sql, params);
    },
    { type: oneOf(PAYMENT_TYPES) },
  );
}

/** Tanks: earned vs spent per battle. */
function registerTanksEarnedVsSpent(app: Hono<HonoEnv>) {
  page(app, { path: `${BASE}/tanksEarns/`, ...A }, async (c) => c.json(await tanksEarns(wh(c), current(c))));
  metricsRoute(app, { path: `${BASE}/tanksEarns/load` }, "query", {}, async (c, v) =>
    c.json(await tanksEarns(wh(c), v.period)),
  );
}

/** Retention. */
function registerRetention(app: Hono<HonoEnv>) {
  const unit = { unit: z.preprocess((v) => (v === undefined || v === "" ? "day" : v), oneOf(RETENTION_UNITS)) };
  page(app, { path: `${BASE}/retention/`, ...A }, async (c) =>
    c.json(await retention(wh(c), current(c), "day", now(c))),
  );
  metricsRoute(app, { path: `${BASE}/retention/getData` }, "query", unit, async (c, v) => {
    return c.json(await retention(wh(c), v.period, v.unit, now(c)));
  });
}

/** Admin control. */
function registerAdminControl(app: Hono<HonoEnv>) {
  const adminFilters = {
    admin_id: f.optional(f.id()),
    action: f.optionalText(100),
    limit: limit(500, 100),
    offset: offset(),
  };
  page(app, { path: `${BASE}/adminControl/`, ...A }, async (c) =>
    c.json(await adminControl(wh(c), current(c), { limit: 100, offset: 0 })),
  );
  metricsRoute(app, { path: `${BASE}/adminControl/get/info` }, "query", adminFilters, async (c, v) => {
    return c.json(
      await adminControl(wh(c), v.period, { adminId: v.admin_id, action: v.action, limit: v.limit, offset: v.offset }),
    );
  });
}

/** Values movements. */
function registerValuesMovements(app: Hono<HonoEnv>) {
  const currency = { currency: z.preprocess((v) => (v === undefined || v === "" ? "gold" : v), oneOf(CURRENCIES)) };
  page(app, { path: `${BASE}/valuesMovements/`, ...A }, async (c) => c.json(await loadSummary(wh(c), current(c))));
  metricsRoute(app, { path: `${BASE}/valuesMovements/loadSummary` }, "query", {}, async (c, v) =>
    c.json(await loadSummary(wh(c), v.period)),
  );
  metricsRoute(app, { path: `${BASE}/valuesMovements/loadByLevel` }, "query", currency, async (c, v) =>
    c.json(await loadByLevel(wh(c), v.period, v.currency)),
  );
  metricsRoute(app, { path: `${BASE}/valuesMovements/loadByMeta` }, "query", currency, async (c, v) =>
    c.json(await loadByMeta(wh(c), v.period, v.currency)),
  );
  metricsRoute(
    app,
    { path: `${BASE}/valuesMovements/loadSpecificData` },
    "query",
    { ...currency, reason: f.text(1, 100), level: f.optional(f.int(0, 1000)) },
    async (c, v) => {
      return c.json(await loadSpecificData(wh(c), v.period, v.currency, v.reason, v.level));
    },
  );
  metricsRoute(app, { path: `${BASE}/valuesMovements/export` }, "query", {}, (c, v) => {
    const p = v.period;
    return csv(c, `values-movements-${periodName(p)}`, valuesMovementsCsvSql, periodParams(p));
  });
}

/** Install campaigns (AppMetrica layouts). */
function registerInstallCampaigns(app: Hono<HonoEnv>) {
  const campaign = { campaign: f.optionalText(100) };
  page(app, { path: `${BASE}/ads/companies/`, ...A }, async (c) => c.json(await campaigns(wh(c), current(c))));
  metricsRoute(app, { path: `${BASE}/ads/companies/getAppMetricaData` }, "query", {}, async (c, v) =>
    c.json(await campaigns(wh(c), v.period)),
  );
  metricsRoute(app, { path: `${BASE}/ads/companies/csv` }, "query", {}, (c, v) => {
    const p = v.period;
    return csv(c, `campaigns-${periodName(p)}`, CAMPAIGNS_CSV_SQL, periodParams(p));
  });
  metricsRoute(app, { path: `${BASE}/ads/companies/exportPlayersToCsvAppMetrica` }, "query", campaign, (c, v) => {
    return csv(c, `appmetrica-installations-${periodName(v.period)}`, PLAYERS_CSV_SQL, {
      ...periodParams(v.period),
      campaign: v.campaign ?? "",
    });
  });
  metricsRoute(app, { path: `${BASE}/ads/companies/exportPaymentsToCsvAppMetrica` }, "query", campaign, (c, v) => {
    return csv(c, `appmetrica-revenue-${periodName(v.period)}`, PAYMENTS_CSV_SQL, {
      ...periodParams(v.period),
      campaign: v.campaign ?? "",
    });
  });
}

/** Cohort payments. */
function registerCohortPayments(app: Hono<HonoEnv>) {
  const cohortUnit = { unit: z.preprocess((v) => (v === undefined || v === "" ? "day" : v), oneOf(COHORT_UNITS)) };
  page(app, { path: `${BASE}/cohort_payments/`, ...A }, async (c) =>
    c.json(await cohortPayments(wh(c), current(c), "day", now(c))),
  );
  metricsRoute(app, { path: `${BASE}/cohort_payments/getData` }, "query", cohortUnit, async (c, v) => {
    return c.json(await cohortPayments(wh(c), v.period, v.unit, now(c)));
  });
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
