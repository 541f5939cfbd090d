// The /admin/metrics Retention dashboard (one file per dashboard; the shared kit is ../kit.tsx).
// The summary tiles (D1, D7, D30 over the cohorts whose day n has ended), then the cohorts as a
// heat-map table of the days that matter (D0, D1, D3, D7, D14, D30; weeks W0…W12), which fits
// the screen at 1366 px; the whole triangle, every day, is the chart below and the CSV.
import { useState } from "react";
import { Chart } from "../../../components/Chart.tsx";
import {
  useData,
  Loadable,
  PeriodPicker,
  usePeriod,
  periodQuery,
  CsvButton,
  Section,
  Select,
  fmtInt,
  fmtPct,
  locale,
  periodFields,
} from "../kit.tsx";
import * as m from "../../../../api/contracts/admin/metrics.ts";
import { ph, t } from "@lingui/core/macro";
import "../metrics.css";

type Unit = "day" | "week";

/** The columns of the table: the days (or weeks) operators compare cohorts on. */
const KEY_COLUMNS: Record<Unit, number[]> = { day: [0, 1, 3, 7, 14, 30], week: [0, 1, 2, 4, 8, 12] };
const SPAN: Record<Unit, number> = { day: 1, week: 7 };

const fmtDay = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
/** Cell colour: the rate on a green scale (day 0 is 100 %, so the scale is read against it). */
const heat = (rate: number) => `rgba(46, 160, 67, ${(0.12 + Math.min(1, rate) * 0.78).toFixed(2)})`;

export function Retention() {
  const [p, setP] = usePeriod();
  const [unit, setUnit] = useState<Unit>(() =>
    new URLSearchParams(location.search).get("unit") === "week" ? "week" : "day",
  );
  const chooseUnit = (v: Unit) => {
    const q = new URLSearchParams(location.search);
    q.set("unit", v);
    history.replaceState(history.state, "", `${location.pathname}?${q}${location.hash}`);
    setUnit(v);
  };
  const s = useData(m.retention, { ...periodFields(p), unit });
  return (
    <Section
      title={t`Retention`}
      actions={
        <>
          <Select
            label={t`Cohorts by`}
            value={unit}
            options={[
              ["day", t({ message: "Day", context: "cohorts by" })],
              ["week", t({ message: "Week", context: "cohorts by" })],
            ]}
            onChange={(v) => chooseUnit(v as Unit)}
          />
          <PeriodPicker value={p} onChange={setP} allowed={["yearly", "monthly"]} />
        </>
      }
    >
      <Loadable state={s} empty={(d) => d.cohorts.length === 0}>
        {(d) => {
          // Drawn by the answer's own unit: while the other unit loads, the table stays whole.
          const u = d.unit;
          const colName = (n: number) => (u === "day" ? t`D${ph({ n })}` : t`W${ph({ n })}`);
          const width = Math.max(0, ...d.cohorts.map((c) => c.rates.length));
          // A cell whose day (or week) has not ended by the server's today is still filling.
          const todayMs = Date.parse(`${d.today}T00:00:00Z`);
          const unfinished = (cohort: string, n: number) =>
            Date.parse(`${cohort}T00:00:00Z`) + (n + 1) * SPAN[u] * 86_400_000 > todayMs;
          const cols = KEY_COLUMNS[u];
          return (
            <>
              <ul className="tk-tiles tk-metrics-dn">
                {d.dn.map((x) => (
                  <li key={x.day} className="tk-tile">
                    <span className="tk-tile-label">{t`D${ph({ n: x.day })} retention`}</span>
                    {x.cohort > 0 ? (
                      <>
                        <span className="tk-tile-value">{fmtPct(x.rate)}</span>
                        <span className="tk-hint">{t`${ph({ kept: fmtInt(x.retained) })} of ${ph({ size: fmtInt(x.cohort) })} players came back on day ${ph({ n: x.day })}`}</span>
                      </>
                    ) : (
                      <>
                        <span className="tk-tile-value tk-unfinished">—</span>
                        <span className="tk-hint">{t`No cohort of this period has finished day ${ph({ n: x.day })} yet`}</span>
                      </>
                    )}
                  </li>
                ))}
              </ul>
              <p className="tk-hint">
                {t`D1, D7 and D30 count only the cohorts whose day has ended (UTC). In the table, day 0 is the registration day (100%); a value with "…" is for a day or week that has not ended yet.`}
              </p>
              <div className="tk-table-scroll tk-metrics-heat-box">
                <table className="tk-table tk-metrics-heat">
                  <thead>
                    <tr>
                      <th scope="col">{u === "day" ? t`Cohort (day)` : t`Cohort (week from)`}</th>
                      <th scope="col" className="tk-metrics-num">{t`Size`}</th>
                      {cols.map((n) => (
                        <th key={n} scope="col" className="tk-metrics-num">
                          {colName(n)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {d.cohorts.map((c) => (
                      <tr key={c.cohort}>
                        <th scope="row">{fmtDay(c.cohort)}</th>
                        <td className="tk-metrics-num">{fmtInt(c.size)}</td>
                        {cols.map((n) => {
                          if (c.rates[n] === undefined)
                            return <td key={n} className="tk-metrics-num tk-metrics-none" aria-label={t`Not begun`} />;
                          if (unfinished(c.cohort, n))
                            return (
                              <td
                                key={n}
                                className="tk-metrics-num tk-unfinished"
                                title={t`Not finished yet: ${ph({ n: fmtInt(c.retained[n]) })} so far`}
                              >
                                {fmtPct(c.rates[n])}…
                              </td>
                            );
                          return (
                            <td
                              key={n}
                              className="tk-metrics-num"
                              style={{ background: heat(c.rates[n]) }}
                              title={t`${ph({ kept: fmtInt(c.retained[n]) })} of ${ph({ size: fmtInt(c.size) })}`}
                            >
                              {fmtPct(c.rates[n])}
                            </td>
                          );
                        })}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <div className="tk-row">
                <CsvButton
                  name={`retention-${u}-${periodQuery(p).replace(/[^0-9]+/g, "-")}`}
                  header={["cohort", "size", ...Array.from({ length: width }, (_, n) => `${u}_${n}`)]}
                  rows={d.cohorts.map((c) => [c.cohort, c.size, ...c.retained])}
                />
                <span className="tk-hint">{t`The CSV and the chart below hold every day of the triangle.`}</span>
              </div>
              <Chart
                spec={{
                  kind: "heatmap",
                  title: u === "day" ? t`Retention by cohort and day` : t`Retention by cohort and week`,
                  height: Math.max(240, 18 * d.cohorts.length + 96),
                  x: Array.from({ length: width }, (_, n) => String(n)),
                  y: d.cohorts.map((c) => fmtDay(c.cohort)),
                  cells: d.cohorts.map((c) =>
                    Array.from({ length: width }, (_, n) =>
                      c.rates[n] === undefined || unfinished(c.cohort, n) ? null : Math.round(c.rates[n] * 1000) / 10,
                    ),
                  ),
                  format: (v) => `${v.toLocaleString(locale)}%`,
                }}
              />
            </>
          );
        }}
      </Loadable>
    </Section>
  );
}
