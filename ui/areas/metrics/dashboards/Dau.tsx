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
  return (
    <Section title={t`Active players`} actions={<PeriodPicker value={p} onChange={setP} />}>
      <Loadable state={s} empty={(d) => d.active === 0}>
        {(d) => (
          <>
            <LineChart
              x={d.series.map((r) => r.bucket)}
              series={[
                { name: p.g === "yearly" ? `${t`DAU`} (avg)` : t`DAU`, data: d.series.map((r) => r.dau) },
                ...(p.g === "monthly" ? [{ name: t`WAU`, data: d.series.map((r) => r.wau) }] : []),
                ...(p.g !== "daily" ? [{ name: t`MAU`, data: d.series.map((r) => r.mau) }] : []),
              ]}
            />
            <CsvButton
              name={`dau-${periodQuery(p).replace(/[^0-9]+/g, "-")}`}
              header={["bucket", "dau", "wau", "mau", "stickiness"]}
              rows={d.series.map((r) => [r.bucket, r.dau, r.wau, r.mau, r.stickiness])}
            />
            <Table
              rows={d.series}
              cols={[
                { key: "bucket", label: t`Period`, format: String },
                { key: "dau", label: t`DAU` },
                { key: "wau", label: t`WAU` },
                { key: "mau", label: t`MAU` },
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
