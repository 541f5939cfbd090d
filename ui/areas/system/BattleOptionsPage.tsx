// /admin/battleOptions/: the battle options document as typed fields drawn from its shape (the
// page sends its JSON Schema: round length, respawn, the maps as rows, team size, wait, tier
// spread), saved as a new version (from the version shown, so a stale editor is refused), and the
// history of versions. The document is open: keys the shape does not name are edited as JSON,
// labelled free-form.
import { useState } from "react";
import { t, ph, msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { api, useApi } from "../../lib/api.ts";
import * as options from "../../../api/contracts/admin/options.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import { fmtDateTime, fmtInt } from "../../lib/i18n.ts";
import { propsOf } from "../../lib/schema-form.ts";
import { Load } from "../../components/States.tsx";
import { toast } from "../../components/Toasts.tsx";
import { JsonEditor } from "../../components/JsonEditor.tsx";
import { SchemaForm, type Naming } from "../../components/SchemaForm.tsx";
import { Table, type Column } from "../../components/Table.tsx";
import { changesText } from "../../shell/AdminLabels.ts";

/** The document in force, its versions (`changes` against the version before, null when that one is not listed) and its shape. */
type Page = OutputOf<typeof options.battlePage>;
type Version = Page["history"][number];

const FIELDS: Record<string, MessageDescriptor> = {
  roundSeconds: msg`Round length, s`,
  respawn: msg`Respawn`,
  maps: msg`Maps`,
  teamSize: msg`Tanks a side`,
  maxWaitSeconds: msg`Longest wait for players before bots, s`,
  tierSpread: msg`Tiers apart in one battle, at most`,
  lateJoinSeconds: msg`A late comer takes a bot's seat within, s`,
  drainSeconds: msg`On a deploy, a round ending within this plays out, s`,
  mapDefs: msg`Operators' maps`,
  // A map's own fields (api/domain/battle-maps.ts): sizes and positions in metres.
  name: msg`Name`,
  width: msg`Width, m`,
  height: msg`Height, m`,
  obstacles: msg`Obstacles`,
  bushes: msg`Bushes`,
  base: msg`Base`,
  spawns: msg`Spawn points`,
  x: msg`X, m`,
  y: msg`Y, m`,
  w: msg`Width, m`,
  h: msg`Height, m`,
  r: msg`Radius, m`,
  kind: msg`Kind`,
};
/** An obstacle's kind on an operator's map. */
const OBSTACLES: Record<string, MessageDescriptor> = {
  rock: msg`Rock`,
  house: msg`House`,
  wall: msg`Wall`,
  trees: msg`Trees`,
};
const naming: Naming = {
  label: (field) => (FIELDS[field] ? t(FIELDS[field]) : field),
  valueLabel: (value) => (OBSTACLES[value] ? t(OBSTACLES[value]) : value),
};

export default function BattleOptionsPage() {
  const page = useApi(options.battlePage, {});
  return <Load state={page}>{(d) => <Editor key={d.current.version} d={d} reload={page.reload} />}</Load>;
}

function Editor({ d, reload }: { d: Page; reload: () => void }) {
  const props = propsOf(d.form);
  const value = (d.current.value && typeof d.current.value === "object" ? d.current.value : {}) as Record<
    string,
    unknown
  >;
  const others = Object.fromEntries(Object.entries(value).filter(([k]) => !(k in props)));
  const [extra, setExtra] = useState<unknown>(others);
  const extraOk = extra !== undefined && extra !== null && typeof extra === "object" && !Array.isArray(extra);
  const columns: Column<Version>[] = [
    { id: "version", label: t`Version`, value: (r) => r.version, cell: (r) => fmtInt(r.version) },
    { id: "createdAt", label: t`Saved`, value: (r) => r.createdAt, cell: (r) => fmtDateTime(r.createdAt) },
    { id: "adminUsername", label: t`By`, value: (r) => r.adminUsername },
    {
      id: "summary",
      label: t`What changed`,
      value: (r) => (r.changes ? changesText(r.changes, r.created) || t`No change` : r.summary),
    },
  ];
  return (
    <section>
      <p className="tk-hint">{t`Version in force: ${ph({ version: fmtInt(d.current.version) })}`}</p>
      <SchemaForm
        schema={d.form}
        value={value}
        naming={naming}
        submitLabel={t`Save as a new version`}
        errorPrefix="value"
        save={async (v) => {
          if (!extraOk) throw new Error(t`The other keys must be a JSON object.`);
          const known = Object.fromEntries(Object.entries(v).filter(([k]) => k in props));
          await api(options.battleSave, { value: { ...(extra as object), ...known }, baseVersion: d.current.version });
          toast.ok(t`Saved`);
          reload();
        }}
      >
        <div className="tk-fieldset">
          <p className="tk-hint">{t`Other keys: the game may read keys the server does not check. They are free-form and edited as JSON (an object).`}</p>
          <JsonEditor label={t`Other keys (free-form JSON)`} value={others} onChange={setExtra} rows={4} />
        </div>
      </SchemaForm>
      <Table rows={d.history} columns={columns} rowKey={(r) => String(r.version)} caption={t`History`} />
    </section>
  );
}
