// /admin/banLog/:playerId — every ban and unban of the player (paged), and new bans of anyone as
// they happen (server-sent events).
import { useState } from "react";
import { t, ph } from "@lingui/core/macro";
import { href, useApi } from "../../lib/api.ts";
import { useLiveFeed } from "../../lib/live-feed.ts";
import type { BanLogEntry, BanLogEvents } from "../../../api/domain/ban-log.ts";
import * as banLog from "../../../api/contracts/admin/banLog.ts";
import { fmtDateTime } from "../../lib/i18n.ts";
import { DataTable, type Column } from "../../components/DataTable.tsx";
import { Load, Empty } from "../../components/States.tsx";
import { PlayerNav } from "./PlayerNav.tsx";

interface Entry {
  id: number;
  playerId: number;
  action: "ban" | "unban";
  reason: string | null;
  until: number | null;
  adminUsername: string;
  createdAt: number;
  nickname?: string;
}

function LiveBans({ onEntry }: { onEntry: () => void }) {
  const [lines, setLines] = useState<Entry[]>([]);
  const add = (entry: BanLogEntry) => {
    setLines((l) => [entry, ...l.filter((x) => x.id !== entry.id)].slice(0, 30));
    onEntry();
  };
  useLiveFeed<BanLogEvents>(href(banLog.stream), { ban: add, unban: add });
  return (
    <section aria-live="polite">
      <h2>{t`New bans of all players`}</h2>
      {lines.length === 0 ? (
        <Empty>{t`Waiting for bans…`}</Empty>
      ) : (
        <ul>
          {lines.map((e) => (
            <li key={e.id}>
              <a href={`/admin/banLog/${e.playerId}`}>{e.nickname}</a>{" "}
              {e.action === "ban"
                ? t`banned until ${ph({ until: fmtDateTime(e.until) })} by ${ph({ admin: e.adminUsername })}: ${ph({ reason: e.reason ?? "" })}`
                : t`unbanned by ${ph({ admin: e.adminUsername })}`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function BanLogPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.playerId ?? "";
  const head = useApi(banLog.player, { playerId: Number(id) });
  const [version, setVersion] = useState(0);
  const columns: Column<Entry>[] = [
    {
      id: "createdAt",
      label: t`When`,
      value: (e) => e.createdAt,
      cell: (e) => fmtDateTime(e.createdAt),
      sortable: false,
    },
    { id: "action", label: t`Action`, value: (e) => (e.action === "ban" ? t`ban` : t`unban`), sortable: false },
    { id: "reason", label: t`Reason`, value: (e) => e.reason, sortable: false },
    { id: "until", label: t`Until`, value: (e) => e.until, cell: (e) => fmtDateTime(e.until), sortable: false },
    { id: "admin", label: t`Operator`, value: (e) => e.adminUsername, sortable: false },
  ];
  return (
    <section>
      <PlayerNav playerId={id} />
      <Load state={head}>
        {(d) => (
          <header>
            <h1>{t`Ban log of ${ph({ nickname: d.player.nickname })} (#${ph({ id: d.player.id })})`}</h1>
            <p data-testid="ban-state">
              {d.player.banned
                ? t`Banned until ${ph({ until: fmtDateTime(d.player.bannedUntil) })}: ${ph({ reason: d.player.banReason ?? "" })}`
                : t`Not banned`}
            </p>
          </header>
        )}
      </Load>
      <DataTable
        list={banLog.list}
        params={{ playerId: Number(id) }}
        columns={columns}
        rowKey={(e) => String(e.id)}
        defaultSort={{ id: "createdAt", desc: true }}
        version={version}
        exportName={`bans-${id}`}
      />
      <LiveBans onEntry={() => (setVersion((v) => v + 1), head.reload())} />
    </section>
  );
}
