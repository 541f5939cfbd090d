// /admin/experiments/: every experiment (server-paged, filtered by status), and a new one.
import { t } from "@lingui/core/macro";
import { Link, useLocation } from "wouter";
import { useApi } from "../../lib/api.ts";
import { fmtDateTime } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { DataTable, type Column } from "../../components/DataTable.tsx";
import { GeneralForm } from "./GeneralForm.tsx";
import { SCOPE, STATUS } from "./shared.ts";
import * as experiments from "../../../api/contracts/admin/experiments.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";

type Row = OutputOf<typeof experiments.list>["rows"][number];

export default function ExperimentsPage() {
  const page = useApi(experiments.page, {});
  const [, navigate] = useLocation();
  const columns: Column<Row>[] = [
    { id: "id", label: t`ID`, value: (r) => r.id },
    {
      id: "name",
      label: t`Name`,
      value: (r) => r.name,
      cell: (r) => <Link href={`/admin/experiments/control/${r.id}`}>{r.name}</Link>,
    },
    { id: "status", label: t`Status`, value: (r) => t(STATUS[r.status]) },
    {
      id: "optionKey",
      label: t`Option key`,
      value: (r) => `${SCOPE[r.optionScope] ? t(SCOPE[r.optionScope]) : r.optionScope}: ${r.optionKey}`,
    },
    {
      id: "startedAt",
      label: t`Started`,
      value: (r) => r.startedAt,
      cell: (r) => (r.startedAt ? fmtDateTime(r.startedAt) : ""),
    },
    { id: "updatedAt", label: t`Changed`, value: (r) => r.updatedAt, cell: (r) => fmtDateTime(r.updatedAt) },
  ];
  return (
    <section>
      <DataTable
        list={experiments.list}
        columns={columns}
        rowKey={(r) => String(r.id)}
        search={t`Search`}
        filters={[{ id: "status", label: t`Status`, options: Object.entries(STATUS).map(([v, l]) => [v, t(l)]) }]}
        defaultSort={{ id: "id", desc: true }}
        exportName="experiments"
      />
      <h2>{t`New experiment`}</h2>
      <Load state={page}>
        {(d) => (
          <GeneralForm optionKeys={d.optionKeys} onSaved={(id) => navigate(`/admin/experiments/control/${id}`)} />
        )}
      </Load>
    </section>
  );
}
