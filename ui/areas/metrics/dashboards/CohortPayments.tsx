// The /admin/metrics CohortPayments dashboard (one file per dashboard; the shared kit is ../kit.tsx).
import { useState } from "react";
import { useData, Loadable, PeriodPicker, usePeriod, periodQuery, CsvButton, LineChart, Section, Select, fmtInt, fmtMoney } from "../kit.tsx";
import { t } from "@lingui/core/macro";

const B = "/admin/metrics";

export function CohortPayments() {
  const [p, setP] = usePeriod();
  const [unit, setUnit] = useState<"day" | "week" | "month">("day");
  const s = useData<{ cohorts: { cohort: string; size: number; cumulative: number[]; perPlayer: number[] }[] }>(`${B}/cohort_payments/getData?${periodQuery(p)}&unit=${unit}`);
  return (
    <Section title={t`Cohort payments`} actions={<><Select label={t`Cohorts by`} value={unit} options={[["day", t({ message: "Day", context: "cohorts by" })], ["week", t({ message: "Week", context: "cohorts by" })], ["month", t({ message: "Month", context: "cohorts by" })]]} onChange={(v) => setUnit(v as typeof unit)} /><PeriodPicker value={p} onChange={setP} allowed={["yearly", "monthly"]} /></>}>
      <Loadable state={s} empty={(d) => d.cohorts.length === 0}>
        {(d) => {
          const width = Math.max(0, ...d.cohorts.map((c) => c.perPlayer.length));
          const x = Array.from({ length: width }, (_, n) => t`Day ${n}`);
          return (
            <>
              <LineChart money x={x} series={d.cohorts.slice(-12).map((c) => ({ name: c.cohort, data: c.perPlayer }))} />
              <CsvButton name={`cohort-payments-${unit}-${periodQuery(p).replace(/[^0-9]+/g, "-")}`} header={["cohort", "size", ...x.map((_, n) => `day_${n}_usd_cents`)]} rows={d.cohorts.map((c) => [c.cohort, c.size, ...c.cumulative])} />
              <div style={{ overflowX: "auto" }}>
                <table className="tk-metrics-table">
                  <thead><tr><th>{t`Cohort`}</th><th>{t`Size`}</th>{[0, 1, 3, 7, 14, 30, 60, 90].filter((n) => n < width).map((n) => <th key={n}>{t`Day ${n}`}</th>)}</tr></thead>
                  <tbody>
                    {d.cohorts.map((c) => (
                      <tr key={c.cohort}><td>{c.cohort}</td><td>{fmtInt(c.size)}</td>{[0, 1, 3, 7, 14, 30, 60, 90].filter((n) => n < width).map((n) => <td key={n}>{c.perPlayer[n] === undefined ? "" : fmtMoney(c.perPlayer[n])}</td>)}</tr>
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
