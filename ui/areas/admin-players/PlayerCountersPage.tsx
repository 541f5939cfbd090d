// /admin/playerCounters/:playerId — balances and counters now, the balance by day (chart), and
// what happened around a chosen moment.
import { useState } from "react";
import { t, ph } from "@lingui/core/macro";
import { useApi, useApiRaw } from "../../lib/api.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as counters from "../../../api/contracts/admin/playerCounters.ts";
import { fmtDateTime, fmtInt } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { Chart } from "../../components/Chart.tsx";
import { DateTimePicker } from "../../components/DateTimePicker.tsx";
import { Table } from "../../components/Table.tsx";
import type { Column } from "../../components/DataTable.tsx";
import { PlayerNav } from "./PlayerNav.tsx";
import { Facts } from "./Facts.tsx";
import { kindText, detailText, type LogEntry } from "./logKinds.ts";

type Counters = OutputOf<typeof counters.page>;

export default function PlayerCountersPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.playerId ?? "";
  const data = useApi(counters.page, { playerId: Number(id) });
  const [currency, setCurrency] = useState<"gold" | "silver">("gold");
  const graph = useApi(counters.graph, { playerId: Number(id), currency });
  const [at, setAt] = useState<number | null>(null);
  // The moment as ISO text: a GET's query carries text, and the server reads a date-time as text, not epoch ms.
  const near = useApiRaw(counters.near, at === null ? null : { playerId: id, at: new Date(at).toISOString() });
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
