// The /admin/metrics Payments dashboard (one file per dashboard; the shared kit is ../kit.tsx).
import { useState } from "react";
import {
  Loadable,
  PeriodPicker,
  usePeriod,
  periodQuery,
  CsvLink,
  LineChart,
  ShareChart,
  Table,
  Section,
  Select,
  fmtMoney,
  fmtPct,
  usePeriodData,
} from "../kit.tsx";
import * as m from "../../../../api/contracts/admin/metrics.ts";
import { label, type MetricsMessageId } from "../labels.ts";
import { t } from "@lingui/core/macro";
import { valueText } from "../../../shell/AdminLabels.ts";

const B = "/admin/metrics";

/** Each type's yearly and monthly routes. */
const PAYMENT_ROUTES = {
  market: { yearly: m.paymentsMarketYearly, monthly: m.paymentsMarketMonthly },
  item: { yearly: m.paymentsItemYearly, monthly: m.paymentsItemMonthly },
  country: { yearly: m.paymentsCountryYearly, monthly: m.paymentsCountryMonthly },
  arpu: { yearly: m.paymentsArpuYearly, monthly: m.paymentsArpuMonthly },
  arppu: { yearly: m.paymentsArppuYearly, monthly: m.paymentsArppuMonthly },
  payingUsers: { yearly: m.paymentsPayingUsersYearly, monthly: m.paymentsPayingUsersMonthly },
  conversion: { yearly: m.paymentsConversionYearly, monthly: m.paymentsConversionMonthly },
  leavingPayers: { yearly: m.paymentsLeavingYearly, monthly: m.paymentsLeavingMonthly },
};

const PAYMENT_TYPES = [
  "market",
  "item",
  "country",
  "arpu",
  "arppu",
  "payingUsers",
  "conversion",
  "leavingPayers",
] as const;
type PayRow = {
  bucket: string;
  revenue: number;
  gross: number;
  refunds: number;
  payers: number;
  active: number;
  arpu: number;
  arppu: number;
  conversion: number;
};
export function Payments() {
  const [p, setP] = usePeriod("yearly");
  const [type, setType] = useState<(typeof PAYMENT_TYPES)[number]>("market");
  const s = usePeriodData(PAYMENT_ROUTES[type], p);
  const metric: Record<string, keyof PayRow> = {
    arpu: "arpu",
    arppu: "arppu",
    payingUsers: "payers",
    conversion: "conversion",
  };
  return (
    <Section
      title={t`Payments`}
      actions={
        <>
          <Select
            label={t`Type`}
            value={type}
            options={PAYMENT_TYPES.map((x) => [x, label(`metrics.pay.${x}` as MetricsMessageId)])}
            onChange={(v) => setType(v as typeof type)}
          />
          <PeriodPicker value={p} onChange={setP} allowed={["yearly", "monthly"]} />
          <CsvLink href={`${B}/payments/export/csv/${type}?${periodQuery(p)}`} />
        </>
      }
    >
      <Loadable state={s}>
        {(d) => (
          <>
            {d.keys && (
              <ShareChart
                money
                data={d.keys.map((k) => ({
                  name: type === "market" ? valueText("store", k.key) : k.key,
                  value: k.revenue,
                }))}
              />
            )}
            {d.leaving ? (
              <LineChart
                x={d.leaving.map((l) => l.bucket)}
                series={[
                  { name: t`Paid the month before`, data: d.leaving.map((l) => l.previous), type: "bar" },
                  { name: t`Left`, data: d.leaving.map((l) => l.leaving), type: "bar" },
                ]}
              />
            ) : metric[type] ? (
              <LineChart
                x={d.series.map((r) => r.bucket)}
                money={type === "arpu" || type === "arppu"}
                series={[
                  {
                    name: label(`metrics.pay.${type}` as MetricsMessageId),
                    data: d.series.map((r) => r[metric[type]] as number),
                  },
                ]}
              />
            ) : (
              <LineChart
                money
                x={d.series.map((r) => r.bucket)}
                // No payment in the period: the empty state, not a flat line at $0.00 beside it.
                series={
                  d.series.some((r) => r.gross || r.refunds || r.revenue)
                    ? [
                        { name: t`Gross`, data: d.series.map((r) => r.gross), type: "bar" },
                        { name: t`Refunds`, data: d.series.map((r) => -r.refunds), type: "bar" },
                        { name: t`Net revenue`, data: d.series.map((r) => r.revenue) },
                      ]
                    : []
                }
              />
            )}
            {d.keys && (
              <Table
                rows={d.keys}
                cols={[
                  {
                    key: "key",
                    label: label(`metrics.pay.${type}` as MetricsMessageId),
                    format: (k) => (type === "market" ? valueText("store", String(k)) : String(k)),
                  },
                  { key: "revenue", label: t`Net revenue`, format: fmtMoney },
                  { key: "gross", label: t`Gross`, format: fmtMoney },
                  { key: "refunds", label: t`Refunds`, format: fmtMoney },
                  { key: "purchases", label: t`Purchases` },
                ]}
              />
            )}
            {d.leaving && (
              <Table
                rows={d.leaving}
                cols={[
                  { key: "bucket", label: t`Month`, format: String },
                  { key: "previous", label: t`Paid the month before` },
                  { key: "leaving", label: t`Left` },
                ]}
              />
            )}
            <Table
              rows={[...d.series, { ...d.total, bucket: t`Total` }]}
              cols={[
                { key: "bucket", label: t`Period`, format: String },
                { key: "revenue", label: t`Net revenue`, format: fmtMoney },
                { key: "gross", label: t`Gross`, format: fmtMoney },
                { key: "refunds", label: t`Refunds`, format: fmtMoney },
                { key: "payers", label: t`Paying` },
                { key: "active", label: t({ message: "Active", context: "players" }) },
                { key: "arpu", label: t`ARPU`, format: fmtMoney },
                { key: "arppu", label: t`ARPPU`, format: fmtMoney },
                { key: "conversion", label: t`Conversion`, format: fmtPct },
              ]}
            />
          </>
        )}
      </Loadable>
    </Section>
  );
}
