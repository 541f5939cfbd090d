// /admin/player/:playerId/tanks — the player's tanks: grant one free of charge, make one current,
// take one away (confirmed).
import { useState } from "react";
import { t, ph } from "@lingui/core/macro";
import { api, useApi } from "../../lib/api.ts";
import { fmtDateTime } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { Table } from "../../components/Table.tsx";
import type { Column } from "../../components/DataTable.tsx";
import { toast } from "../../components/Toasts.tsx";
import { FieldError } from "../../components/Form.tsx";
import { useFieldErrors } from "../../lib/field-errors.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { PlayerNav } from "./PlayerNav.tsx";
import { valueText } from "../../shell/AdminLabels.ts";
import { romanTier } from "../../components/TankArt.tsx";
import { actionsColumn } from "../../components/RowMenu.tsx";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as tanks from "../../../api/contracts/admin/player/tanks.ts";

const CHANGES = { save: tanks.save, remove: tanks.remove, setCurrent: tanks.setCurrent };
type Tank = OutputOf<typeof tanks.page>["rows"][number];

export default function PlayerTanksPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.playerId ?? "";
  const state = useApi(tanks.page, { playerId: Number(id) });
  const [grant, setGrant] = useState("");
  const [removing, setRemoving] = useState<Tank | null>(null);
  const grantErrors = useFieldErrors();
  const rowErrors = useFieldErrors();
  const change = (action: "save" | "remove" | "setCurrent", tankId: number, done: string, errors = rowErrors) =>
    errors.run(async () => {
      await api(CHANGES[action], { playerId: Number(id), tankId });
      toast.ok(done);
      state.reload();
    });
  const columns: Column<Tank>[] = [
    { id: "id", label: t`Id`, value: (r) => r.id },
    { id: "name", label: t`Tank`, value: (r) => r.name ?? t`Not in the catalogue` },
    { id: "tier", label: t`Tier`, value: (r) => r.tier },
    { id: "nation", label: t`Nation`, value: (r) => r.nation, cell: (r) => valueText("nation", r.nation) },
    { id: "acquiredAt", label: t`Since`, value: (r) => r.acquiredAt, cell: (r) => fmtDateTime(r.acquiredAt) },
    actionsColumn(
      (r) => [
        !r.current && { label: t`Make current`, onClick: () => change("setCurrent", r.id, t`Current tank set`) },
        { label: t`Take away`, danger: true, onClick: () => setRemoving(r) },
      ],
      { note: (r) => r.current && <strong>{t`Current`}</strong> },
    ),
  ];
  return (
    <section>
      <PlayerNav playerId={id} />
      <Load state={state}>
        {(d) => (
          <>
            <h1>{t`Tanks of ${ph({ nickname: d.player.nickname })} (#${ph({ id: d.player.id })})`}</h1>
            <form
              noValidate
              className="tk-row"
              onSubmit={(e) => {
                e.preventDefault();
                if (grant)
                  void change("save", Number(grant), t`Tank granted`, grantErrors).then((ok) => ok && setGrant(""));
              }}
            >
              <label>
                {t`Grant a tank (free of charge)`}
                <select
                  name="tankId"
                  value={grant}
                  onChange={(e) => (setGrant(e.target.value), grantErrors.clear("tankId"))}
                  {...grantErrors.input("tankId")}
                >
                  <option value="">—</option>
                  {d.catalogue.map((c) => (
                    <option
                      key={c.id}
                      value={c.id}
                      disabled={d.rows.some((r) => r.id === c.id)}
                    >{`${c.name} (${valueText("nation", c.nation)}, ${romanTier(c.tier)})`}</option>
                  ))}
                </select>
                <FieldError errors={grantErrors} name="tankId" />
              </label>
              <button type="submit" className="tk-btn tk-primary" disabled={!grant}>{t`Grant`}</button>
            </form>
            <Table rows={d.rows} columns={columns} />
          </>
        )}
      </Load>
      <ConfirmDialog
        open={removing !== null}
        text={removing ? t`Take ${ph({ tank: removing.name ?? t`Not in the catalogue` })} away from the player?` : ""}
        onCancel={() => setRemoving(null)}
        onConfirm={() => (removing && change("remove", removing.id, t`Tank taken away`), setRemoving(null))}
      />
    </section>
  );
}
