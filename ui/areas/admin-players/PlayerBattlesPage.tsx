// /admin/player/:playerId/battles — the player's battles (server-paged, result filter), their
// totals; a row opens the battle's page (/admin/player/:playerId/battles/:battleId).
import { t, ph } from "@lingui/core/macro";
import { useApi } from "../../lib/api.ts";
import { fmtDateTime, fmtInt } from "../../lib/i18n.ts";
import { DataTable, type Column } from "../../components/DataTable.tsx";
import { Load } from "../../components/States.tsx";
import { PlayerNav } from "./PlayerNav.tsx";
import { valueText } from "../../shell/AdminLabels.ts";
import { battleStatusText } from "../admin-clans-battles/t.ts";

interface Row {
  battleId: number;
  mode: string;
  map: string;
  status: string;
  startedAt: number;
  tank: string;
  result: string | null;
  experience: number;
  silverEarned: number;
  kills: number;
  damage: number;
  ratingDelta: number;
}
interface Head {
  player: { id: number; nickname: string };
  sum: Record<string, number>;
}

export default function PlayerBattlesPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.playerId ?? "";
  const head = useApi<Head>(`/admin/player/${id}/battles`);
  const results: [string, string][] = ["win", "loss", "draw"].map((k) => [k, valueText("result", k)]);
  const columns: Column<Row>[] = [
    {
      id: "battleId",
      label: t`Battle`,
      value: (r) => r.battleId,
      sortable: false,
      cell: (r) => <a href={`/admin/player/${id}/battles/${r.battleId}`}>#{r.battleId}</a>,
    },
    {
      id: "startedAt",
      label: t`Started`,
      value: (r) => r.startedAt,
      cell: (r) => fmtDateTime(r.startedAt),
      sortable: false,
    },
    {
      id: "mode",
      label: t`Mode, map`,
      value: (r) => `${valueText("mode", r.mode)} · ${valueText("map", r.map)}`,
      sortable: false,
    },
    { id: "tank", label: t`Tank`, value: (r) => r.tank, sortable: false },
    {
      id: "result",
      label: t`Result`,
      value: (r) => (r.result ? valueText("result", r.result) : battleStatusText(r.status)),
      sortable: false,
    },
    { id: "experience", label: t`Experience`, value: (r) => r.experience, sortable: false },
    {
      id: "silver",
      label: t`Silver`,
      value: (r) => r.silverEarned,
      cell: (r) => fmtInt(r.silverEarned),
      sortable: false,
    },
    { id: "kills", label: t`Kills, damage`, value: (r) => `${r.kills} · ${r.damage}`, sortable: false },
    { id: "rating", label: t`Rating`, value: (r) => r.ratingDelta, sortable: false },
  ];
  return (
    <section>
      <PlayerNav playerId={id} />
      <Load state={head}>
        {(d) => (
          <>
            <h1>{t`Battles of ${ph({ nickname: d.player.nickname })} (#${ph({ id: d.player.id })})`}</h1>
            <p>{t`Battles ${ph({ battles: fmtInt(d.sum.battles) })}: wins ${ph({ wins: fmtInt(d.sum.wins) })}, losses ${ph({ losses: fmtInt(d.sum.losses) })}, draws ${ph({ draws: fmtInt(d.sum.draws) })}; experience ${ph({ experience: fmtInt(d.sum.experience) })}; rating ${ph({ rating: fmtInt(d.sum.ratingDelta) })}`}</p>
          </>
        )}
      </Load>
      <DataTable
        url={`/admin/player/${id}/battles/load`}
        columns={columns}
        rowKey={(r) => String(r.battleId)}
        filters={[{ id: "result", label: t`Result`, options: results }]}
        defaultSort={{ id: "startedAt", desc: true }}
        exportName={`player-${id}-battles`}
      />
    </section>
  );
}
