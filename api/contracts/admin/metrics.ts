// /admin/metrics/*: every dashboard of the spec, read from the warehouse (warehouse/metrics/, one
// file per metric with its SQL and written definition). A dashboard's index address (ending in /)
// is its page, whose JSON is the dashboard's default data (the current month); its period
// addresses (yearly, {year}/{month}, {year}/{month}/{day}) and query routes take the period's
// fields (year, month, day; -1 = current); exports stream CSV from the warehouse. Operators only.
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { contract, type ContractSpec } from "../contract.ts";
import { CURRENCIES } from "../../../warehouse/metrics/currency_flows.ts";
import { PAYMENT_TYPES } from "../../../warehouse/metrics/payments.ts";
import { RETENTION_UNITS } from "../../../warehouse/metrics/retention.ts";
import { COHORT_UNITS } from "../../../warehouse/metrics/cohort_payments.ts";
import { DIVISION_TYPES } from "../../../warehouse/metrics/division.ts";
import { HEADLINE } from "../../../warehouse/metrics/compare_periods.ts";

const A = { auth: "admin", role: "operator" } as const;
const B = "/admin/metrics";

// ---- inputs -------------------------------------------------------------------------------

/** A period part: -1 (current) or min…max. */
const part = (min: number, max: number) =>
  f.optional(
    // A run of digits too long to be a safe integer is simply too big (not "not a number").
    z
      .preprocess((v) => (typeof v === "string" && /^\d{7,}$/.test(v.trim()) ? 9_999_999 : v), f.int(-1, max))
      .refine((v) => v === -1 || v >= min, { params: { rule: "min", values: [min] } }),
  );

/** The period's fields: a year, a month, a day (-1: the current one). */
export const periodFields = {
  year: part(2000, 2100),
  month: part(1, 12),
  day: part(1, 31),
};

/** One of a fixed list of values; anything else is a 400 "Please check this value." */
export const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.enum(values));

/** A UTC day as DD.MM.YYYY or YYYY-MM-DD, to YYYY-MM-DD. */
export const day = () => f.dateTime().transform((ms) => new Date(ms).toISOString().slice(0, 10));

export const limit = (max = 1000, dflt = 100) =>
  z.preprocess((v) => (v === undefined || v === "" ? dflt : v), f.int(1, max));
export const offset = () => z.preprocess((v) => (v === undefined || v === "" ? 0 : v), f.int(0, 10_000_000));

// ---- outputs ------------------------------------------------------------------------------

const n = z.number();
/** The period an answer is about (warehouse/metrics/period.ts). */
const period = z.object({
  kind: z.enum(["yearly", "monthly", "daily"]),
  year: z.int(),
  month: z.int().optional(),
  day: z.int().optional(),
  /** First UTC day, inclusive. */
  from: z.string(),
  /** First UTC day after the period, exclusive. */
  to: z.string(),
  unit: z.enum(["month", "day", "hour"]),
});
const keyCount = z.object({ key: z.string(), n });

const registrationsData = z.object({
  period,
  total: n,
  series: z.array(z.object({ bucket: z.string(), n })),
  byCountry: z.array(keyCount),
  byPlatform: z.array(keyCount),
  bySource: z.array(keyCount),
  byKind: z.array(keyCount),
  guests: z.object({ registered: n, claimed: n, conversion: n }),
  claimsByMethod: z.array(keyCount),
});

const dauData = z.object({
  period,
  series: z.array(z.object({ bucket: z.string(), dau: n, wau: n, mau: n, stickiness: n })),
  active: n,
  byCountry: z.array(keyCount),
  byPlatform: z.array(keyCount),
});

const divisionData = z.object({
  type: z.enum(DIVISION_TYPES),
  players: n,
  total: n,
  median: n,
  buckets: z.array(z.object({ from: n, to: n.nullable(), players: n })),
});

const expensesData = z.object({
  period,
  currency: z.enum(CURRENCIES),
  total: n,
  reasons: z.array(z.object({ reason: z.string(), spent: n, n })),
  series: z.array(z.object({ bucket: z.string(), total: n, byReason: z.record(z.string(), n) })),
});

const ownershipData = z.object({
  type: z.enum(["tank", "crew"]),
  players: n,
  items: z.array(z.object({ item_id: z.string(), owners: n, gained: n, lost: n })),
  /** Crews only: members per crew and level. */
  levels: z.array(z.object({ item_id: z.string(), level: n, members: n })).optional(),
});
const ownersData = z.object({
  type: z.enum(["tank", "crew"]),
  items: z.array(z.string()),
  total: n,
  playerIds: z.array(z.int()),
  limit: z.int(),
  offset: z.int(),
  profiles: z.array(z.object({ playerId: z.int(), url: z.string() })),
});

const figures = z.object({
  ...Object.fromEntries(HEADLINE.map((h) => [h, n])),
  arpu: n,
  arppu: n,
  conversion: n,
}) as z.ZodObject<Record<(typeof HEADLINE)[number] | "arpu" | "arppu" | "conversion", z.ZodNumber>>;
const compareData = z.object({
  first: z.object({ from: z.string(), to: z.string(), figures }),
  second: z.object({ from: z.string(), to: z.string(), figures }),
  metrics: z.array(z.object({ metric: z.string(), first: n, second: n, change: n.nullable() })),
});
const monthFigures = z.object({ month: z.string(), computedAt: z.string(), figures });

const paymentsRow = z.object({
  bucket: z.string(),
  revenue: n,
  gross: n,
  refunds: n,
  payers: n,
  active: n,
  arpu: n,
  arppu: n,
  conversion: n,
});
const paymentsData = z.object({
  type: z.enum(PAYMENT_TYPES),
  period,
  series: z.array(paymentsRow),
  total: paymentsRow,
  /** market, item, country: the revenue per key and bucket, and per key over the period. */
  breakdown: z
    .array(z.object({ bucket: z.string(), key: z.string(), revenue: n, gross: n, refunds: n, purchases: n, payers: n }))
    .optional(),
  keys: z.array(z.object({ key: z.string(), revenue: n, gross: n, refunds: n, purchases: n })).optional(),
  /** leavingPayers: per month, the previous month's payers, those who paid again and those who did not. */
  leaving: z.array(z.object({ bucket: z.string(), previous: n, stayed: n, leaving: n })).optional(),
});

const tanksEarnsData = z.object({
  period,
  tanks: z.array(
    z.object({
      tank_id: n,
      /** The catalogue's name in the request's language ("#id" for a tank no longer in it). */
      tank_name: z.string(),
      battles: n,
      wins: n,
      silver_earned: n,
      silver_spent: n,
      gold_earned: n,
      experience: n,
      silver_net: n,
      win_rate: n,
      earned_per_battle: n,
      spent_per_battle: n,
      net_per_battle: n,
      gold_per_battle: n,
      experience_per_battle: n,
    }),
  ),
});

const retentionData = z.object({
  period,
  unit: z.enum(RETENTION_UNITS),
  today: z.string(),
  dn: z.array(z.object({ day: n, retained: n, cohort: n, rate: n })),
  cohorts: z.array(z.object({ cohort: z.string(), size: n, retained: z.array(n), rates: z.array(n) })),
});

const adminControlData = z.object({
  period,
  total: n,
  admins: z.array(z.object({ admin_id: n, admin_username: z.string(), n })),
  actions: z.array(z.object({ action: z.string(), n })),
  series: z.array(z.object({ bucket: z.string(), n })),
  latest: z.array(
    z.object({
      at: z.string(),
      admin_id: n,
      admin_username: z.string(),
      role: z.string(),
      action: z.string(),
      target_type: z.string(),
      target_id: z.string(),
    }),
  ),
  limit: z.int(),
  offset: z.int(),
});

const flow = { earned: n, spent: n, n_in: n, n_out: n };
const currency = z.enum(CURRENCIES);
const summaryData = z.object({
  period,
  totals: z.array(z.object({ currency, ...flow, net: n })),
  series: z.array(z.object({ bucket: z.string(), currency, ...flow })),
});
const byLevelData = z.object({ period, currency, levels: z.array(z.object({ level: n, ...flow })) });
const byMetaData = z.object({ period, currency, reasons: z.array(z.object({ reason: z.string(), ...flow })) });
const specificData = z.object({
  period,
  currency,
  reason: z.string(),
  level: n.nullable(),
  series: z.array(z.object({ bucket: z.string(), ...flow })),
});

const campaignsData = z.object({
  period,
  campaigns: z.array(
    z.object({
      campaign: z.string(),
      installs: n,
      revenue: n,
      gross: n,
      refunds: n,
      payers: n,
      purchases: n,
      arpu: n,
    }),
  ),
});

const cohortPaymentsData = z.object({
  period,
  unit: z.enum(COHORT_UNITS),
  today: z.string(),
  maxDays: z.int(),
  cohorts: z.array(z.object({ cohort: z.string(), size: n, cumulative: z.array(n), perPlayer: z.array(n) })),
});

// ---- contract makers ----------------------------------------------------------------------

/**
 * A contract built by a maker below. contract() checks that a spec says what it answers (its
 * output or answers) with a conditional type that TypeScript cannot resolve while the output is a
 * type parameter; each maker sets one, and the spec's type (so each route's input and output
 * types) is kept exactly.
 */
const made = <S extends ContractSpec>(spec: S) => contract<S>(spec as never);

/** A dashboard's page: the screen, and as JSON its default data. */
const dashboard = <P extends string, O extends z.ZodType>(path: P, output: O) =>
  made({ method: "ANY", path, ...A, kind: "page", output } as const);

/** A route taking the period's fields and its own from the query and body. */
const query = <P extends string, E extends z.ZodRawShape, O extends z.ZodType>(path: P, extra: E, output: O) =>
  made({ method: "ANY", path, ...A, input: z.object({ ...periodFields, ...extra }), output } as const);

/** A CSV download of a query's rows for the period. */
const csv = <P extends string, E extends z.ZodRawShape>(path: P, extra: E) =>
  contract({ method: "ANY", path, ...A, input: z.object({ ...periodFields, ...extra }), answers: ["file"] });

/** The year (yearly), the month ({year}/{month}) and the day ({year}/{month}/{day}) of a dashboard. */
const periods = <P extends string, O extends z.ZodType>(base: P, output: O) => ({
  yearly: made({ method: "ANY", path: `${base}/yearly`, ...A, input: z.object(periodFields), output } as const),
  monthly: made({
    method: "ANY",
    path: `${base}/:year{[0-9]+}/:month{[0-9]+}`,
    ...A,
    params: z.object(periodFields),
    input: z.object(periodFields),
    output,
  } as const),
  daily: made({
    method: "ANY",
    path: `${base}/:year{[0-9]+}/:month{[0-9]+}/:day{[0-9]+}`,
    ...A,
    params: z.object(periodFields),
    input: z.object(periodFields),
    output,
  } as const),
});

// ---- registrations --------------------------------------------------------------------------

export const registrationsPage = dashboard(`${B}/registrations/`, registrationsData);
const registrationsPeriods = periods(`${B}/registrations`, registrationsData);
export const registrationsYearly = registrationsPeriods.yearly;
export const registrationsMonthly = registrationsPeriods.monthly;
export const registrationsDaily = registrationsPeriods.daily;
export const registrationsCsv = csv(`${B}/registrations/export/csv`, {});

// ---- DAU / WAU / MAU ------------------------------------------------------------------------

export const dauPage = dashboard(`${B}/dau/`, dauData);
const dauPeriods = periods(`${B}/dau`, dauData);
export const dauYearly = dauPeriods.yearly;
export const dauMonthly = dauPeriods.monthly;
export const dauDaily = dauPeriods.daily;
export const topCountries = query(
  `${B}/dau/get/topCountries`,
  { limit: limit(100, 10) },
  z.object({ period, active: n, countries: z.array(keyCount.extend({ share: n })) }),
);

// ---- division -------------------------------------------------------------------------------

export const divisionPage = dashboard(
  `${B}/division/`,
  z.object({ experience: divisionData, gold: divisionData, silver: divisionData }),
);
const divisionOf = <P extends string>(path: P) => contract({ method: "ANY", path, ...A, output: divisionData });
export const divisionExperience = divisionOf(`${B}/division/experience`);
export const divisionGold = divisionOf(`${B}/division/gold`);
export const divisionSilver = divisionOf(`${B}/division/silver`);

// ---- expenses -------------------------------------------------------------------------------

export const expensesPage = dashboard(`${B}/expenses/`, z.object({ gold: expensesData, silver: expensesData }));
export const expensesGold = query(`${B}/expenses/gold`, {}, expensesData);
export const expensesSilver = query(`${B}/expenses/silver`, {}, expensesData);

// ---- players' tanks and crews ------------------------------------------------------------------

const ownersInput = z.object({
  item_id: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : [v]) : v),
    z.array(f.text(1, 100)).min(1).max(100),
  ),
  limit: limit(1000, 200),
  offset: offset(),
});
const ownership = <S extends string, O extends string>(slug: S, open: O) => ({
  page: dashboard(`${B}/${slug}/`, ownershipData),
  load: contract({ method: "ANY", path: `${B}/${slug}/load`, ...A, output: ownershipData }),
  export: contract({ method: "ANY", path: `${B}/${slug}/export`, ...A, answers: ["file"] }),
  owners: contract({ method: "ANY", path: `${B}/${slug}/${open}`, ...A, input: ownersInput, output: ownersData }),
});
const tanks = ownership("playersTanks", "openPlayersProfiles");
export const tanksPage = tanks.page;
export const tanksLoad = tanks.load;
export const tanksExport = tanks.export;
export const tanksOwners = tanks.owners;
const crews = ownership("playersCrews", "open/profiles");
export const crewsPage = crews.page;
export const crewsLoad = crews.load;
export const crewsExport = crews.export;
export const crewsOwners = crews.owners;

// ---- compare periods ------------------------------------------------------------------------

const twoPeriods = z.object({ from1: day(), to1: day(), from2: day(), to2: day() });
const monthFields = z.object({ year: f.int(2000, 2100), month: f.int(1, 12) });

/** The previous month against this one so far. */
export const comparePage = dashboard(`${B}/comparePeriods/`, compareData);
export const compare = contract({
  method: "ANY",
  path: `${B}/comparePeriods/getPeriodData`,
  ...A,
  input: twoPeriods,
  output: compareData,
});
export const compareCsv = contract({
  method: "ANY",
  path: `${B}/comparePeriods/getCsv`,
  ...A,
  input: twoPeriods,
  answers: ["file"],
});
/** A month's stored headline figures (computed and stored when missing). */
export const monthData = contract({
  method: "POST",
  path: `${B}/comparePeriods/get/monthly/data`,
  ...A,
  input: monthFields,
  output: monthFigures,
});
export const recalculateMonth = contract({
  method: "POST",
  path: `${B}/comparePeriods/recalculate/month`,
  ...A,
  mutates: true,
  input: monthFields,
  output: monthFigures,
});
export const clearMonths = contract({
  method: "ANY",
  path: `${B}/comparePeriods/clear/monthly/cache`,
  ...A,
  mutates: true,
  output: z.object({ cleared: n }),
});
/** The months from…to (at most 60), each month's stored figures. */
export const monthRange = contract({
  method: "POST",
  path: `${B}/comparePeriods/get/range/data`,
  ...A,
  input: z.object({
    fromYear: f.int(2000, 2100),
    fromMonth: f.int(1, 12),
    toYear: f.int(2000, 2100),
    toMonth: f.int(1, 12),
  }),
  output: z.object({ months: z.array(monthFigures) }),
});

// ---- payments -------------------------------------------------------------------------------

/** This year by market. */
export const paymentsPage = dashboard(`${B}/payments/`, paymentsData);
/** Each type's yearly and monthly addresses (no daily one). */
const paymentsOf = <T extends string>(type: T) => {
  const p = periods(`${B}/payments/${type}`, paymentsData);
  return { yearly: p.yearly, monthly: p.monthly };
};
const market = paymentsOf("market");
export const paymentsMarketYearly = market.yearly;
export const paymentsMarketMonthly = market.monthly;
const item = paymentsOf("item");
export const paymentsItemYearly = item.yearly;
export const paymentsItemMonthly = item.monthly;
const country = paymentsOf("country");
export const paymentsCountryYearly = country.yearly;
export const paymentsCountryMonthly = country.monthly;
const arpu = paymentsOf("arpu");
export const paymentsArpuYearly = arpu.yearly;
export const paymentsArpuMonthly = arpu.monthly;
const arppu = paymentsOf("arppu");
export const paymentsArppuYearly = arppu.yearly;
export const paymentsArppuMonthly = arppu.monthly;
const paying = paymentsOf("payingUsers");
export const paymentsPayingUsersYearly = paying.yearly;
export const paymentsPayingUsersMonthly = paying.monthly;
const conversion = paymentsOf("conversion");
export const paymentsConversionYearly = conversion.yearly;
export const paymentsConversionMonthly = conversion.monthly;
const leaving = paymentsOf("leavingPayers");
export const paymentsLeavingYearly = leaving.yearly;
export const paymentsLeavingMonthly = leaving.monthly;
export const paymentsCsv = contract({
  method: "ANY",
  path: `${B}/payments/export/csv/:type{[^/]+}`,
  ...A,
  params: z.object({ ...periodFields, type: oneOf(PAYMENT_TYPES) }),
  input: z.object(periodFields),
  answers: ["file"],
});

// ---- tanks: earned against spent --------------------------------------------------------------

export const tanksEarnsPage = dashboard(`${B}/tanksEarns/`, tanksEarnsData);
export const tanksEarns = query(`${B}/tanksEarns/load`, {}, tanksEarnsData);

// ---- retention ------------------------------------------------------------------------------

export const retentionPage = dashboard(`${B}/retention/`, retentionData);
export const retention = query(
  `${B}/retention/getData`,
  { unit: z.preprocess((v) => (v === undefined || v === "" ? "day" : v), oneOf(RETENTION_UNITS)) },
  retentionData,
);

// ---- admin control --------------------------------------------------------------------------

export const adminControlPage = dashboard(`${B}/adminControl/`, adminControlData);
export const adminControl = query(
  `${B}/adminControl/get/info`,
  { admin_id: f.optional(f.id()), action: f.optionalText(100), limit: limit(500, 100), offset: offset() },
  adminControlData,
);

// ---- values movements -----------------------------------------------------------------------

const currencyField = {
  currency: z.preprocess((v) => (v === undefined || v === "" ? "gold" : v), oneOf(CURRENCIES)),
};
export const movementsPage = dashboard(`${B}/valuesMovements/`, summaryData);
export const movementsSummary = query(`${B}/valuesMovements/loadSummary`, {}, summaryData);
export const movementsByLevel = query(`${B}/valuesMovements/loadByLevel`, currencyField, byLevelData);
export const movementsByMeta = query(`${B}/valuesMovements/loadByMeta`, currencyField, byMetaData);
export const movementsSpecific = query(
  `${B}/valuesMovements/loadSpecificData`,
  { ...currencyField, reason: f.text(1, 100), level: f.optional(f.int(0, 1000)) },
  specificData,
);
export const movementsCsv = csv(`${B}/valuesMovements/export`, {});

// ---- install campaigns (AppMetrica layouts) ----------------------------------------------------

const campaign = { campaign: f.optionalText(100) };
export const campaignsPage = dashboard(`${B}/ads/companies/`, campaignsData);
export const campaigns = query(`${B}/ads/companies/getAppMetricaData`, {}, campaignsData);
export const campaignsCsv = csv(`${B}/ads/companies/csv`, {});
export const campaignPlayersCsv = csv(`${B}/ads/companies/exportPlayersToCsvAppMetrica`, campaign);
export const campaignPaymentsCsv = csv(`${B}/ads/companies/exportPaymentsToCsvAppMetrica`, campaign);

// ---- cohort payments ------------------------------------------------------------------------

export const cohortPaymentsPage = dashboard(`${B}/cohort_payments/`, cohortPaymentsData);
export const cohortPayments = query(
  `${B}/cohort_payments/getData`,
  { unit: z.preprocess((v) => (v === undefined || v === "" ? "day" : v), oneOf(COHORT_UNITS)) },
  cohortPaymentsData,
);
