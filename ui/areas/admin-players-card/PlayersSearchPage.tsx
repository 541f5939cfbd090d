// /admin/player/ — find a player by id, nickname, email or social id; server-paged and sorted.
import { useState } from "react";
import { t } from "@lingui/core/macro";
import { DataTable, type Column } from "../../components/DataTable.tsx";
import { fmtDateTime, fmtInt } from "../../lib/i18n.ts";
import { BulkUnban } from "./BulkUnban.tsx";

interface Row {
  id: number;
  nickname: string;
  email: string | null;
  country: string;
  platform: string;
  level: number;
  gold: number;
  silver: number;
  createdAt: number;
  lastLoginAt: number | null;
  banned: boolean;
  suspect: boolean;
  erasedAt: number | null;
}

export default function PlayersSearchPage() {
  const [version, setVersion] = useState(0);
  const columns: Column<Row>[] = [
    { id: "id", label: t`Id`, value: (r) => r.id, cell: (r) => <a href={`/admin/player/${r.id}`}>{r.id}</a> },
    { id: "nickname", label: t`Nickname`, value: (r) => r.nickname, cell: (r) => <a href={`/admin/player/${r.id}`}>{r.nickname}</a> },
    { id: "email", label: t`Email`, value: (r) => r.email, sortable: false },
    { id: "country", label: t`Country`, value: (r) => r.country, sortable: false },
    { id: "platform", label: t`Platform`, value: (r) => r.platform, sortable: false },
    { id: "level", label: t`Level`, value: (r) => r.level },
    { id: "gold", label: t`Gold`, value: (r) => r.gold, cell: (r) => fmtInt(r.gold) },
    { id: "createdAt", label: t`Registered`, value: (r) => r.createdAt, cell: (r) => fmtDateTime(r.createdAt) },
    { id: "lastLoginAt", label: t`Last sign-in`, value: (r) => r.lastLoginAt, cell: (r) => fmtDateTime(r.lastLoginAt) },
    {
      id: "state",
      label: t`State`,
      sortable: false,
      value: (r) => [r.banned ? t`banned` : "", r.suspect ? t`suspect` : "", r.erasedAt ? t`erased` : ""].filter(Boolean).join(", "),
    },
  ];
  return (
    <section>
      <h1>{t`Players`}</h1>
      <DataTable
        url="/admin/player/getProfiles"
        columns={columns}
        rowKey={(r) => String(r.id)}
        search={t`Id, nickname, email or social id`}
        filters={[{ id: "state", label: t`State`, options: [["banned", t`banned`], ["suspect", t`suspect`], ["erased", t`erased`]] }]}
        defaultSort={{ id: "id", desc: true }}
        exportName="players"
        version={version}
      />
      <BulkUnban onDone={() => setVersion((v) => v + 1)} />
    </section>
  );
}
