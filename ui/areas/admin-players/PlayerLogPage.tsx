// /admin/playerLog/:playerId — the player's history merged by time (paged, filtered by kind), new
// entries as they happen (server-sent events), and the player's notifications.
import { useState } from "react";
import { t, ph } from "@lingui/core/macro";
import { href, useApi } from "../../lib/api.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as log from "../../../api/contracts/admin/playerLog.ts";
import { useLiveFeed } from "../../lib/live-feed.ts";
import type { PlayerLogEvents } from "../../../api/admin/players/log.ts";
import { fmtDateTime } from "../../lib/i18n.ts";
import { DataTable, type Column } from "../../components/DataTable.tsx";
import { Load, Empty } from "../../components/States.tsx";
import { PlayerNav } from "./PlayerNav.tsx";
import { LOG_KINDS, kindText, detailText, noticeKindText, noticeText, type LogEntry } from "./logKinds.ts";

type Notification = OutputOf<typeof log.notifications>["rows"][number];

function Live({ playerId, onEntry }: { playerId: string; onEntry: () => void }) {
  const [lines, setLines] = useState<LogEntry[]>([]);
  useLiveFeed<PlayerLogEvents>(href(log.stream, { playerId: Number(playerId) }), {
    entry: (entry) => {
      setLines((l) => [entry, ...l].slice(0, 30));
      onEntry();
    },
  });
  return (
    <section aria-live="polite">
      <h2>{t`Live`}</h2>
      {lines.length === 0 ? (
        <Empty>{t`Waiting for new entries…`}</Empty>
      ) : (
        <ul>
          {lines.map((e) => (
            <li key={`${e.kind}:${e.id}`}>{`${fmtDateTime(e.at)} · ${kindText(e.kind)} · ${detailText(e)}`}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function PlayerLogPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.playerId ?? "";
  const head = useApi(log.page, { playerId: Number(id) });
  const [version, setVersion] = useState(0);
  const columns: Column<LogEntry>[] = [
    { id: "at", label: t`When`, value: (e) => e.at, cell: (e) => fmtDateTime(e.at), sortable: false },
    { id: "kind", label: t`Kind`, value: (e) => kindText(e.kind), sortable: false },
    { id: "detail", label: t`Details`, value: (e) => detailText(e), sortable: false },
  ];
  const noticeColumns: Column<Notification>[] = [
    {
      id: "createdAt",
      label: t`When`,
      value: (n) => n.createdAt,
      cell: (n) => fmtDateTime(n.createdAt),
      sortable: false,
    },
    { id: "kind", label: t`Kind`, value: (n) => noticeKindText(n.kind), sortable: false },
    { id: "payload", label: t`Details`, value: (n) => noticeText(n.kind, n.payload), sortable: false },
    {
      id: "readAt",
      label: t`Read`,
      value: (n) => n.readAt,
      cell: (n) => fmtDateTime(n.readAt) || "—",
      sortable: false,
    },
  ];
  return (
    <section>
      <PlayerNav playerId={id} />
      <Load state={head}>
        {(d) => <h1>{t`Log of ${ph({ nickname: d.player.nickname })} (#${ph({ id: d.player.id })})`}</h1>}
      </Load>
      <DataTable
        list={log.entries}
        params={{ playerId: Number(id) }}
        columns={columns}
        rowKey={(e) => `${e.kind}:${e.id}`}
        filters={[
          {
            id: "kind",
            label: t`Kind`,
            options: Object.keys(LOG_KINDS).map((k) => [k, kindText(k)] as [string, string]),
          },
        ]}
        defaultSort={{ id: "at", desc: true }}
        exportName={`player-${id}-log`}
        version={version}
      />
      <Live playerId={id} onEntry={() => setVersion((v) => v + 1)} />
      <h2>{t`Notifications`}</h2>
      <DataTable
        list={log.notifications}
        params={{ playerId: Number(id) }}
        stateKey="n"
        columns={noticeColumns}
        rowKey={(n) => String(n.id)}
        defaultSort={{ id: "createdAt", desc: true }}
      />
    </section>
  );
}
