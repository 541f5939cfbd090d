// The building blocks of the metrics screens on top of the design system (ui/lib, ui/components):
// the period picker, charts and tables in the
// metrics' terms over the shared Chart and Table, and CSV links.
import { useMemo, useState, type ReactNode } from "react";
import { useApi, type Loaded } from "../../lib/api.ts";
import type { Contract, OutputOf } from "../../../api/contracts/contract.ts";
import { locale as pageLocale } from "../../lib/i18n.ts";
import { t } from "@lingui/core/macro";
import { Chart } from "../../components/Chart.tsx";
import type { ChartSpec } from "../../components/chart-spec.ts";
import { Table as SharedTable, type Column } from "../../components/Table.tsx";
import { saveFile } from "../../lib/csv.ts";
import { toCsv } from "../../../api/domain/csv.ts";
import { label, type MetricsMessageId } from "./labels.ts";

export const locale = pageLocale;

export const fmtInt = (v: unknown) => (typeof v === "number" ? v.toLocaleString(locale) : String(v ?? ""));
export const fmtMoney = (cents: unknown) =>
  typeof cents === "number"
    ? (cents / 100).toLocaleString(locale, { style: "currency", currency: "USD", minimumFractionDigits: 2 })
    : "";
export const fmtPct = (v: unknown) =>
  typeof v === "number" ? `${(v * 100).toLocaleString(locale, { maximumFractionDigits: 2 })}%` : "";

/** Loading, errors, the CSRF token and the designed loading/empty/error states are the design system's. */
export { useApi as useData } from "../../lib/api.ts";
export { Load as Loadable } from "../../components/States.tsx";

export type Granularity = "yearly" | "monthly" | "daily";
export interface PeriodState {
  g: Granularity;
  year: number;
  month: number;
  day: number;
}
/** The period a screen shows (this month by default) kept in the address bar (?view=daily&year=2026&month=11&day=3),
 * so a reload, Back and a shared link keep it. */
export function usePeriod(initial: Granularity = "monthly") {
  const [p, setP] = useState<PeriodState>(() => {
    const now = new Date();
    const q = new URLSearchParams(location.search);
    const num = (k: string, min: number, max: number, d: number) => {
      const v = Number(q.get(k));
      return Number.isInteger(v) && v >= min && v <= max ? v : d;
    };
    const view = q.get("view");
    const g: Granularity = view === "yearly" || view === "monthly" || view === "daily" ? view : initial;
    const year = num("year", 2000, 2100, now.getUTCFullYear());
    const month = num("month", 1, 12, now.getUTCMonth() + 1);
    const day = Math.min(num("day", 1, 31, now.getUTCDate()), new Date(Date.UTC(year, month, 0)).getUTCDate());
    return { g, year, month, day };
  });
  const set = (next: PeriodState) => {
    const q = new URLSearchParams(location.search);
    q.set("view", next.g);
    q.set("year", String(next.year));
    if (next.g === "yearly") q.delete("month");
    else q.set("month", String(next.month));
    if (next.g === "daily") q.set("day", String(next.day));
    else q.delete("day");
    history.replaceState(history.state, "", `${location.pathname}?${q}${location.hash}`);
    setP(next);
  };
  return [p, set] as const;
}
/** The period as a path tail (yearly?year=, /{y}/{m}, /{y}/{m}/{d}). */
export const periodPath = (p: PeriodState) =>
  p.g === "yearly"
    ? `yearly?year=${p.year}`
    : p.g === "monthly"
      ? `${p.year}/${p.month}`
      : `${p.year}/${p.month}/${p.day}`;
/** The period as a route's fields (year, month, day). */
export const periodFields = (p: PeriodState) =>
  p.g === "yearly"
    ? { year: p.year }
    : p.g === "monthly"
      ? { year: p.year, month: p.month }
      : { year: p.year, month: p.month, day: p.day };

/**
 * A dashboard's data for the period through its yearly, monthly or daily route (a dashboard
 * without a daily one shows the day's month).
 */
export function usePeriodData<R extends { yearly: Contract; monthly: Contract; daily?: Contract }>(
  routes: R,
  p: PeriodState,
): Loaded<OutputOf<R["yearly"]>> {
  const route = p.g === "yearly" ? routes.yearly : p.g === "daily" && routes.daily ? routes.daily : routes.monthly;
  const fields = p.g === "daily" && !routes.daily ? { year: p.year, month: p.month } : periodFields(p);
  // The routes take the same fields (year, month, day) and answer the same data: one call, typed by the yearly one.
  return useApi(route as R["yearly"], fields as never);
}

/** The period as query fields (year, month, day). */
export const periodQuery = (p: PeriodState) =>
  p.g === "yearly"
    ? `year=${p.year}`
    : p.g === "monthly"
      ? `year=${p.year}&month=${p.month}`
      : `year=${p.year}&month=${p.month}&day=${p.day}`;

export function PeriodPicker({
  value,
  onChange,
  allowed = ["yearly", "monthly", "daily"],
}: {
  value: PeriodState;
  onChange: (p: PeriodState) => void;
  allowed?: Granularity[];
}) {
  const thisYear = new Date().getUTCFullYear();
  const years = Array.from({ length: 6 }, (_, i) => thisYear - 5 + i);
  const days = new Date(Date.UTC(value.year, value.month, 0)).getUTCDate();
  const set = (patch: Partial<PeriodState>) => {
    const next = { ...value, ...patch };
    next.day = Math.min(next.day, new Date(Date.UTC(next.year, next.month, 0)).getUTCDate());
    onChange(next);
  };
  return (
    <div className="tk-metrics-period">
      {allowed.length > 1 && (
        <Select
          label={t`View`}
          value={value.g}
          options={allowed.map((g) => [g, label(`metrics.period.${g}` as MetricsMessageId)])}
          onChange={(g) => set({ g: g as Granularity })}
        />
      )}
      <Select
        label={t`Year`}
        value={String(value.year)}
        options={years.map((y) => [String(y), String(y)])}
        onChange={(y) => set({ year: Number(y) })}
      />
      {value.g !== "yearly" && (
        <Select
          label={t`Month`}
          value={String(value.month)}
          options={Array.from({ length: 12 }, (_, i) => [
            String(i + 1),
            new Date(Date.UTC(2000, i, 1)).toLocaleString(locale, { month: "long", timeZone: "UTC" }),
          ])}
          onChange={(m) => set({ month: Number(m) })}
        />
      )}
      {value.g === "daily" && (
        <Select
          label={t`Day`}
          value={String(value.day)}
          options={Array.from({ length: days }, (_, i) => [String(i + 1), String(i + 1)])}
          onChange={(d) => set({ day: Number(d) })}
        />
      )}
    </div>
  );
}

export function Select({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: [string, string][];
  onChange: (v: string) => void;
}) {
  return (
    <label className="tk-metrics-field">
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </label>
  );
}

export function CsvLink({ href, label = t`Export CSV` }: { href: string; label?: string }) {
  return (
    <a className="tk-btn tk-metrics-csv" href={href} download>
      {label}
    </a>
  );
}

/** CSV of what a table shows, built in the browser (for dashboards whose spec has no export route). */
export function CsvButton({ name, header, rows }: { name: string; header: string[]; rows: unknown[][] }) {
  return (
    <button
      type="button"
      className="tk-btn tk-metrics-csv"
      onClick={() => saveFile(`${name}.csv`, [toCsv([header, ...rows])])}
    >
      {t`Export CSV`}
    </button>
  );
}

export interface Series {
  name: string;
  data: number[];
  type?: "line" | "bar";
  stack?: string;
}
/** The metrics' series as the design system's chart: stacked when a series stacks, bars when all are bars. */
export function LineChart({
  x,
  series,
  height = 320,
  money = false,
  title,
}: {
  x: string[];
  series: Series[];
  height?: number;
  money?: boolean;
  title?: string;
}) {
  const kind = series.some((s) => s.stack) ? "stacked" : series.every((s) => s.type === "bar") ? "bar" : "line";
  const spec = useMemo<ChartSpec>(
    () => ({
      kind,
      title: title ?? series.map((s) => s.name).join(", "),
      x,
      height,
      format: money ? fmtMoney : fmtInt,
      series: series.map((s) => ({ name: s.name, data: s.data, as: s.type })),
    }),
    [kind, title, x, series, height, money],
  );
  return <Chart spec={spec} />;
}
/** Parts of a whole (revenue by market, registrations by platform): bars, the largest first, each with its share. */
export function ShareChart({
  data,
  height,
  money = false,
  title,
}: {
  data: { name: string; value: number }[];
  height?: number;
  money?: boolean;
  title?: string;
}) {
  const spec = useMemo<ChartSpec>(
    () => ({
      kind: "share",
      title: title ?? data.map((d) => d.name).join(", "),
      slices: data,
      // A bar a row: the chart grows with its parts beyond the height asked (160 px at least).
      height: Math.max(height ?? 160, 48 + 28 * data.length),
      format: money ? fmtMoney : fmtInt,
    }),
    [data, height, money, title],
  );
  return <Chart spec={spec} />;
}

export interface Col<R> {
  key: keyof R & string;
  label: string;
  format?: (v: unknown, row: R) => ReactNode;
}
/** The design system's sortable table, with the metrics' columns (a key and a formatter; numbers by default). */
export function Table<R extends object>({ rows, cols, footer }: { rows: R[]; cols: Col<R>[]; footer?: ReactNode }) {
  const columns = useMemo<Column<R>[]>(
    () =>
      cols.map((c, i) => ({
        id: `${c.key}-${i}`,
        label: c.label,
        value: (r: R) => (r as Record<string, unknown>)[c.key],
        cell: (r: R) =>
          c.format ? c.format((r as Record<string, unknown>)[c.key], r) : fmtInt((r as Record<string, unknown>)[c.key]),
      })),
    [cols],
  );
  return <SharedTable rows={rows} columns={columns} footer={footer} className="tk-metrics-table" />;
}

export function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className="tk-metrics-section">
      <header
        style={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 12, flexWrap: "wrap" }}
      >
        <h1>{title}</h1>
        <div style={{ display: "flex", gap: 12, alignItems: "end", flexWrap: "wrap" }}>{actions}</div>
      </header>
      {children}
    </section>
  );
}
