// The /admin/metrics Expenses dashboard (one file per dashboard; the shared kit is ../kit.tsx).
import { useState } from "react";
import {
  useData,
  Loadable,
  PeriodPicker,
  usePeriod,
  periodQuery,
  CsvLink,
  LineChart,
  Table,
  Section,
  Select,
  fmtInt,
  periodFields,
} from "../kit.tsx";
import * as m from "../../../../api/contracts/admin/metrics.ts";
import { t } from "@lingui/core/macro";
import { valueText } from "../../../shell/AdminLabels.ts";

const B = "/admin/metrics";

export function Expenses() {
  const [p, setP] = usePeriod();
  const [currency, setCurrency] = useState<"gold" | "silver">("gold");
  const s = useData(currency === "gold" ? m.expensesGold : m.expensesSilver, periodFields(p));
  return (
    <Section
      title={t`Expenses`}
      actions={
        <>
          <Select
            label={t`Currency`}
            value={currency}
            options={[
              ["gold", t`Gold`],
              ["silver", t`Silver`],
            ]}
            onChange={(v) => setCurrency(v as "gold" | "silver")}
          />
          <PeriodPicker value={p} onChange={setP} allowed={["yearly", "monthly"]} />
          <CsvLink href={`${B}/valuesMovements/export?${periodQuery(p)}`} />
        </>
      }
    >
      <Loadable state={s} empty={(d) => d.total === 0}>
        {(d) => (
          <>
            <LineChart
              x={d.series.map((r) => r.bucket)}
              series={d.reasons.map((r) => ({
                name: valueText("reason", r.reason),
                data: d.series.map((b) => b.byReason[r.reason] ?? 0),
                type: "bar",
                stack: "spent",
              }))}
            />
            <Table
              rows={d.reasons}
              cols={[
                { key: "reason", label: t`Reason`, format: (r) => valueText("reason", String(r)) },
                { key: "spent", label: t`Spent` },
                { key: "n", label: t`Operations` },
              ]}
              footer={
                <tr>
                  <td>{t`Total`}</td>
                  <td>{fmtInt(d.total)}</td>
                  <td />
                </tr>
              }
            />
          </>
        )}
      </Loadable>
    </Section>
  );
}
