// The /admin/metrics Dau dashboard (one file per dashboard; the shared kit is ../kit.tsx).
import {
  useData,
  Loadable,
  PeriodPicker,
  usePeriod,
  periodQuery,
  CsvButton,
  LineChart,
  Table,
  Section,
  fmtPct,
  periodFields,
  usePeriodData,
} from "../kit.tsx";
import * as m from "../../../../api/contracts/admin/metrics.ts";
import { t } from "@lingui/core/macro";

export function Dau() {
  const [p, setP] = usePeriod();
  const s = usePeriodData({ yearly: m.dauYearly, monthly: m.dauMonthly, daily: m.dauDaily }, p);
  const top = useData(m.topCountries, { ...periodFields(p), limit: 10 });
  // One definition per figure, said on the figure: MAU over a day's rolling 30 days (the days
  // views) or over a calendar month (the year's view), as warehouse/metrics/dau.ts counts them.
  const mau = p.g === "yearly" ? t`MAU (calendar month)` : t`MAU (rolling 30 days)`;
  const wau = t`WAU (rolling 7 days)`;
  const legend =
    p.g === "yearly"
      ? t`Active: at least one sign-in, battle, purchase or gift on a UTC day. DAU here is the month's average over its days elapsed; MAU counts the players active in that calendar month; stickiness = DAU / MAU.`
      : t`Active: at least one sign-in, battle, purchase or gift on a UTC day. MAU of a day counts the players active on any of the 30 days ending that day (rolling, not the calendar month); WAU the same over 7 days; stickiness = DAU / MAU.`;
  return (
    <Section title={t`Active players`} actions={<PeriodPicker value={p} onChange={setP} />}>
      <Loadable state={s} empty={(d) => d.active === 0}>
        {(d) => (
          <>
            <LineChart
              x={d.series.map((r) => r.bucket)}
              series={[
                { name: p.g === "yearly" ? `${t`DAU`} (avg)` : t`DAU`, data: d.series.map((r) => r.dau) },
                ...(p.g === "monthly" ? [{ name: wau, data: d.series.map((r) => r.wau) }] : []),
                ...(p.g !== "daily" ? [{ name: mau, data: d.series.map((r) => r.mau) }] : []),
              ]}
            />
            <p className="tk-hint" data-testid="dau-legend">
              {legend}
            </p>
            <CsvButton
              name={`dau-${periodQuery(p).replace(/[^0-9]+/g, "-")}`}
              header={[
                p.g === "daily" ? "hour_utc" : p.g === "yearly" ? "month" : "day",
                "dau_players",
                "wau_players_rolling_7_days",
                p.g === "yearly" ? "mau_players_calendar_month" : "mau_players_rolling_30_days",
                "stickiness_share",
              ]}
              rows={d.series.map((r) => [
                // ISO 8601: an hour as 2026-11-27T08:00:00Z, a day or a month's first day as YYYY-MM-DD.
                r.bucket.includes(" ") ? `${r.bucket.replace(" ", "T")}Z` : r.bucket,
                r.dau,
                r.wau,
                r.mau,
                r.stickiness,
              ])}
            />
            <Table
              rows={d.series}
              cols={[
                { key: "bucket", label: t`Period`, format: String },
                { key: "dau", label: t`DAU` },
                { key: "wau", label: wau },
                { key: "mau", label: mau },
                { key: "stickiness", label: t`Stickiness`, format: fmtPct },
              ]}
            />
          </>
        )}
      </Loadable>
      <Loadable state={top} empty={(d) => d.countries.length === 0}>
        {(d) => (
          <Table
            rows={d.countries}
            cols={[
              { key: "key", label: t`Country`, format: String },
              { key: "n", label: t`Players` },
              { key: "share", label: t`Share`, format: fmtPct },
            ]}
          />
        )}
      </Loadable>
    </Section>
  );
}
