// /admin/playersTournaments/ — the week's (or a period's) top players, by rating gained, wins,
// battles or experience in their finished battles.
import { useState } from "react";
import { t, ph } from "@lingui/core/macro";
import { useApi } from "../../lib/api.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as top from "../../../api/contracts/admin/playersTournaments.ts";
import { fmtDateTime } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { Table, type Column } from "../../components/Table.tsx";
import { DateTimePicker } from "../../components/DateTimePicker.tsx";
import { RankedBy, figureColumns, type Order } from "./Tournaments.tsx";

type Row = OutputOf<typeof top.loadTop>["rows"][number];

export default function PlayersTournamentsPage() {
  const [by, setBy] = useState<Order>("rating");
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const state = useApi(top.loadTop, {
    by,
    limit: 50,
    ...(from !== null ? { from } : {}),
    ...(to !== null ? { to } : {}),
  });
  const columns: Column<Row>[] = [
    { id: "place", label: t`Place`, value: (r) => r.place },
    {
      id: "player",
      label: t`Player`,
      value: (r) => r.nickname ?? "",
      cell: (r) => <a href={`/admin/player/${r.playerId}/tournaments`}>{r.nickname ?? `#${r.playerId}`}</a>,
    },
    { id: "level", label: t`Level`, value: (r) => r.level ?? 0 },
    ...figureColumns<Row>(),
  ];
  return (
    <section>
      <h1>{t`Players' tournaments`}</h1>
      <div className="tk-row" style={{ flexWrap: "wrap" }}>
        <RankedBy value={by} onChange={setBy} />
        <DateTimePicker label={t`From (default: this week)`} value={from} onChange={setFrom} />
        <DateTimePicker label={t`To`} value={to} onChange={setTo} />
      </div>
      <Load state={state} empty={(d) => d.rows.length === 0}>
        {(d) => (
          <>
            <p>{t`From ${ph({ from: fmtDateTime(d.from) })} to ${ph({ to: fmtDateTime(d.to) })}`}</p>
            <Table rows={d.rows} columns={columns} rowKey={(r) => String(r.playerId)} />
          </>
        )}
      </Load>
    </section>
  );
}
