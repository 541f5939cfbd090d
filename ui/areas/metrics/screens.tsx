// The /admin/metrics screens: one per dashboard, each with its period controls, charts, a table
// and its CSV export. Data comes from the dashboard's own routes (api/admin/metrics).
import { useState } from "react";
import { Chart } from "../../components/Chart.tsx";
import { useData, Loadable, PeriodPicker, usePeriod, periodPath, periodQuery, CsvLink, CsvButton, LineChart, PieChart, Table, Section, Select, fmtInt, fmtMoney, fmtPct, fetchJson, locale } from "./kit.tsx";
import { label, type MetricsMessageId } from "./labels.ts";
import { ph, t } from "@lingui/core/macro";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { toast } from "../../components/Toasts.tsx";

const B = "/admin/metrics";
type KeyCount = { key: string; n: number };

export function Registrations() {
  const [p, setP] = usePeriod();
  const s = useData<{ total: number; series: { bucket: string; n: number }[]; byCountry: KeyCount[]; byPlatform: KeyCount[]; bySource: KeyCount[] }>(`${B}/registrations/${periodPath(p)}`);
  return (
    <Section title={t`Registrations`} actions={<><PeriodPicker value={p} onChange={setP} /><CsvLink href={`${B}/registrations/export/csv?${periodQuery(p)}`} /></>}>
      <Loadable state={s} empty={(d) => d.total === 0}>
        {(d) => (
          <>
            <LineChart x={d.series.map((r) => r.bucket)} series={[{ name: t`Registrations`, data: d.series.map((r) => r.n), type: "bar" }]} />
            <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(260px, 1fr))", gap: 16 }}>
              {([["metrics.country", d.byCountry], ["metrics.platform", d.byPlatform], ["metrics.source", d.bySource]] as const).map(([lbl, rows]) => (
                <div key={lbl}>
                  <h2>{label(lbl)}</h2>
                  <PieChart data={rows.map((r) => ({ name: r.key, value: r.n }))} height={220} />
                  <Table rows={rows} cols={[{ key: "key", label: label(lbl), format: String }, { key: "n", label: t`Count` }]} />
                </div>
              ))}
            </div>
            <Table rows={d.series} cols={[{ key: "bucket", label: t`Period`, format: String }, { key: "n", label: t`Registrations` }]} footer={<tr><td>{t`Total`}</td><td>{fmtInt(d.total)}</td></tr>} />
          </>
        )}
      </Loadable>
    </Section>
  );
}

export function Dau() {
  const [p, setP] = usePeriod();
  type Point = { bucket: string; dau: number; wau: number; mau: number; stickiness: number };
  const s = useData<{ series: Point[]; active: number; byCountry: KeyCount[]; byPlatform: KeyCount[] }>(`${B}/dau/${periodPath(p)}`);
  const top = useData<{ countries: (KeyCount & { share: number })[] }>(`${B}/dau/get/topCountries?${periodQuery(p)}&limit=10`);
  return (
    <Section title={t`Active players`} actions={<PeriodPicker value={p} onChange={setP} />}>
      <Loadable state={s} empty={(d) => d.active === 0}>
        {(d) => (
          <>
            <LineChart x={d.series.map((r) => r.bucket)} series={[
              { name: p.g === "yearly" ? `${t`DAU`} (avg)` : t`DAU`, data: d.series.map((r) => r.dau) },
              ...(p.g === "monthly" ? [{ name: t`WAU`, data: d.series.map((r) => r.wau) }] : []),
              ...(p.g !== "daily" ? [{ name: t`MAU`, data: d.series.map((r) => r.mau) }] : []),
            ]} />
            <CsvButton name={`dau-${periodQuery(p).replace(/[^0-9]+/g, "-")}`} header={["bucket", "dau", "wau", "mau", "stickiness"]} rows={d.series.map((r) => [r.bucket, r.dau, r.wau, r.mau, r.stickiness])} />
            <Table rows={d.series} cols={[
              { key: "bucket", label: t`Period`, format: String },
              { key: "dau", label: t`DAU` },
              { key: "wau", label: t`WAU` },
              { key: "mau", label: t`MAU` },
              { key: "stickiness", label: t`Stickiness`, format: fmtPct },
            ]} />
          </>
        )}
      </Loadable>
      <Loadable state={top} empty={(d) => d.countries.length === 0}>
        {(d) => <Table rows={d.countries} cols={[{ key: "key", label: t`Country`, format: String }, { key: "n", label: t`Players` }, { key: "share", label: t`Share`, format: fmtPct }]} />}
      </Loadable>
    </Section>
  );
}

export function Division() {
  type Div = { type: string; players: number; median: number; buckets: { from: number; to: number | null; players: number }[] };
  const s = useData<Record<"experience" | "gold" | "silver", Div>>(`${B}/division/`);
  return (
    <Section title={t`Division`}>
      <Loadable state={s}>
        {(d) => (
          <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(320px, 1fr))", gap: 16 }}>
            {(["experience", "gold", "silver"] as const).map((k) => {
              const rows = d[k].buckets.map((b) => ({ range: `${fmtInt(b.from)} – ${b.to === null ? "∞" : fmtInt(b.to - 1)}`, players: b.players }));
              return (
                <div key={k}>
                  <h2>{label(`metrics.type.${k}` as MetricsMessageId)}</h2>
                  <p>{t`Median: ${ph({ value: fmtInt(d[k].median) })}`}</p>
                  <CsvButton name={`division-${k}`} header={["from", "to", "players"]} rows={d[k].buckets.map((b) => [b.from, b.to ?? "", b.players])} />
                  <LineChart x={rows.map((r) => r.range)} series={[{ name: t`Players`, data: rows.map((r) => r.players), type: "bar" }]} height={240} />
                  <Table rows={rows} cols={[{ key: "range", label: t`Value`, format: String }, { key: "players", label: t`Players` }]} />
                </div>
              );
            })}
          </div>
        )}
      </Loadable>
    </Section>
  );
}

export function Expenses() {
  const [p, setP] = usePeriod();
  const [currency, setCurrency] = useState<"gold" | "silver">("gold");
  const s = useData<{ total: number; reasons: { reason: string; spent: number; n: number }[]; series: { bucket: string; total: number; byReason: Record<string, number> }[] }>(`${B}/expenses/${currency}?${periodQuery(p)}`);
  return (
    <Section title={t`Expenses`} actions={<><Select label={t`Currency`} value={currency} options={[["gold", t`Gold`], ["silver", t`Silver`]]} onChange={(v) => setCurrency(v as "gold" | "silver")} /><PeriodPicker value={p} onChange={setP} allowed={["yearly", "monthly"]} /><CsvLink href={`${B}/valuesMovements/export?${periodQuery(p)}`} /></>}>
      <Loadable state={s} empty={(d) => d.total === 0}>
        {(d) => (
          <>
            <LineChart x={d.series.map((r) => r.bucket)} series={d.reasons.map((r) => ({ name: r.reason, data: d.series.map((b) => b.byReason[r.reason] ?? 0), type: "bar", stack: "spent" }))} />
            <Table rows={d.reasons} cols={[{ key: "reason", label: t`Reason`, format: String }, { key: "spent", label: t`Spent` }, { key: "n", label: t`Operations` }]} footer={<tr><td>{t`Total`}</td><td>{fmtInt(d.total)}</td><td /></tr>} />
          </>
        )}
      </Loadable>
    </Section>
  );
}

function Ownership({ slug, title, open }: { slug: "playersTanks" | "playersCrews"; title: MetricsMessageId; open: string }) {
  const s = useData<{ players: number; items: { item_id: string; owners: number; gained: number; lost: number }[] }>(`${B}/${slug}/load`);
  const [item, setItem] = useState<string | null>(null);
  const owners = useData<{ total: number; profiles: { playerId: number; url: string }[] }>(item ? `${B}/${slug}/${open}?item_id=${encodeURIComponent(item)}&limit=200` : null);
  return (
    <Section title={label(title)} actions={<CsvLink href={`${B}/${slug}/export`} />}>
      <Loadable state={s} empty={(d) => d.items.length === 0}>
        {(d) => (
          <>
            <LineChart x={d.items.map((i) => i.item_id)} series={[{ name: t`Owners`, data: d.items.map((i) => i.owners), type: "bar" }]} />
            <Table rows={d.items} cols={[
              { key: "item_id", label: t({ message: "Item", context: "game item" }), format: String },
              { key: "owners", label: t`Owners` },
              { key: "gained", label: t`Gained` },
              { key: "lost", label: t`Lost` },
              { key: "item_id", label: t`Owners' profiles`, format: (v) => <button className="tk-btn" onClick={() => setItem(String(v))}>{t`Owners' profiles`}</button> },
            ]} />
          </>
        )}
      </Loadable>
      {item && (
        <Loadable state={owners}>
          {(o) => (
            <div>
              <h2>{t`Owners of ${item}: ${ph({ total: fmtInt(o.total) })}`}</h2>
              <ul style={{ columns: 6 }}>{o.profiles.map((p) => <li key={p.playerId}><a href={p.url}>{p.playerId}</a></li>)}</ul>
            </div>
          )}
        </Loadable>
      )}
    </Section>
  );
}
export const PlayersTanks = () => <Ownership slug="playersTanks" title="metrics.playersTanks" open="openPlayersProfiles" />;
export const PlayersCrews = () => <Ownership slug="playersCrews" title="metrics.playersCrews" open="open/profiles" />;

const iso = (d: Date) => d.toISOString().slice(0, 10);
type Figures = Record<string, number>;
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
const fmtMetric = (metric: string, v: unknown) => (MONEY.has(metric) ? fmtMoney(v) : metric === "conversion" ? fmtPct(v) : fmtInt(v));

export function ComparePeriods() {
  const now = new Date();
  const [a, setA] = useState({ from: iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))), to: iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0))) });
  const [b, setB] = useState({ from: iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))), to: iso(now) });
  const q = `from1=${a.from}&to1=${a.to}&from2=${b.from}&to2=${b.to}`;
  const s = useData<{ metrics: { metric: string; first: number; second: number; change: number | null }[] }>(`${B}/comparePeriods/getPeriodData?${q}`);
  const [months, setMonths] = useState<{ month: string; computedAt: string; figures: Figures }[] | null>(null);
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
      setMonths((await fetchJson<{ months: typeof months }>(`${B}/comparePeriods/get/range/data`, { fromYear: m === 12 ? y : y - 1, fromMonth: m === 12 ? 1 : m + 1, toYear: y, toMonth: m })).months);
    });
  const range = (label: string, v: { from: string; to: string }, set: (v: { from: string; to: string }) => void) => (
    <fieldset>
      <legend>{label}</legend>
      <label>{t`From`} <input type="date" value={v.from} onChange={(e) => set({ ...v, from: e.target.value })} /></label>
      <label>{t`To`} <input type="date" value={v.to} onChange={(e) => set({ ...v, to: e.target.value })} /></label>
    </fieldset>
  );
  return (
    <Section title={t`Compare periods`} actions={<>{range(t`First period`, a, setA)}{range(t`Second period`, b, setB)}<CsvLink href={`${B}/comparePeriods/getCsv?${q}`} /></>}>
      <Loadable state={s}>
        {(d) => (
          <Table rows={d.metrics} cols={[
            { key: "metric", label: t`Metric`, format: (v) => (METRIC_LABEL[String(v)] ? label(METRIC_LABEL[String(v)]) : String(v)) },
            { key: "first", label: t`First period`, format: (v, r) => fmtMetric(r.metric, v) },
            { key: "second", label: t`Second period`, format: (v, r) => fmtMetric(r.metric, v) },
            { key: "change", label: t`Change, %`, format: (v) => (v === null ? "—" : `${v}%`) },
          ]} />
        )}
      </Loadable>
      <h2>{t`Months (stored figures)`}</h2>
      <div className="tk-row">
        <button className="tk-btn tk-primary" disabled={!!busy} onClick={loadMonths}>{t`Show`}</button>
        <button className="tk-btn tk-danger" disabled={!!busy} onClick={() => setConfirmClear(true)}>{t`Clear stored months`}</button>
        <ConfirmDialog open={confirmClear} text={t`Drop every stored month? They will be computed again when next read.`} onCancel={() => setConfirmClear(false)} onConfirm={() => {
          setConfirmClear(false);
          void run("clear", async () => {
            const r = await fetchJson<{ cleared: number }>(`${B}/comparePeriods/clear/monthly/cache`, {});
            setMonths(null);
            toast.ok(t`Stored months cleared: ${ph({ n: r.cleared })}`);
          });
        }} />
        {busy && <span aria-busy="true">{busy === "recalc" ? t`Recalculating…` : t`Loading…`}</span>}
      </div>
      {error && <div role="alert">{t`Could not load the data: ${ph({ message: error })}`}</div>}
      {months && (
        <>
          <LineChart x={months.map((m) => m.month.slice(0, 7))} series={[{ name: t`Net revenue`, data: months.map((m) => m.figures.revenue), type: "bar" }]} money />
          <Table rows={months.map((m) => ({ ...m.figures, month: m.month.slice(0, 7), computedAt: m.computedAt }) as Figures & { month: string; computedAt: string })} cols={[
            { key: "month", label: t`Month`, format: String },
            { key: "registrations", label: t`Registrations` },
            { key: "active", label: t({ message: "Active", context: "players" }) },
            { key: "revenue", label: t`Net revenue`, format: fmtMoney },
            { key: "payers", label: t`Paying` },
            { key: "arpu", label: t`ARPU`, format: fmtMoney },
            { key: "battles", label: t`Battles` },
            { key: "computedAt", label: t`Computed at`, format: String },
            { key: "month", label: t`Recalculate month`, format: (v) => (
              <button className="tk-btn" disabled={!!busy} onClick={() => run("recalc", async () => {
                const [y, m] = String(v).split("-").map(Number);
                const fresh = await fetchJson<{ month: string; computedAt: string; figures: Figures }>(`${B}/comparePeriods/recalculate/month`, { year: y, month: m });
                setMonths((ms) => ms?.map((x) => (x.month === fresh.month ? fresh : x)) ?? null);
                toast.ok(t`${ph({ month: fresh.month.slice(0, 7) })} recalculated`);
              })}>{t`Recalculate month`}</button>
            ) },
          ]} />
        </>
      )}
    </Section>
  );
}

const PAYMENT_TYPES = ["market", "item", "country", "arpu", "arppu", "payingUsers", "conversion", "leavingPayers"] as const;
type PayRow = { bucket: string; revenue: number; gross: number; refunds: number; payers: number; active: number; arpu: number; arppu: number; conversion: number };
export function Payments() {
  const [p, setP] = usePeriod("yearly");
  const [type, setType] = useState<(typeof PAYMENT_TYPES)[number]>("market");
  const s = useData<{ series: PayRow[]; total: PayRow; keys?: { key: string; revenue: number; gross: number; refunds: number; purchases: number }[]; leaving?: { bucket: string; previous: number; stayed: number; leaving: number }[] }>(
    `${B}/payments/${type}/${p.g === "yearly" ? `yearly?year=${p.year}` : `${p.year}/${p.month}`}`,
  );
  const metric: Record<string, keyof PayRow> = { arpu: "arpu", arppu: "arppu", payingUsers: "payers", conversion: "conversion" };
  return (
    <Section title={t`Payments`} actions={<>
      <Select label={t`Type`} value={type} options={PAYMENT_TYPES.map((x) => [x, label(`metrics.pay.${x}` as MetricsMessageId)])} onChange={(v) => setType(v as typeof type)} />
      <PeriodPicker value={p} onChange={setP} allowed={["yearly", "monthly"]} />
      <CsvLink href={`${B}/payments/export/csv/${type}?${periodQuery(p)}`} />
    </>}>
      <Loadable state={s}>
        {(d) => (
          <>
            {d.keys && <PieChart money data={d.keys.map((k) => ({ name: k.key, value: k.revenue }))} />}
            {d.leaving ? (
              <LineChart x={d.leaving.map((l) => l.bucket)} series={[{ name: t`Paid the month before`, data: d.leaving.map((l) => l.previous), type: "bar" }, { name: t`Left`, data: d.leaving.map((l) => l.leaving), type: "bar" }]} />
            ) : metric[type] ? (
              <LineChart x={d.series.map((r) => r.bucket)} money={type === "arpu" || type === "arppu"} series={[{ name: label(`metrics.pay.${type}` as MetricsMessageId), data: d.series.map((r) => r[metric[type]] as number) }]} />
            ) : (
              <LineChart money x={d.series.map((r) => r.bucket)} series={[{ name: t`Gross`, data: d.series.map((r) => r.gross), type: "bar" }, { name: t`Refunds`, data: d.series.map((r) => -r.refunds), type: "bar" }, { name: t`Net revenue`, data: d.series.map((r) => r.revenue) }]} />
            )}
            {d.keys && <Table rows={d.keys} cols={[{ key: "key", label: label(`metrics.pay.${type}` as MetricsMessageId), format: String }, { key: "revenue", label: t`Net revenue`, format: fmtMoney }, { key: "gross", label: t`Gross`, format: fmtMoney }, { key: "refunds", label: t`Refunds`, format: fmtMoney }, { key: "purchases", label: t`Purchases` }]} />}
            {d.leaving && <Table rows={d.leaving} cols={[{ key: "bucket", label: t`Month`, format: String }, { key: "previous", label: t`Paid the month before` }, { key: "leaving", label: t`Left` }]} />}
            <Table rows={[...d.series, { ...d.total, bucket: t`Total` }]} cols={[
              { key: "bucket", label: t`Period`, format: String },
              { key: "revenue", label: t`Net revenue`, format: fmtMoney },
              { key: "gross", label: t`Gross`, format: fmtMoney },
              { key: "refunds", label: t`Refunds`, format: fmtMoney },
              { key: "payers", label: t`Paying` },
              { key: "active", label: t({ message: "Active", context: "players" }) },
              { key: "arpu", label: t`ARPU`, format: fmtMoney },
              { key: "arppu", label: t`ARPPU`, format: fmtMoney },
              { key: "conversion", label: t`Conversion`, format: fmtPct },
            ]} />
          </>
        )}
      </Loadable>
    </Section>
  );
}

export function TanksEarns() {
  const [p, setP] = usePeriod();
  type Tank = { tank_id: number; battles: number; win_rate: number; silver_earned: number; silver_spent: number; earned_per_battle: number; spent_per_battle: number; net_per_battle: number };
  const s = useData<{ tanks: Tank[] }>(`${B}/tanksEarns/load?${periodQuery(p)}`);
  return (
    <Section title={t`Tank earnings`} actions={<PeriodPicker value={p} onChange={setP} />}>
      <Loadable state={s} empty={(d) => d.tanks.length === 0}>
        {(d) => (
          <>
            <LineChart x={d.tanks.map((r) => String(r.tank_id))} series={[{ name: t`Earned per battle`, data: d.tanks.map((r) => r.earned_per_battle), type: "bar" }, { name: t`Spent per battle`, data: d.tanks.map((r) => r.spent_per_battle), type: "bar" }]} />
            <CsvButton name={`tanks-earns-${periodQuery(p).replace(/[^0-9]+/g, "-")}`} header={["tank_id", "battles", "win_rate", "silver_earned", "silver_spent", "earned_per_battle", "spent_per_battle", "net_per_battle"]} rows={d.tanks.map((r) => [r.tank_id, r.battles, r.win_rate, r.silver_earned, r.silver_spent, r.earned_per_battle, r.spent_per_battle, r.net_per_battle])} />
            <Table rows={d.tanks} cols={[
              { key: "tank_id", label: t`Tank`, format: String },
              { key: "battles", label: t`Battles` },
              { key: "win_rate", label: t`Win rate, %`, format: (v) => fmtInt(v) },
              { key: "silver_earned", label: t`Earned` },
              { key: "silver_spent", label: t`Spent` },
              { key: "earned_per_battle", label: t`Earned per battle` },
              { key: "spent_per_battle", label: t`Spent per battle` },
              { key: "net_per_battle", label: t`Net per battle` },
            ]} />
          </>
        )}
      </Loadable>
    </Section>
  );
}

export function Retention() {
  const [p, setP] = usePeriod();
  const [unit, setUnit] = useState<"day" | "week">("day");
  const s = useData<{ dn: { day: number; retained: number; cohort: number; rate: number }[]; cohorts: { cohort: string; size: number; retained: number[]; rates: number[] }[] }>(`${B}/retention/getData?${periodQuery(p)}&unit=${unit}`);
  return (
    <Section title={t`Retention`} actions={<><Select label={t`Cohorts by`} value={unit} options={[["day", t({ message: "Day", context: "cohorts by" })], ["week", t({ message: "Week", context: "cohorts by" })]]} onChange={(v) => setUnit(v as "day" | "week")} /><PeriodPicker value={p} onChange={setP} allowed={["yearly", "monthly"]} /></>}>
      <Loadable state={s} empty={(d) => d.cohorts.length === 0}>
        {(d) => {
          const width = Math.max(0, ...d.cohorts.map((c) => c.rates.length));
          return (
            <>
              <Table rows={d.dn.map((x) => ({ ...x, label: t`D${ph({ n: x.day })}` }))} cols={[{ key: "label", label: t`Metric`, format: String }, { key: "rate", label: t`Share`, format: fmtPct }, { key: "retained", label: t`Players` }, { key: "cohort", label: t`Size` }]} />
              <Chart spec={{ kind: "heatmap", title: t`Retention`, height: Math.max(240, 28 * d.cohorts.length + 96), x: Array.from({ length: width }, (_, n) => String(n)), y: d.cohorts.map((c) => c.cohort), cells: d.cohorts.map((c) => Array.from({ length: width }, (_, n) => (c.rates[n] === undefined ? null : Math.round(c.rates[n] * 1000) / 10))), format: (v) => `${v.toLocaleString(locale)}%` }} />
              <CsvButton name={`retention-${unit}-${periodQuery(p).replace(/[^0-9]+/g, "-")}`} header={["cohort", "size", ...Array.from({ length: width }, (_, n) => `${unit}_${n}`)]} rows={d.cohorts.map((c) => [c.cohort, c.size, ...c.retained])} />
              <div style={{ overflowX: "auto" }}>
                <table className="tk-metrics-table tk-metrics-triangle">
                  <thead><tr><th>{t`Cohort`}</th><th>{t`Size`}</th>{Array.from({ length: width }, (_, n) => <th key={n}>{n}</th>)}</tr></thead>
                  <tbody>
                    {d.cohorts.map((c) => (
                      <tr key={c.cohort}>
                        <td>{c.cohort}</td><td>{fmtInt(c.size)}</td>
                        {Array.from({ length: width }, (_, n) => <td key={n} title={c.retained[n] === undefined ? "" : fmtInt(c.retained[n])} style={{ background: c.rates[n] === undefined ? "transparent" : `rgba(46, 125, 50, ${Math.min(1, c.rates[n] * 1.5)})` }}>{c.rates[n] === undefined ? "" : fmtPct(c.rates[n])}</td>)}
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

export function AdminControl() {
  const [p, setP] = usePeriod();
  const s = useData<{ total: number; admins: { admin_id: number; admin_username: string; n: number }[]; actions: { action: string; n: number }[]; series: { bucket: string; n: number }[]; latest: { at: string; admin_username: string; action: string; target_type: string; target_id: string }[] }>(`${B}/adminControl/get/info?${periodQuery(p)}&limit=200`);
  return (
    <Section title={t`Admin control`} actions={<PeriodPicker value={p} onChange={setP} />}>
      <Loadable state={s} empty={(d) => d.total === 0}>
        {(d) => (
          <>
            <LineChart x={d.series.map((r) => r.bucket)} series={[{ name: t`Operations`, data: d.series.map((r) => r.n), type: "bar" }]} />
            <div style={{ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 16 }}>
              <Table rows={d.admins} cols={[{ key: "admin_username", label: t`Operator`, format: String }, { key: "n", label: t`Operations` }]} />
              <Table rows={d.actions} cols={[{ key: "action", label: t`Action`, format: String }, { key: "n", label: t`Operations` }]} />
            </div>
            <CsvButton name={`admin-control-${periodQuery(p).replace(/[^0-9]+/g, "-")}`} header={["at_utc", "admin", "action", "target_type", "target_id"]} rows={d.latest.map((r) => [r.at, r.admin_username, r.action, r.target_type, r.target_id])} />
            <Table rows={d.latest} cols={[{ key: "at", label: t`When`, format: (v) => new Date(`${String(v).replace(" ", "T")}Z`).toLocaleString(locale, { timeZone: "UTC" }) }, { key: "admin_username", label: t`Operator`, format: String }, { key: "action", label: t`Action`, format: String }, { key: "target_id", label: t`Target`, format: (v, r) => `${r.target_type} ${String(v)}` }]} />
          </>
        )}
      </Loadable>
    </Section>
  );
}

export function ValuesMovements() {
  const [p, setP] = usePeriod();
  const [currency, setCurrency] = useState<"gold" | "silver">("gold");
  const [view, setView] = useState<"summary" | "level" | "meta">("summary");
  type Flow = { earned: number; spent: number; n_in: number; n_out: number };
  const url = view === "summary" ? `${B}/valuesMovements/loadSummary?${periodQuery(p)}` : view === "level" ? `${B}/valuesMovements/loadByLevel?${periodQuery(p)}&currency=${currency}` : `${B}/valuesMovements/loadByMeta?${periodQuery(p)}&currency=${currency}`;
  const s = useData<{ totals?: (Flow & { currency: string; net: number })[]; series?: (Flow & { bucket: string; currency: string })[]; levels?: (Flow & { level: number })[]; reasons?: (Flow & { reason: string })[] }>(url);
  const flowCols = [{ key: "earned", label: t`Earned` }, { key: "spent", label: t`Spent` }, { key: "n_in", label: `${t`Operations`} +` }, { key: "n_out", label: `${t`Operations`} −` }] as const;
  return (
    <Section title={t`Values movements`} actions={<>
      <Select label={t`View`} value={view} options={[["summary", t`Summary`], ["level", t`By level`], ["meta", t`By reason`]]} onChange={(v) => setView(v as typeof view)} />
      {view !== "summary" && <Select label={t`Currency`} value={currency} options={[["gold", t`Gold`], ["silver", t`Silver`]]} onChange={(v) => setCurrency(v as "gold" | "silver")} />}
      <PeriodPicker value={p} onChange={setP} allowed={["yearly", "monthly"]} />
      <CsvLink href={`${B}/valuesMovements/export?${periodQuery(p)}`} />
    </>}>
      <Loadable state={s}>
        {(d) => {
          if (d.totals && d.series) {
            const buckets = [...new Set(d.series.map((r) => r.bucket))];
            const of = (cur: string, k: "earned" | "spent") => buckets.map((b) => d.series!.find((r) => r.bucket === b && r.currency === cur)?.[k] ?? 0);
            return (
              <>
                <LineChart x={buckets} series={["gold", "silver"].flatMap((c) => [{ name: `${label(`metrics.type.${c}` as MetricsMessageId)} +`, data: of(c, "earned") }, { name: `${label(`metrics.type.${c}` as MetricsMessageId)} −`, data: of(c, "spent") }])} />
                <Table rows={d.totals} cols={[{ key: "currency", label: t`Currency`, format: (v) => label(`metrics.type.${String(v)}` as MetricsMessageId) }, ...flowCols, { key: "net", label: t`Net` }]} />
              </>
            );
          }
          const rows = (d.levels ?? d.reasons ?? []) as (Flow & { level?: number; reason?: string })[];
          const labelKey = d.levels ? "level" : "reason";
          return (
            <>
              <LineChart x={rows.map((r) => String(r[labelKey]))} series={[{ name: t`Earned`, data: rows.map((r) => r.earned), type: "bar" }, { name: t`Spent`, data: rows.map((r) => r.spent), type: "bar" }]} />
              <Table rows={rows} cols={[{ key: labelKey, label: label(d.levels ? "metrics.level" : "metrics.reason"), format: String }, ...flowCols]} />
            </>
          );
        }}
      </Loadable>
    </Section>
  );
}

export function Campaigns() {
  const [p, setP] = usePeriod();
  type Row = { campaign: string; installs: number; revenue: number; gross: number; refunds: number; payers: number; purchases: number; arpu: number };
  const s = useData<{ campaigns: Row[] }>(`${B}/ads/companies/getAppMetricaData?${periodQuery(p)}`);
  return (
    <Section title={t`Install campaigns`} actions={<>
      <PeriodPicker value={p} onChange={setP} />
      <CsvLink href={`${B}/ads/companies/csv?${periodQuery(p)}`} />
      <CsvLink href={`${B}/ads/companies/exportPlayersToCsvAppMetrica?${periodQuery(p)}`} label={t`Installations (AppMetrica)`} />
      <CsvLink href={`${B}/ads/companies/exportPaymentsToCsvAppMetrica?${periodQuery(p)}`} label={t`Revenue events (AppMetrica)`} />
    </>}>
      <Loadable state={s} empty={(d) => d.campaigns.length === 0}>
        {(d) => (
          <>
            <LineChart x={d.campaigns.map((c) => c.campaign)} series={[{ name: t`Installs`, data: d.campaigns.map((c) => c.installs), type: "bar" }, { name: t`Paying`, data: d.campaigns.map((c) => c.payers), type: "bar" }]} />
            <Table rows={d.campaigns} cols={[
              { key: "campaign", label: t`Campaign`, format: String },
              { key: "installs", label: t`Installs` },
              { key: "payers", label: t`Paying` },
              { key: "purchases", label: t`Purchases` },
              { key: "revenue", label: t`Net revenue`, format: fmtMoney },
              { key: "refunds", label: t`Refunds`, format: fmtMoney },
              { key: "arpu", label: t`ARPU`, format: fmtMoney },
            ]} />
          </>
        )}
      </Loadable>
    </Section>
  );
}

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

