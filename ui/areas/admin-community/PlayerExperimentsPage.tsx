// /admin/player/:playerId/experiments — the experiments the player is in and their variant (by the
// bucket rule or an operator's choice), forcing them into a variant or out, and their figures
// since each experiment started (from the warehouse).
import { useState } from "react";
import { t, ph, msg } from "@lingui/core/macro";
import { api, useApi } from "../../lib/api.ts";
import { act } from "../../lib/action.ts";
import { RowMenu } from "../../components/RowMenu.tsx";
import { fmtDateTime, fmtInt } from "../../lib/i18n.ts";
import { Empty, Load } from "../../components/States.tsx";
import { PlayerNav } from "../admin-players/PlayerNav.tsx";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as experiments from "../../../api/contracts/admin/player/experiments.ts";

type Exp = OutputOf<typeof experiments.page>["experiments"][number];
type Figures = OutputOf<typeof experiments.analyze>["rows"][number];
const STATUS = { draft: msg`draft`, running: msg`running`, stopped: msg`stopped` };

function Row({
  playerId,
  e,
  figures,
  onDone,
}: {
  playerId: string;
  e: Exp;
  figures?: Figures["figures"];
  onDone: () => void;
}) {
  const [choice, setChoice] = useState(e.variants[0] ?? "");
  const send = (call: () => Promise<unknown>, done: string) => act(call, done, onDone);
  // The player and the experiment each action names.
  const who = { playerId: Number(playerId), experimentId: e.id };
  return (
    <tr>
      <td>
        <a href={`/admin/experiments/`}>{e.name}</a> · {e.optionKey} · {t(STATUS[e.status])}
      </td>
      <td>{e.variant ?? t`not in it`}</td>
      <td>
        {e.override
          ? e.override.variant === null
            ? t`kept out by ${ph({ by: e.override.byAdmin })}`
            : t`forced by ${ph({ by: e.override.byAdmin })}`
          : e.meetsConditions
            ? t`bucket: ${ph({ v: e.bucketVariant ?? "—" })}`
            : t`outside the conditions`}
      </td>
      <td>
        {figures
          ? t`${ph({ b: fmtInt(figures.battles) })} battles, ${ph({ w: fmtInt(figures.wins) })} wins, ${ph({ p: fmtInt(figures.payments) })} payments (${ph({ usd: (figures.usdCents / 100).toFixed(2) })} USD), ${ph({ s: fmtInt(figures.sessions) })} sessions`
          : "—"}
      </td>
      <td>
        <RowMenu
          note={
            <label className="tk-row">
              <span className="tk-sr">{t`Variant`}</span>
              <select value={choice} onChange={(ev) => setChoice(ev.target.value)}>
                {e.variants.map((v) => (
                  <option key={v} value={v}>
                    {v}
                  </option>
                ))}
              </select>
            </label>
          }
          actions={[
            {
              label: t`Put into`,
              onClick: () =>
                send(() => api(experiments.add, { ...who, variant: choice }), t`Player put into the variant`),
            },
            { label: t`Keep out`, onClick: () => send(() => api(experiments.remove, who), t`Player kept out`) },
            e.override && {
              label: t`Clear choice`,
              onClick: () => send(() => api(experiments.remove, { ...who, clear: true }), t`Back to the bucket rule`),
            },
          ]}
        />
      </td>
    </tr>
  );
}

export default function PlayerExperimentsPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.playerId ?? "";
  const state = useApi(experiments.page, { playerId: Number(id) });
  const analysis = useApi(experiments.analyze, { playerId: Number(id) });
  return (
    <section>
      <PlayerNav playerId={id} />
      <Load state={state}>
        {(d) => (
          <>
            <h1>{t`Experiments of ${ph({ nickname: d.player.nickname })} (#${ph({ id: d.player.id })})`}</h1>
            {d.experiments.length === 0 ? (
              <Empty>{t`No experiment has started yet.`}</Empty>
            ) : (
              <div style={{ overflowX: "auto" }}>
                <table aria-label={t`Experiments`}>
                  <thead>
                    <tr>
                      <th>{t`Experiment`}</th>
                      <th>{t`Variant`}</th>
                      <th>{t`Why`}</th>
                      <th>{t`Since it started`}</th>
                      <th>{t`Actions`}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.experiments.map((e) => (
                      <Row
                        key={e.id}
                        playerId={id}
                        e={e}
                        figures={analysis.data?.rows.find((r) => r.id === e.id)?.figures}
                        onDone={() => (state.reload(), analysis.reload())}
                      />
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {analysis.error && (
              <p role="alert">{t`The warehouse figures could not be read: ${ph({ m: analysis.error.message })}`}</p>
            )}
            {analysis.loading && <p role="status">{t`Reading the figures from the warehouse…`}</p>}
            <p>{t`Figures read at ${ph({ at: fmtDateTime(Date.now()) })}.`}</p>
          </>
        )}
      </Load>
    </section>
  );
}
