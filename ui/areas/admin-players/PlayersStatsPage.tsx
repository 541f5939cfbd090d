// /admin/playersStats/ — players by platform, country and level, registrations by day, active and
// banned players in the last 30 days, and the top payers.
import { t, ph } from "@lingui/core/macro";
import { useApi } from "../../lib/api.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as stats from "../../../api/contracts/admin/playersStats.ts";
import { fmtInt } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { Chart } from "../../components/Chart.tsx";
import { Table } from "../../components/Table.tsx";
import type { Column } from "../../components/DataTable.tsx";
import { valueText } from "../../shell/AdminLabels.ts";

type Data = OutputOf<typeof stats.page>;
type Group = Data["stats"]["byPlatform"][number];

export default function PlayersStatsPage() {
  const state = useApi(stats.page, {});
  const groupColumns = (label: string, word: (key: string) => string = String): Column<Group>[] => [
    { id: "key", label, value: (g) => g.key, cell: (g) => word(String(g.key)) },
    { id: "players", label: t`Players`, value: (g) => g.players, cell: (g) => fmtInt(g.players) },
  ];
  const payerColumns: Column<Data["payers"][number]>[] = [
    {
      id: "player",
      label: t`Player`,
      value: (p) => p.nickname,
      cell: (p) => <a href={`/admin/player/${p.playerId}`}>{p.nickname}</a>,
    },
    { id: "usd", label: t`Paid, USD`, value: (p) => p.usdCents, cell: (p) => (p.usdCents / 100).toFixed(2) },
    { id: "payments", label: t`Payments`, value: (p) => p.payments },
  ];
  return (
    <section>
      <h1>{t`Players statistics`}</h1>
      <Load state={state}>
        {(d) => (
          <>
            <p>{t`Players: ${ph({ total: fmtInt(d.stats.total) })} · signed in during the last 30 days: ${ph({ active: fmtInt(d.stats.active) })} · banned now: ${ph({ banned: fmtInt(d.stats.banned) })}`}</p>
            <Chart
              spec={{
                kind: "bar",
                title: t`Registrations by day`,
                x: d.stats.registrations.map((r) => r.day),
                series: [{ name: t`Registrations`, data: d.stats.registrations.map((r) => r.players) }],
              }}
            />
            <div className="tk-row" style={{ alignItems: "flex-start" }}>
              <Table
                rows={d.stats.byPlatform}
                columns={groupColumns(t`Platform`, (k) => valueText("platform", k))}
                caption={t`By platform`}
              />
              <Table rows={d.stats.byCountry} columns={groupColumns(t`Country`)} caption={t`By country`} />
              <Table rows={d.stats.byLevel} columns={groupColumns(t`Level`)} caption={t`By level`} />
            </div>
            <h2>{t`Top payers, last 30 days`}</h2>
            <Table rows={d.payers} columns={payerColumns} />
          </>
        )}
      </Load>
    </section>
  );
}
