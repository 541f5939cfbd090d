// The /admin/metrics Retention dashboard (one file per dashboard; the shared kit is ../kit.tsx).
import { useState } from "react";
import { Chart } from "../../../components/Chart.tsx";
import { useData, Loadable, PeriodPicker, usePeriod, periodQuery, CsvButton, Table, Section, Select, fmtInt, fmtPct, locale } from "../kit.tsx";
import { ph, t } from "@lingui/core/macro";

const B = "/admin/metrics";

export function Retention() {
  const [p, setP] = usePeriod();
  const [unit, setUnit] = useState<"day" | "week">("day");
  const s = useData<{ dn: { day: number; retained: number; cohort: number; rate: number }[]; cohorts: { cohort: string; size: number; retained: number[]; rates: number[] }[] }>(`${B}/retention/getData?${periodQuery(p)}&unit=${unit}`);
  return (
    <Section title={t`Retention`} actions={<><Select label={t`Cohorts by`} value={unit} options={[["day", t({ message: "Day", context: "cohorts by" })], ["week", t({ message: "Week", context: "cohorts by" })]]} onChange={(v) => setUnit(v as "day" | "week")} /><PeriodPicker value={p} onChange={setP} allowed={["yearly", "monthly"]} /></>}>
      <Loadable state={s} empty={(d) => d.cohorts.length === 0}>
        {(d) => {
          const width = Math.max(0, ...d.cohorts.map((c) => c.rates.length));
          // A cell whose day (or week) has not ended yet is still filling: shown as unfinished,
          // kept out of the heatmap's colours, so today never reads as a drop.
          const span = (unit === "day" ? 1 : 7) * 86_400_000;
          const unfinished = (cohort: string, n: number) => {
            const start = Date.parse(`${cohort.slice(0, 10)}T00:00:00Z`);
            return Number.isFinite(start) && start + (n + 1) * span > Date.now();
          };
          return (
            <>
              <Table rows={d.dn.map((x) => ({ ...x, label: t`D${ph({ n: x.day })}` }))} cols={[{ key: "label", label: t`Metric`, format: String }, { key: "rate", label: t`Share`, format: fmtPct }, { key: "retained", label: t`Players` }, { key: "cohort", label: t`Size` }]} />
              <Chart spec={{ kind: "heatmap", title: t`Retention`, height: Math.max(240, 28 * d.cohorts.length + 96), x: Array.from({ length: width }, (_, n) => String(n)), y: d.cohorts.map((c) => c.cohort), cells: d.cohorts.map((c) => Array.from({ length: width }, (_, n) => (c.rates[n] === undefined || unfinished(c.cohort, n) ? null : Math.round(c.rates[n] * 1000) / 10))), format: (v) => `${v.toLocaleString(locale)}%` }} />
              <CsvButton name={`retention-${unit}-${periodQuery(p).replace(/[^0-9]+/g, "-")}`} header={["cohort", "size", ...Array.from({ length: width }, (_, n) => `${unit}_${n}`)]} rows={d.cohorts.map((c) => [c.cohort, c.size, ...c.retained])} />
              <p className="tk-hint">{t`A value with "…" is for a day or week that has not ended yet.`}</p>
              <div style={{ overflowX: "auto" }}>
                <table className="tk-metrics-table tk-metrics-triangle">
                  <thead><tr><th>{t`Cohort`}</th><th>{t`Size`}</th>{Array.from({ length: width }, (_, n) => <th key={n}>{n}</th>)}</tr></thead>
                  <tbody>
                    {d.cohorts.map((c) => (
                      <tr key={c.cohort}>
                        <td>{c.cohort}</td><td>{fmtInt(c.size)}</td>
                        {Array.from({ length: width }, (_, n) =>
                          c.rates[n] !== undefined && unfinished(c.cohort, n) ? (
                            <td key={n} className="tk-unfinished" title={t`Not finished yet: ${ph({ n: fmtInt(c.retained[n]) })} so far`}>{fmtPct(c.rates[n])}…</td>
                          ) : (
                            <td key={n} title={c.retained[n] === undefined ? "" : fmtInt(c.retained[n])} style={{ background: c.rates[n] === undefined ? "transparent" : `rgba(46, 125, 50, ${Math.min(1, c.rates[n] * 1.5)})` }}>{c.rates[n] === undefined ? "" : fmtPct(c.rates[n])}</td>
                          ),
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          );
        }}
      </Loadable>
    </Section>
  );
}
