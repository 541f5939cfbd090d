// The /admin/metrics CohortPayments dashboard (one file per dashboard; the shared kit is ../kit.tsx).
import { useState } from "react";
import {
  useData,
  Loadable,
  PeriodPicker,
  usePeriod,
  periodQuery,
  CsvButton,
  LineChart,
  Section,
  Select,
  fmtInt,
  fmtMoney,
  periodFields,
} from "../kit.tsx";
import * as m from "../../../../api/contracts/admin/metrics.ts";
import { t } from "@lingui/core/macro";

export function CohortPayments() {
  const [p, setP] = usePeriod();
  const [unit, setUnit] = useState<"day" | "week" | "month">("day");
  const s = useData(m.cohortPayments, { ...periodFields(p), unit });
  return (
    <Section
      title={t`Cohort payments`}
      actions={
        <>
          <Select
            label={t`Cohorts by`}
            value={unit}
            options={[
              ["day", t({ message: "Day", context: "cohorts by" })],
              ["week", t({ message: "Week", context: "cohorts by" })],
              ["month", t({ message: "Month", context: "cohorts by" })],
            ]}
            onChange={(v) => setUnit(v as typeof unit)}
          />
          <PeriodPicker value={p} onChange={setP} allowed={["yearly", "monthly"]} />
        </>
      }
    >
      <Loadable state={s} empty={(d) => d.cohorts.length === 0}>
        {(d) => {
          const width = Math.max(0, ...d.cohorts.map((c) => c.perPlayer.length));
          const x = Array.from({ length: width }, (_, n) => t`Day ${n}`);
          // Day n of a cohort has ended for every member once its last registration day + n is before today (UTC).
          const lastDay = (c: string) => {
            const start = Date.parse(`${c}T00:00:00Z`);
            if (d.unit === "day") return start;
            if (d.unit === "week") return start + 6 * 86_400_000;
            const m = new Date(start);
            return Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 0);
          };
          const unfinished = (c: string, n: number) =>
            lastDay(c) + n * 86_400_000 >= Date.parse(`${d.today}T00:00:00Z`);
          return (
            <>
              <LineChart
                money
                x={x}
                series={d.cohorts.slice(-12).map((c) => ({ name: c.cohort, data: c.perPlayer }))}
              />
              <CsvButton
                name={`cohort-payments-${unit}-${periodQuery(p).replace(/[^0-9]+/g, "-")}`}
                header={["cohort", "size", ...x.map((_, n) => `day_${n}_usd_cents`)]}
                rows={d.cohorts.map((c) => [c.cohort, c.size, ...c.cumulative])}
              />
              <p className="tk-hint">{t`Net revenue per player of the cohort, cumulative through day n since registration; a value with "…" is for a day some of the cohort's players have not finished yet (UTC).`}</p>
              <div style={{ overflowX: "auto" }}>
                <table className="tk-metrics-table">
                  <thead>
                    <tr>
                      <th>{t`Cohort`}</th>
                      <th>{t`Size`}</th>
                      {[0, 1, 3, 7, 14, 30, 60, 90]
                        .filter((n) => n < width)
                        .map((n) => (
                          <th key={n}>{t`Day ${n}`}</th>
                        ))}
                    </tr>
                  </thead>
                  <tbody>
                    {d.cohorts.map((c) => (
                      <tr key={c.cohort}>
                        <td>{c.cohort}</td>
                        <td>{fmtInt(c.size)}</td>
                        {[0, 1, 3, 7, 14, 30, 60, 90]
                          .filter((n) => n < width)
                          .map((n) =>
                            c.perPlayer[n] === undefined ? (
                              <td key={n} />
                            ) : unfinished(c.cohort, n) ? (
                              <td key={n} className="tk-unfinished" title={t`Not finished yet`}>
                                {fmtMoney(c.perPlayer[n])}…
                              </td>
                            ) : (
                              <td key={n}>{fmtMoney(c.perPlayer[n])}</td>
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
