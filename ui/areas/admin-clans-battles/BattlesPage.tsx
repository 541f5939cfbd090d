// /admin/battles/ — the battles the battle servers reported: filters (status incl. stuck, mode,
// player, period), find by battle or player, stop a running battle and stop every stuck one
// (each after a confirmation). Live: the list follows the battles' stream (live.ts).
import { useMemo, useState } from "react";
import { t, ph } from "@lingui/core/macro";
import { api, sendRaw, useApi } from "../../lib/api.ts";
import { act } from "../../lib/action.ts";
import { fmtDateTime, fmtInt } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { FieldError } from "../../components/Form.tsx";
import { useFieldErrors } from "../../lib/field-errors.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { DataTable, type Column } from "../../components/DataTable.tsx";
import { Table } from "../../components/Table.tsx";
import { battleStatusText, BATTLE_STATUSES } from "./t.ts";
import { useBattlesLive } from "./live.ts";
import { valueText } from "../../shell/AdminLabels.ts";
import { actionsColumn } from "../../components/RowMenu.tsx";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as battles from "../../../api/contracts/admin/battles.ts";
import { isoTime, type CsvField } from "../../lib/csv.ts";

/** A battle as the list shows it. */
export type BattleRow = OutputOf<typeof battles.list>["rows"][number];

export const statusCell = (b: BattleRow) => (
  <span data-status={b.stuck ? "stuck" : b.status}>{battleStatusText(b.stuck ? "stuck" : b.status)}</span>
);

/** The battles' file: ids as they are, times in ISO 8601 UTC, the length in seconds. */
const CSV: CsvField<BattleRow>[] = [
  { name: "battle_id", value: (b) => b.id },
  { name: "mode", value: (b) => b.mode },
  { name: "map", value: (b) => b.map },
  { name: "status", value: (b) => (b.stuck ? "stuck" : b.status) },
  { name: "players", value: (b) => b.players },
  { name: "started_at_utc", value: (b) => isoTime(b.startedAt) },
  { name: "ended_at_utc", value: (b) => isoTime(b.endedAt) },
  { name: "duration_seconds", value: (b) => (b.endedAt === null ? "" : Math.round((b.endedAt - b.startedAt) / 1000)) },
  { name: "stopped_by_admin_id", value: (b) => b.stoppedBy },
];

export default function BattlesPage() {
  const head = useApi(battles.page, {});
  const [version, setVersion] = useState(0);
  const [stopping, setStopping] = useState<BattleRow | null>(null);
  const [stoppingStuck, setStoppingStuck] = useState(false);
  const [q, setQ] = useState("");
  const [found, setFound] = useState<BattleRow[] | null>(null);
  const refresh = () => (setVersion((v) => v + 1), head.reload());
  // New battles, results, ends and stops (from any instance) reload the list and the stuck count.
  const live = useBattlesLive(refresh);

  async function stop(b: BattleRow) {
    setStopping(null);
    await act(() => api(battles.stop, { battleId: b.id }), t`Battle #${ph({ id: b.id })} stopped`, refresh);
  }
  async function stopStuck() {
    setStoppingStuck(false);
    await act(
      () => api(battles.stopTheStuck),
      (r) => t`Stuck battles stopped: ${ph({ n: fmtInt(r.stopped) })}`,
      refresh,
    );
  }
  const findErrors = useFieldErrors();
  async function find(e: React.FormEvent) {
    e.preventDefault();
    await findErrors.run(async () =>
      // The search goes as typed: the server names a refusal in its words.
      setFound((await sendRaw(battles.find, { q })).rows),
    );
  }

  const columns = useMemo<Column<BattleRow>[]>(
    () => [
      {
        id: "id",
        label: t`Battle`,
        value: (b) => b.id,
        cell: (b) => <a href={`/admin/battles/${b.id}/events`}>#{b.id}</a>,
      },
      { id: "mode", label: t`Mode`, value: (b) => b.mode, cell: (b) => valueText("mode", b.mode) },
      { id: "map", label: t`Map`, value: (b) => b.map, cell: (b) => valueText("map", b.map), sortable: false },
      { id: "status", label: t`Status`, value: (b) => (b.stuck ? "stuck" : b.status), cell: statusCell },
      { id: "players", label: t`Players`, value: (b) => b.players, sortable: false },
      { id: "startedAt", label: t`Started`, value: (b) => b.startedAt, cell: (b) => fmtDateTime(b.startedAt) },
      {
        id: "endedAt",
        label: t`Ended`,
        value: (b) => b.endedAt,
        cell: (b) => (b.endedAt ? fmtDateTime(b.endedAt) : ""),
      },
      actionsColumn((b) => [b.status === "running" && { label: t`Stop`, danger: true, onClick: () => setStopping(b) }]),
    ],
    [],
  );

  return (
    <section className="tk-battles">
      <h1>{t`Battles`}</h1>
      <p style={{ color: "var(--muted)" }} role="status" data-live={live ? "on" : "off"}>
        {live ? t`Live: new battles and changes appear without a reload` : t`Connecting to live updates…`}
      </p>
      <Load state={head}>
        {(d) => (
          <div className="tk-row">
            <p>{t`Stuck battles (running longer than ${ph({ minutes: fmtInt(d.stuckAfterMs / 60_000) })} min): ${ph({ n: fmtInt(d.stuck) })}`}</p>
            <button
              type="button"
              className="tk-btn tk-danger"
              disabled={d.stuck === 0}
              onClick={() => setStoppingStuck(true)}
            >
              {t`Stop the stuck`}
            </button>
          </div>
        )}
      </Load>
      <form noValidate className="tk-row" onSubmit={find} role="search">
        <span className="tk-field-stack">
          <input
            aria-label={t`Battle id, player id or nickname`}
            placeholder={t`Battle id, player id or nickname`}
            value={q}
            onChange={(e) => (setQ(e.target.value), findErrors.clear("q"))}
            required
            maxLength={64}
            {...findErrors.input("q")}
          />
          <FieldError errors={findErrors} name="q" />
        </span>
        <button type="submit" className="tk-btn">
          {t`Find`}
        </button>
      </form>
      {found && (
        <Table
          rows={found}
          columns={columns.slice(0, 7)}
          rowKey={(b) => String(b.id)}
          caption={t`Found: ${ph({ n: fmtInt(found.length) })}`}
          cards
        />
      )}
      <DataTable
        list={battles.list}
        columns={columns}
        rowKey={(b) => String(b.id)}
        filters={[
          { id: "status", label: t`Status`, options: BATTLE_STATUSES.map((s) => [s, battleStatusText(s)]) },
          { id: "mode", label: t`Mode`, options: (head.data?.modes ?? []).map((m) => [m, valueText("mode", m)]) },
          { id: "playerId", label: t`Player id` },
          { id: "from", label: t`From (DD.MM.YYYY)` },
          { id: "to", label: t`To (DD.MM.YYYY)` },
        ]}
        defaultSort={{ id: "id", desc: true }}
        exportName="battles"
        csv={CSV}
        version={version}
        cards
      />
      <ConfirmDialog
        open={stopping !== null}
        text={t`Stop battle #${ph({ id: stopping?.id ?? 0 })}? Its players get no rewards.`}
        onConfirm={() => stopping && stop(stopping)}
        onCancel={() => setStopping(null)}
      />
      <ConfirmDialog
        open={stoppingStuck}
        text={t`Stop every stuck battle? Their players get no rewards.`}
        onConfirm={stopStuck}
        onCancel={() => setStoppingStuck(false)}
      />
    </section>
  );
}
