// /admin/ads/settings/: per-placement ad settings — the list (filtered by network), a form to
// add or edit a row, and removal after a confirmation.
import { useState } from "react";
import { t, ph } from "@lingui/core/macro";
import { z } from "zod";
import { api, at, useApi } from "../../lib/api.ts";
import { anyAreaRemoveByPath, anyAreaSave } from "../../../api/contracts/admin/resources.ts";
import { act } from "../../lib/action.ts";
import * as ads from "../../../api/contracts/admin/ads.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import { fmtInt } from "../../lib/i18n.ts";
import { useForm } from "../../lib/form.ts";
import { Form, FormField } from "../../components/Form.tsx";
import { Load } from "../../components/States.tsx";
import { toast } from "../../components/Toasts.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { DataTable, type Column } from "../../components/DataTable.tsx";
import { bool, int, text } from "../../../api/domain/fields.ts";
import { valueText } from "../../shell/AdminLabels.ts";
import { actionsColumn } from "../../components/RowMenu.tsx";

type Row = OutputOf<typeof ads.placementsPage>["rows"][number];

const schema = z.object({
  placement: text(1, 64),
  network: text(1, 32),
  enabled: bool(),
  capPerDay: int(0, 500),
  reward: int(0, 1_000_000),
});
const blank = { placement: "", network: "", enabled: "true", capPerDay: "5", reward: "0" };

export default function AdPlacementsPage() {
  // The networks a row may name: the ads settings page's (the rows' own page answers them untyped).
  const page = useApi(ads.page, {});
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<Row | null>(null);
  const [removing, setRemoving] = useState<Row | null>(null);
  const remove = async (r: Row) => {
    setRemoving(null);
    await act(
      () => api(at(anyAreaRemoveByPath, "/admin/ads/settings/remove/:id"), { id: r.id }),
      t`Removed`,
      () => setVersion((v) => v + 1),
    );
  };
  const columns: Column<Row>[] = [
    { id: "id", label: t`ID`, value: (r) => r.id },
    { id: "placement", label: t`Placement`, value: (r) => r.placement },
    { id: "network", label: t`Network`, value: (r) => r.network, cell: (r) => valueText("adNetwork", r.network) },
    { id: "enabled", label: t`Enabled`, value: (r) => (r.enabled ? t`yes` : t`no`) },
    { id: "capPerDay", label: t`Cap per day`, value: (r) => r.capPerDay, cell: (r) => fmtInt(r.capPerDay) },
    { id: "reward", label: t`Reward, silver`, value: (r) => r.reward, cell: (r) => fmtInt(r.reward) },
    actionsColumn(
      (r) => [
        { label: t`Edit`, onClick: () => setEditing(r) },
        { label: t`Remove`, danger: true, onClick: () => setRemoving(r) },
      ],
      { label: "" },
    ),
  ];
  return (
    <Load state={page}>
      {(d) => (
        <section>
          <DataTable
            list={ads.placementsPage}
            columns={columns}
            rowKey={(r) => String(r.id)}
            search={t`Search`}
            filters={[
              {
                id: "network",
                label: t`Network`,
                options: d.networks.map((n): [string, string] => [n, valueText("adNetwork", n)]),
              },
              {
                id: "enabled",
                label: t`Enabled`,
                options: [
                  ["true", t`yes`],
                  ["false", t`no`],
                ],
              },
            ]}
            defaultSort={{ id: "placement", desc: false }}
            exportName="ad-placements"
            version={version}
          />
          <h2>{editing ? t`Edit placement #${ph({ id: editing.id })}` : t`New placement`}</h2>
          <PlacementForm
            key={editing ? `edit-${editing.id}` : `new-${version}`}
            row={editing}
            networks={d.networks}
            onDone={() => {
              setEditing(null);
              setVersion((v) => v + 1);
            }}
          />
          <ConfirmDialog
            open={removing !== null}
            text={
              removing
                ? t`Remove the ${ph({ network: valueText("adNetwork", removing.network) })} settings of ${ph({ placement: removing.placement })}?`
                : ""
            }
            onConfirm={() => removing && remove(removing)}
            onCancel={() => setRemoving(null)}
          />
        </section>
      )}
    </Load>
  );
}

function PlacementForm({ row, networks, onDone }: { row: Row | null; networks: string[]; onDone: () => void }) {
  const form = useForm(
    schema,
    row
      ? {
          placement: row.placement,
          network: row.network,
          enabled: String(row.enabled),
          capPerDay: String(row.capPerDay),
          reward: String(row.reward),
        }
      : blank,
  );
  return (
    <Form
      form={form}
      submitLabel={t`Save placement`}
      actions={row && <button type="button" className="tk-btn" onClick={onDone}>{t`Cancel`}</button>}
      onSubmit={form.submit(async (input) => {
        await api(
          at(anyAreaSave, `/admin/ads/settings/save?intent=${row ? "edit" : "create"}`),
          row ? { ...input, id: row.id } : input,
        );
        toast.ok(t`Saved`);
        onDone();
      })}
    >
      <FormField form={form} name="placement" label={t`Placement`} />
      <FormField
        form={form}
        name="network"
        label={t`Network`}
        type="select"
        options={[["", "—"], ...networks.map((n): [string, string] => [n, valueText("adNetwork", n)])]}
      />
      <FormField form={form} name="capPerDay" label={t`Cap per day`} type="number" />
      <FormField form={form} name="reward" label={t`Reward, silver`} type="number" />
      <FormField form={form} name="enabled" label={t`Enabled`} type="checkbox" />
    </Form>
  );
}
