// /admin/clanLog/:clanId — everything that happened to a clan, newest first: the players' own
// actions and the operators' (marked with the operator's name).
import { t, ph } from "@lingui/core/macro";
import { useApi } from "../../lib/api.ts";
import { fmtDateTime } from "../../lib/i18n.ts";
import { DataTable, type Column } from "../../components/DataTable.tsx";
import { actionText } from "./t.ts";
import { changeText, detailsText } from "../../shell/AdminLabels.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as clans from "../../../api/contracts/admin/clans.ts";

export type LogRow = OutputOf<typeof clans.logs>["rows"][number];

export const logColumns = (): Column<LogRow>[] => [
  {
    id: "createdAt",
    label: t`When`,
    value: (r) => r.createdAt,
    cell: (r) => fmtDateTime(r.createdAt),
    sortable: false,
  },
  {
    id: "who",
    label: t`Who`,
    value: (r) =>
      r.action.startsWith("admin.")
        ? t`operator ${ph({ name: String(r.details.admin ?? "") })}`
        : (r.actor ?? `#${r.actorId}`),
    sortable: false,
  },
  { id: "action", label: t`Action`, value: (r) => actionText(r.action), sortable: false },
  { id: "target", label: t`Player`, value: (r) => (r.targetId ? (r.target ?? `#${r.targetId}`) : ""), sortable: false },
  { id: "details", label: t`Details`, value: (r) => logDetails(r.details), sortable: false },
];

/** A role change ({ from, role }) reads "Role: member → officer"; other details field by field. */
function logDetails(d: Record<string, unknown>): string {
  if (typeof d.from !== "string" || typeof d.role !== "string") return detailsText(d, ["admin", "adminId"]);
  const rest = detailsText(d, ["admin", "adminId", "from", "role"]);
  const role = changeText({ field: "role", before: d.from, after: d.role });
  return rest ? `${role}, ${rest}` : role;
}

export default function ClanLogPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.clanId ?? "";
  const head = useApi(clans.logPage, { clanId: Number(id) });
  const clan = head.data?.clan;
  return (
    <section className="tk-clan-log">
      <h1>
        {clan?.tag
          ? t`Clan log: [${ph({ tag: clan.tag })}] ${ph({ name: clan.name ?? "" })}`
          : t`Clan log #${ph({ id })}`}
      </h1>
      <p>
        <a href={`/admin/clan/${id}`}>{t`Back to the clan`}</a>
      </p>
      <DataTable
        list={clans.logs}
        params={{ clanId: Number(id) }}
        columns={logColumns()}
        rowKey={(r) => String(r.id)}
        defaultSort={{ id: "createdAt", desc: true }}
        size={50}
        exportName={`clan-${id}-log`}
      />
    </section>
  );
}
