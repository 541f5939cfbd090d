// /admin/playerCounters/:playerId — balances and counters now, the balance by day (chart), and
// what happened around a chosen moment.
import { useState } from "react";
import { t, ph } from "@lingui/core/macro";
import { useApi } from "../../lib/api.ts";
import { fmtDateTime, fmtInt } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { Chart } from "../../components/Chart.tsx";
import { DateTimePicker } from "../../components/DateTimePicker.tsx";
import { Table } from "../../components/Table.tsx";
import type { Column } from "../../components/DataTable.tsx";
import { PlayerNav } from "./PlayerNav.tsx";
import { Facts } from "./Facts.tsx";
import { kindText, detailText, type LogEntry } from "./logKinds.ts";

interface Counters {
  player: { id: number; nickname: string };
  balances: { gold: number; silver: number; premiumUntil: number | null; premium: boolean };
  progress: { level: number; experience: number; rating: number; battles: number; wins: number };
  ledger: Record<string, { credited: number; debited: number; movements: number }>;
  items: Record<string, { kinds: number; quantity: number }>;
  counts: Record<string, number>;
}
interface Graph {
  days: { day: string; balance: number; credit: number; debit: number }[];
}

export default function PlayerCountersPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.playerId ?? "";
  const data = useApi<Counters>(`/admin/playerCounters/${id}`);
  const [currency, setCurrency] = useState<"gold" | "silver">("gold");
  const graph = useApi<Graph>(`/admin/playerCounters/getGraphData?playerId=${id}&currency=${currency}`);
  const [at, setAt] = useState<number | null>(null);
  const near = useApi<{ rows: LogEntry[] }>(
    at === null
      ? null
      : `/admin/playerCounters/getNearLogs?playerId=${id}&at=${encodeURIComponent(new Date(at).toISOString())}`,
  );
  const counts: [string, (d: Counters) => unknown][] = [
    [t`Gold`, (d) => d.balances.gold],
    [t`Silver`, (d) => d.balances.silver],
    [t`Premium until`, (d) => (d.balances.premium ? fmtDateTime(d.balances.premiumUntil) : "—")],
    [t`Level`, (d) => d.progress.level],
    [t`Experience`, (d) => d.progress.experience],
    [t`Rating`, (d) => d.progress.rating],
    [t`Battles, wins`, (d) => `${fmtInt(d.progress.battles)} · ${fmtInt(d.progress.wins)}`],
    [t`Gold in / out`, (d) => `${fmtInt(d.ledger.gold?.credited ?? 0)} / ${fmtInt(d.ledger.gold?.debited ?? 0)}`],
    [t`Silver in / out`, (d) => `${fmtInt(d.ledger.silver?.credited ?? 0)} / ${fmtInt(d.ledger.silver?.debited ?? 0)}`],
    [t`Tanks`, (d) => d.items.tank?.kinds ?? 0],
    [t`Consumables`, (d) => d.items.consumable?.quantity ?? 0],
    [t`Purchases`, (d) => d.counts.purchases],
    [t`Gifts sent / received`, (d) => `${d.counts.giftsSent} / ${d.counts.giftsReceived}`],
    [t`Support tickets`, (d) => d.counts.tickets],
    [t`Bans`, (d) => d.counts.bans],
    [t`Paid orders`, (d) => d.counts.paidOrders],
  ];
  const nearColumns: Column<LogEntry>[] = [
    { id: "at", label: t`When`, value: (e) => e.at, cell: (e) => fmtDateTime(e.at) },
    { id: "kind", label: t`Kind`, value: (e) => kindText(e.kind) },
    { id: "detail", label: t`Details`, value: (e) => detailText(e), sortable: false },
  ];
  const days = graph.data?.days ?? [];
  return (
    <section>
      <PlayerNav playerId={id} />
      <Load state={data}>
        {(d) => (
          <>
            <h1>{t`Counters of ${ph({ nickname: d.player.nickname })} (#${ph({ id: d.player.id })})`}</h1>
            <Facts
              items={counts.map(([label, value]) => [
                label,
                typeof value(d) === "number" ? fmtInt(value(d)) : String(value(d)),
              ])}
            />
          </>
        )}
      </Load>
      <h2>{t`Balance by day (UTC), last 30 days`}</h2>
      <label>
        {t`Currency`}
        <select value={currency} onChange={(e) => setCurrency(e.target.value as "gold" | "silver")}>
          <option value="gold">{t`Gold`}</option>
          <option value="silver">{t`Silver`}</option>
        </select>
      </label>
      <Chart
        loading={graph.loading}
        spec={{
          kind: "line",
          title: currency === "gold" ? t`Gold by day` : t`Silver by day`,
          x: days.map((d) => d.day),
          series: [
            { name: t`Balance`, data: days.map((d) => d.balance) },
            { name: t`Credited`, data: days.map((d) => d.credit), as: "bar" },
            { name: t`Debited`, data: days.map((d) => d.debit), as: "bar" },
          ],
        }}
      />
      <h2>{t`What happened around a moment`}</h2>
      <DateTimePicker label={t`Moment`} value={at} onChange={setAt} />
      {near.data && <Table rows={near.data.rows} columns={nearColumns} />}
    </section>
  );
}
