// /admin/player/:playerId/tournaments — the player's place in each of the last weeks' tournaments.
import { useState } from "react";
import { t, ph } from "@lingui/core/macro";
import { useApi } from "../../lib/api.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as mine from "../../../api/contracts/admin/player/tournaments.ts";
import { fmtDateTime } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { Table, type Column } from "../../components/Table.tsx";
import { PlayerNav } from "../admin-players/PlayerNav.tsx";
import { RankedBy, figureColumns, type Order } from "./Tournaments.tsx";

type Week = OutputOf<typeof mine.loadData>["weeks"][number];

export default function PlayerTournamentsPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.playerId ?? "";
  const head = useApi(mine.page, { playerId: Number(id) });
  const [by, setBy] = useState<Order>("rating");
  const [weeks, setWeeks] = useState(12);
  const data = useApi(mine.loadData, { playerId: Number(id), by, weeks });
  const columns: Column<Week>[] = [
    { id: "week", label: t`Week from`, value: (w) => w.from, cell: (w) => fmtDateTime(w.from).slice(0, 10) },
    {
      id: "place",
      label: t`Place`,
      value: (w) => w.place ?? Infinity,
      cell: (w) =>
        w.place === null ? t`did not take part` : t`${ph({ place: w.place })} of ${ph({ n: w.participants })}`,
    },
    ...figureColumns<Week>(),
  ];
  return (
    <section>
      <PlayerNav playerId={id} />
      <Load state={head}>
        {(d) => <h1>{t`Tournaments of ${ph({ nickname: d.player.nickname })} (#${ph({ id: d.player.id })})`}</h1>}
      </Load>
      <div className="tk-row" style={{ flexWrap: "wrap" }}>
        <RankedBy value={by} onChange={setBy} />
        <label className="tk-row">
          {t`Weeks`}
          <select value={weeks} onChange={(e) => setWeeks(Number(e.target.value))}>
            {[4, 12, 26, 52].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Load state={data}>{(d) => <Table rows={d.weeks} columns={columns} rowKey={(w) => String(w.from)} />}</Load>
    </section>
  );
}
