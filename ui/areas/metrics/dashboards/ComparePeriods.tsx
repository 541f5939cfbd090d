// The /admin/metrics ComparePeriods dashboard (one file per dashboard; the shared kit is ../kit.tsx).
import { useState } from "react";
import { useData, Loadable, CsvLink, LineChart, Table, Section, fmtInt, fmtMoney, fmtPct } from "../kit.tsx";
import { api } from "../../../lib/api.ts";
import type { OutputOf } from "../../../../api/contracts/contract.ts";
import * as metrics from "../../../../api/contracts/admin/metrics.ts";
import { label, type MetricsMessageId } from "../labels.ts";
import { ph, plural, t } from "@lingui/core/macro";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { toast } from "../../../components/Toasts.tsx";

const B = "/admin/metrics";

const iso = (d: Date) => d.toISOString().slice(0, 10);
const MONEY = new Set(["revenue", "gross", "refunds", "arpu", "arppu"]);
const METRIC_LABEL: Record<string, MetricsMessageId> = {
  registrations: "metrics.registrations",
  active: "metrics.active",
  revenue: "metrics.revenue",
  gross: "metrics.gross",
  refunds: "metrics.refunds",
  payers: "metrics.payers",
  battles: "metrics.battles",
  gold_earned: "metrics.goldEarned",
  gold_spent: "metrics.goldSpent",
  silver_earned: "metrics.silverEarned",
  silver_spent: "metrics.silverSpent",
  arpu: "metrics.pay.arpu",
  arppu: "metrics.pay.arppu",
  conversion: "metrics.pay.conversion",
};
/** Days in a period, both ends included (as the server reads it); NaN while a date is being typed. */
const daysIn = (r: { from: string; to: string }) =>
  Math.round((Date.parse(r.to) - Date.parse(r.from)) / 86_400_000) + 1;
const daysText = (n: number) => plural(n, { one: "# day", other: "# days" });

const fmtMetric = (metric: string, v: unknown) =>
  MONEY.has(metric) ? fmtMoney(v) : metric === "conversion" ? fmtPct(v) : fmtInt(v);

export function ComparePeriods() {
  const now = new Date();
  const [a, setA] = useState({
    from: iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))),
    to: iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0))),
  });
  const [b, setB] = useState({
    from: iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))),
    to: iso(now),
  });
  const q = `from1=${a.from}&to1=${a.to}&from2=${b.from}&to2=${b.to}`;
  const s = useData(metrics.compare, { from1: a.from, to1: a.to, from2: b.from, to2: b.to });
  const [months, setMonths] = useState<OutputOf<typeof metrics.monthRange>["months"] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const run = async (label: string, fn: () => Promise<void>) => {
    setBusy(label);
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  };
  const loadMonths = () =>
    run("load", async () => {
      const y = now.getUTCFullYear();
      const m = now.getUTCMonth() + 1;
      setMonths(
        (
          await api(metrics.monthRange, {
            fromYear: m === 12 ? y : y - 1,
            fromMonth: m === 12 ? 1 : m + 1,
            toYear: y,
            toMonth: m,
          })
        ).months,
      );
    });
  const range = (label: string, v: { from: string; to: string }, set: (v: { from: string; to: string }) => void) => (
    <fieldset>
      <legend>{label}</legend>
      <label>
        {t`From`} <input type="date" value={v.from} onChange={(e) => set({ ...v, from: e.target.value })} />
      </label>
      <label>
        {t`To`} <input type="date" value={v.to} onChange={(e) => set({ ...v, to: e.target.value })} />
      </label>
    </fieldset>
  );
  return (
    <Section
      title={t`Compare periods`}
      actions={
        <>
          {range(t`First period`, a, setA)}
          {range(t`Second period`, b, setB)}
          <CsvLink href={`${B}/comparePeriods/getCsv?${q}`} />
        </>
      }
    >
      {daysIn(a) > 0 && daysIn(b) > 0 && daysIn(a) !== daysIn(b) && (
        <p className="tk-notice" role="note" data-testid="unequal-periods">
          {t`The periods differ in length: ${ph({ first: daysText(daysIn(a)) })} against ${ph({ second: daysText(daysIn(b)) })}. Totals (registrations, revenue, battles) cover unequal spans; compare the rates (ARPU, conversion) or per-day figures.`}
        </p>
      )}
      <Loadable state={s}>
        {(d) => (
          <Table
            rows={d.metrics}
            cols={[
              {
                key: "metric",
                label: t`Metric`,
                format: (v) => (METRIC_LABEL[String(v)] ? label(METRIC_LABEL[String(v)]) : String(v)),
              },
              { key: "first", label: t`First period`, format: (v, r) => fmtMetric(r.metric, v) },
              { key: "second", label: t`Second period`, format: (v, r) => fmtMetric(r.metric, v) },
              { key: "change", label: t`Change, %`, format: (v) => (v === null ? "—" : `${v}%`) },
            ]}
          />
        )}
      </Loadable>
      <h2>{t`Months (stored figures)`}</h2>
      <div className="tk-row">
        <button type="button" className="tk-btn tk-primary" disabled={!!busy} onClick={loadMonths}>{t`Show`}</button>
        <button
          type="button"
          className="tk-btn tk-danger"
          disabled={!!busy}
          onClick={() => setConfirmClear(true)}
        >{t`Clear stored months`}</button>
        <ConfirmDialog
          open={confirmClear}
          text={t`Drop every stored month? They will be computed again when next read.`}
          onCancel={() => setConfirmClear(false)}
          onConfirm={() => {
            setConfirmClear(false);
            void run("clear", async () => {
              const r = await api(metrics.clearMonths);
              setMonths(null);
              toast.ok(t`Stored months cleared: ${ph({ n: r.cleared })}`);
            });
          }}
        />
        {busy && <span aria-busy="true">{busy === "recalc" ? t`Recalculating…` : t`Loading…`}</span>}
      </div>
      {error && <div role="alert">{t`Could not load the data: ${ph({ message: error })}`}</div>}
      {months && (
        <>
          <LineChart
            x={months.map((m) => m.month.slice(0, 7))}
            series={[{ name: t`Net revenue`, data: months.map((m) => m.figures.revenue), type: "bar" }]}
            money
          />
          <Table
            rows={months.map((m) => ({ ...m.figures, month: m.month.slice(0, 7), computedAt: m.computedAt }))}
            cols={[
              { key: "month", label: t`Month`, format: String },
              { key: "registrations", label: t`Registrations` },
              { key: "active", label: t({ message: "Active", context: "players" }) },
              { key: "revenue", label: t`Net revenue`, format: fmtMoney },
              { key: "payers", label: t`Paying` },
              { key: "arpu", label: t`ARPU`, format: fmtMoney },
              { key: "battles", label: t`Battles` },
              { key: "computedAt", label: t`Computed at`, format: String },
              {
                key: "month",
                label: t`Recalculate month`,
                format: (v) => (
                  <button
                    type="button"
                    className="tk-btn"
                    disabled={!!busy}
                    onClick={() =>
                      run("recalc", async () => {
                        const [y, mo] = String(v).split("-").map(Number);
                        const fresh = await api(metrics.recalculateMonth, { year: y, month: mo });
                        setMonths((ms) => ms?.map((x) => (x.month === fresh.month ? fresh : x)) ?? null);
                        toast.ok(t`${ph({ month: fresh.month.slice(0, 7) })} recalculated`);
                      })
                    }
                  >{t`Recalculate month`}</button>
                ),
              },
            ]}
          />
        </>
      )}
    </Section>
  );
}
