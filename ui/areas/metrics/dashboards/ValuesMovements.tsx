// The /admin/metrics ValuesMovements dashboard (one file per dashboard; the shared kit is ../kit.tsx).
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
  periodFields,
} from "../kit.tsx";
import * as m from "../../../../api/contracts/admin/metrics.ts";
import type { OutputOf } from "../../../../api/contracts/contract.ts";
import type { Loaded } from "../../../lib/api.ts";
import { label, type MetricsMessageId } from "../labels.ts";
import { t } from "@lingui/core/macro";

const B = "/admin/metrics";

export function ValuesMovements() {
  const [p, setP] = usePeriod();
  const [currency, setCurrency] = useState<"gold" | "silver">("gold");
  const [view, setView] = useState<"summary" | "level" | "meta">("summary");
  type Flow = { earned: number; spent: number; n_in: number; n_out: number };
  const summary = useData(m.movementsSummary, view === "summary" ? periodFields(p) : null);
  const byLevel = useData(m.movementsByLevel, view === "level" ? { ...periodFields(p), currency } : null);
  const byMeta = useData(m.movementsByMeta, view === "meta" ? { ...periodFields(p), currency } : null);
  // The view's answer; the table reads the fields of whichever view it is.
  const s = (view === "summary" ? summary : view === "level" ? byLevel : byMeta) as Loaded<
    Partial<
      OutputOf<typeof m.movementsSummary> & OutputOf<typeof m.movementsByLevel> & OutputOf<typeof m.movementsByMeta>
    >
  >;
  const flowCols = [
    { key: "earned", label: t`Earned` },
    { key: "spent", label: t`Spent` },
    { key: "n_in", label: `${t`Operations`} +` },
    { key: "n_out", label: `${t`Operations`} −` },
  ] as const;
  return (
    <Section
      title={t`Values movements`}
      actions={
        <>
          <Select
            label={t`View`}
            value={view}
            options={[
              ["summary", t`Summary`],
              ["level", t`By level`],
              ["meta", t`By reason`],
            ]}
            onChange={(v) => setView(v as typeof view)}
          />
          {view !== "summary" && (
            <Select
              label={t`Currency`}
              value={currency}
              options={[
                ["gold", t`Gold`],
                ["silver", t`Silver`],
              ]}
              onChange={(v) => setCurrency(v as "gold" | "silver")}
            />
          )}
          <PeriodPicker value={p} onChange={setP} allowed={["yearly", "monthly"]} />
          <CsvLink href={`${B}/valuesMovements/export?${periodQuery(p)}`} />
        </>
      }
    >
      <Loadable state={s}>
        {(d) => {
          if (d.totals && d.series) {
            const buckets = [...new Set(d.series.map((r) => r.bucket))];
            const of = (cur: string, k: "earned" | "spent") =>
              buckets.map((b) => d.series!.find((r) => r.bucket === b && r.currency === cur)?.[k] ?? 0);
            return (
              <>
                <LineChart
                  x={buckets}
                  series={["gold", "silver"].flatMap((c) => [
                    { name: `${label(`metrics.type.${c}` as MetricsMessageId)} +`, data: of(c, "earned") },
                    { name: `${label(`metrics.type.${c}` as MetricsMessageId)} −`, data: of(c, "spent") },
                  ])}
                />
                <Table
                  rows={d.totals}
                  cols={[
                    {
                      key: "currency",
                      label: t`Currency`,
                      format: (v) => label(`metrics.type.${String(v)}` as MetricsMessageId),
                    },
                    ...flowCols,
                    { key: "net", label: t`Net` },
                  ]}
                />
              </>
            );
          }
          const rows = (d.levels ?? d.reasons ?? []) as (Flow & { level?: number; reason?: string })[];
          const labelKey = d.levels ? "level" : "reason";
          return (
            <>
              <LineChart
                x={rows.map((r) => String(r[labelKey]))}
                series={[
                  { name: t`Earned`, data: rows.map((r) => r.earned), type: "bar" },
                  { name: t`Spent`, data: rows.map((r) => r.spent), type: "bar" },
                ]}
              />
              <Table
                rows={rows}
                cols={[
                  { key: labelKey, label: label(d.levels ? "metrics.level" : "metrics.reason"), format: String },
                  ...flowCols,
                ]}
              />
            </>
          );
        }}
      </Loadable>
    </Section>
  );
}
