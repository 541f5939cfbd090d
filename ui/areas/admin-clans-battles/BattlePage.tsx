// /admin/battles/:battleId/events — one battle: its timeline (start, each player's result, end
// or stop) and its players with their results, live; a running battle can be stopped.
import { useState } from "react";
import { t, ph } from "@lingui/core/macro";
import { api, useApi } from "../../lib/api.ts";
import { act } from "../../lib/action.ts";
import { fmtDateTime, fmtInt } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { Table } from "../../components/Table.tsx";
import { resultText } from "./t.ts";
import { statusCell } from "./BattlesPage.tsx";
import { ArenaPanel } from "../play/ArenaPanel.tsx";
import { useBattlesLive } from "./live.ts";
import { valueText } from "../../shell/AdminLabels.ts";
import { BattleSignals } from "../admin-players/BattleSignals.tsx";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as battles from "../../../api/contracts/admin/battles.ts";

type Data = OutputOf<typeof battles.battlePage>;
type Event = Data["events"][number];

function eventText(e: Event): string {
  const d = e.details as Record<string, string | number>;
  if (e.kind === "start")
    return t`Started: ${ph({ mode: valueText("mode", String(d.mode)) })}, ${ph({ map: valueText("map", String(d.map)) })}, ${ph({ n: d.players })} players`;
  if (e.kind === "player.result")
    return t`${ph({ nickname: e.nickname ?? String(e.playerId ?? "") })}: ${ph({ result: resultText(String(d.result)) })}, +${ph({ exp: fmtInt(Number(d.experience)) })} exp, +${ph({ silver: fmtInt(Number(d.silver)) })} silver, −${ph({ spent: fmtInt(Number(d.silverSpent)) })} costs`;
  if (e.kind === "end") return t`Ended by the battle server`;
  if (e.kind === "stop") return t`Stopped by an operator (no rewards)`;
  return e.kind;
}

export default function BattlePage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.battleId ?? "";
  const state = useApi(battles.battlePage, { battleId: Number(id) });
  const [confirm, setConfirm] = useState(false);
  // The timeline, the players and the status follow this battle's stream.
  useBattlesLive(state.reload, id);
  async function stop() {
    setConfirm(false);
    await act(() => api(battles.stop, { battleId: Number(id) }), t`Battle #${ph({ id })} stopped`, state.reload);
  }
  return (
    <Load state={state}>
      {(d) => (
        <section className="tk-battle">
          <h1>{t`Battle #${ph({ id: d.battle.id })}: ${ph({ mode: valueText("mode", d.battle.mode) })}, ${ph({ map: valueText("map", d.battle.map) })}`}</h1>
          <p className="tk-row">
            {statusCell(d.battle)} · {fmtDateTime(d.battle.startedAt)}
            {d.battle.endedAt ? ` – ${fmtDateTime(d.battle.endedAt)}` : ""}
            {d.battle.status === "running" && (
              <button type="button" className="tk-btn tk-danger" onClick={() => setConfirm(true)}>
                {t`Stop`}
              </button>
            )}
          </p>
          <ArenaPanel battleId={id} />
          <h2>{t`Timeline`}</h2>
          <ol className="tk-timeline">
            {d.events.map((e) => (
              <li key={e.id}>
                <time>{fmtDateTime(e.at)}</time> {eventText(e)}
              </li>
            ))}
          </ol>
          <h2>{t`Players`}</h2>
          <Table
            rows={d.players}
            rowKey={(p) => String(p.playerId)}
            columns={[
              {
                id: "nickname",
                label: t`Player`,
                value: (p) => p.nickname,
                cell: (p) => <a href={`/admin/player/${p.playerId}`}>{p.nickname}</a>,
              },
              { id: "tank", label: t`Tank`, value: (p) => p.tankName ?? `#${p.tankId}` },
              { id: "result", label: t`Result`, value: (p) => p.result, cell: (p) => resultText(p.result) },
              { id: "experience", label: t`Experience`, value: (p) => p.experience, cell: (p) => fmtInt(p.experience) },
              {
                id: "silverEarned",
                label: t`Silver earned`,
                value: (p) => p.silverEarned,
                cell: (p) => fmtInt(p.silverEarned),
              },
              {
                id: "silverSpent",
                label: t`Repair and ammo`,
                value: (p) => p.silverSpent,
                cell: (p) => fmtInt(p.silverSpent),
              },
              { id: "kills", label: t`Kills`, value: (p) => p.kills },
              { id: "damage", label: t`Damage`, value: (p) => p.damage, cell: (p) => fmtInt(p.damage) },
              { id: "ratingDelta", label: t`Rating`, value: (p) => p.ratingDelta },
            ]}
          />
          <BattleSignals battleId={Number(id)} />
          <ConfirmDialog
            open={confirm}
            text={t`Stop battle #${ph({ id })}? Its players get no rewards.`}
            onConfirm={stop}
            onCancel={() => setConfirm(false)}
          />
        </section>
      )}
    </Load>
  );
}
