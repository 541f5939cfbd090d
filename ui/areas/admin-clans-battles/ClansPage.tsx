// /admin/clan/ — every clan, searchable by name or tag, sortable; a clan opens its card.
import { t } from "@lingui/core/macro";
import { fmtDateTime } from "../../lib/i18n.ts";
import { DataTable, type Column } from "../../components/DataTable.tsx";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as clans from "../../../api/contracts/admin/clans.ts";

/** A clan as the list (and the card) shows it. */
export type ClanRow = OutputOf<typeof clans.list>["rows"][number];

export default function ClansPage() {
  const columns: Column<ClanRow>[] = [
    { id: "id", label: t`Id`, value: (c) => c.id },
    { id: "tag", label: t`Tag`, value: (c) => c.tag },
    { id: "name", label: t`Name`, value: (c) => c.name, cell: (c) => <a href={`/admin/clan/${c.id}`}>{c.name}</a> },
    { id: "leader", label: t`Leader`, value: (c) => c.leader, sortable: false },
    { id: "members", label: t`Members`, value: (c) => c.members },
    { id: "rating", label: t`Rating`, value: (c) => c.rating },
    { id: "wins", label: t`Wins`, value: (c) => c.wins },
    { id: "createdAt", label: t`Created`, value: (c) => c.createdAt, cell: (c) => fmtDateTime(c.createdAt) },
  ];
  return (
    <section className="tk-clans">
      <h1>{t`Clans`}</h1>
      <DataTable
        list={clans.list}
        columns={columns}
        rowKey={(c) => String(c.id)}
        search={t`Name or tag`}
        defaultSort={{ id: "rating", desc: true }}
        exportName="clans"
      />
    </section>
  );
}
