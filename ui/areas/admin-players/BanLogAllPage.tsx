// /admin/banLog/ — the ban log across players: every ban and unban, newest first (paged, by
// action, by a player's id or name), who is banned now, new entries live, and the bulk unban.
import { useState } from "react";
import { t, ph, plural } from "@lingui/core/macro";
import { useApi } from "../../lib/api.ts";
import { useLiveFeed } from "../../lib/live-feed.ts";
import { all as banLogAll, type BanLogAllEntry } from "../../../api/contracts/admin/banLog.ts";
import type { BanLogEvents } from "../../../api/domain/ban-log.ts";
import { fmtDateTime } from "../../lib/i18n.ts";
import { DataTable, type Column } from "../../components/DataTable.tsx";
import { Load } from "../../components/States.tsx";
import { BulkUnban } from "./BulkUnban.tsx";

export default function BanLogAllPage() {
  const head = useApi(banLogAll, { size: 1 });
  const [version, setVersion] = useState(0);
  const reload = () => {
    setVersion((v) => v + 1);
    head.reload();
  };
  useLiveFeed<BanLogEvents>("/admin/banLog/stream/banLogs", { ban: reload, unban: reload });
  const columns: Column<BanLogAllEntry>[] = [
    {
      id: "createdAt",
      label: t`When`,
      value: (e) => e.createdAt,
      cell: (e) => fmtDateTime(e.createdAt),
      sortable: false,
    },
    {
      id: "player",
      label: t`Player`,
      value: (e) => `${e.nickname} #${e.playerId}`,
      cell: (e) => <a href={`/admin/banLog/${e.playerId}`}>{`${e.nickname} #${e.playerId}`}</a>,
      sortable: false,
    },
    { id: "action", label: t`Action`, value: (e) => (e.action === "ban" ? t`ban` : t`unban`), sortable: false },
    { id: "reason", label: t`Reason`, value: (e) => e.reason ?? "", sortable: false },
    {
      id: "until",
      label: t`Until`,
      value: (e) => e.until,
      cell: (e) => (e.until === null ? "—" : fmtDateTime(e.until)),
      sortable: false,
    },
    {
      id: "now",
      label: t`Banned now`,
      value: (e) => (e.bannedNow ? t`yes` : t`no`),
      sortable: false,
    },
    { id: "admin", label: t`Operator`, value: (e) => e.adminUsername, sortable: false },
  ];
  return (
    <section>
      <h1>{t`Ban log`}</h1>
      <Load state={head}>
        {(d) => (
          <p data-testid="banned-now">
            {plural(d.bannedNow, {
              one: "# player is banned now.",
              other: "# players are banned now.",
            })}{" "}
            {t`Entries in the log: ${ph({ n: d.total })}.`}
          </p>
        )}
      </Load>
      <DataTable
        list={banLogAll}
        columns={columns}
        rowKey={(e) => String(e.id)}
        search={t`Player's name or id`}
        filters={[
          {
            id: "action",
            label: t`Action`,
            options: [
              ["ban", t`ban`],
              ["unban", t`unban`],
            ],
          },
        ]}
        defaultSort={{ id: "createdAt", desc: true }}
        version={version}
        exportName="bans"
      />
      <BulkUnban onDone={reload} />
    </section>
  );
}
