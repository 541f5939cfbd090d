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
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as battles from "../../../api/contracts/admin/player/battles.ts";
import { isoTime, type CsvField } from "../../lib/csv.ts";

type Row = OutputOf<typeof battles.load>["rows"][number];

/** The player's battles as a file: one figure per column, ids as they are, times in ISO 8601 UTC. */
const CSV: CsvField<Row>[] = [
  { name: "battle_id", value: (r) => r.battleId },
  { name: "started_at_utc", value: (r) => isoTime(r.startedAt) },
  { name: "mode", value: (r) => r.mode },
  { name: "map", value: (r) => r.map },
  { name: "tank", value: (r) => r.tank },
  { name: "status", value: (r) => r.status },
  { name: "result", value: (r) => r.result },
  { name: "experience", value: (r) => r.experience },
  { name: "silver_earned", value: (r) => r.silverEarned },
  { name: "kills", value: (r) => r.kills },
  { name: "damage", value: (r) => r.damage },
  { name: "rating_change", value: (r) => r.ratingDelta },
];

export default function PlayerBattlesPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.playerId ?? "";
  const head = useApi(battles.page, { playerId: Number(id) });
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
    { id: "tank", label: t`Tank`, value: (r) => r.tank ?? t`Not in the catalogue`, sortable: false },
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
        list={battles.load}
        params={{ playerId: Number(id) }}
        columns={columns}
        rowKey={(r) => String(r.battleId)}
        filters={[{ id: "result", label: t`Result`, options: results }]}
        defaultSort={{ id: "startedAt", desc: true }}
        exportName={`player-${id}-battles`}
        csv={CSV}
      />
    </section>
  );
}
