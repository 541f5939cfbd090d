// The /admin/metrics Campaigns dashboard (one file per dashboard; the shared kit is ../kit.tsx).
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
  fmtMoney,
  periodFields,
} from "../kit.tsx";
import * as m from "../../../../api/contracts/admin/metrics.ts";
import { t } from "@lingui/core/macro";
import { valueText } from "../../../shell/AdminLabels.ts";

const B = "/admin/metrics";

export function Campaigns() {
  const [p, setP] = usePeriod();
  const s = useData(m.campaigns, periodFields(p));
  return (
    <Section
      title={t`Install campaigns`}
      actions={
        <>
          <PeriodPicker value={p} onChange={setP} />
          <CsvLink href={`${B}/ads/companies/csv?${periodQuery(p)}`} />
          <CsvLink
            href={`${B}/ads/companies/exportPlayersToCsvAppMetrica?${periodQuery(p)}`}
            label={t`Installations (AppMetrica)`}
          />
          <CsvLink
            href={`${B}/ads/companies/exportPaymentsToCsvAppMetrica?${periodQuery(p)}`}
            label={t`Revenue events (AppMetrica)`}
          />
        </>
      }
    >
      <Loadable state={s} empty={(d) => d.campaigns.length === 0}>
        {(d) => (
          <>
            <LineChart
              x={d.campaigns.map((c) => valueText("source", c.campaign))}
              series={[
                { name: t`Installs`, data: d.campaigns.map((c) => c.installs), type: "bar" },
                { name: t`Paying`, data: d.campaigns.map((c) => c.payers), type: "bar" },
              ]}
            />
            <Table
              rows={d.campaigns}
              cols={[
                { key: "campaign", label: t`Campaign`, format: (c) => valueText("source", String(c)) },
                { key: "installs", label: t`Installs` },
                { key: "payers", label: t`Paying` },
                { key: "purchases", label: t`Purchases` },
                { key: "revenue", label: t`Net revenue`, format: fmtMoney },
                { key: "refunds", label: t`Refunds`, format: fmtMoney },
                { key: "arpu", label: t`ARPU`, format: fmtMoney },
              ]}
            />
          </>
        )}
      </Loadable>
    </Section>
  );
}
