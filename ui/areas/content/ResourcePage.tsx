// The generic resource screen (ARCHITECTURE §4): the page's data describes the resource — its
// list columns, filters, form (JSON Schema of its zod schema) and actions — and this one screen
// gives every such area its server-paged, sorted, filtered table, its form and remove.
import { useMemo, useState } from "react";
import { useLocation } from "wouter";
import { api, useApi, type ApiError } from "../../lib/api.ts";
import { fmtInt } from "../../lib/i18n.ts";
import { msg, ph, t } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { Load } from "../../components/States.tsx";
import { toast } from "../../components/Toasts.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { DataTable, type Column, type Filter } from "../../components/DataTable.tsx";
import { Form, FormField } from "../../components/Form.tsx";
import { useForm } from "../../lib/form.ts";
import { z } from "zod";

type Row = Record<string, unknown> & { id: number };
interface Prop { type?: string; enum?: string[]; anyOf?: { type?: string; enum?: string[] }[]; default?: unknown }
interface Description {
  name: string;
  columns: string[];
  filters: string[];
  form: { properties: Record<string, Prop>; required?: string[] };
  /** set, or add + update (api/admin/resources resourceActions); no remove when the area has none. */
  actions: { list: string; set?: string; add?: string; update?: string; remove?: string };
}

/** Column and field names of the described resources (a key without one shows as it is). */
const FIELD_LABELS: Record<string, MessageDescriptor> = {
  id: msg`Id`,
  nameRu: msg`Name (ru)`,
  nameEn: msg`Name (en)`,
  nation: msg`Nation`,
  type: msg`Type`,
  tier: msg`Tier`,
  requiredLevel: msg`Level required`,
  premium: msg`Premium`,
  priceGold: msg`Price, gold`,
  priceSilver: msg`Price, silver`,
  hp: msg`Hit points`,
  damage: msg`Damage`,
  penetration: msg`Penetration`,
  armor: msg`Armour`,
  speed: msg`Speed, km/h`,
  rateOfFire: msg`Shots/min ×10`,
  sortOrder: msg({ message: "Order", context: "sort order" }),
  active: msg`Active`,
  slot: msg`Slot`,
  bonus: msg`Bonus, %`,
  season: msg`Season`,
  concealment: msg`Concealment, %`,
  durationDays: msg`Days (0: forever)`,
  image: msg`Image`,
  kind: msg`Kind`,
};
// Set by the screen shown (one resource screen is shown at a time), read by its columns and form.
let extraLabels: Record<string, MessageDescriptor> = {};
const label = (k: string) => (extraLabels[k] ? t(extraLabels[k]) : FIELD_LABELS[k] ? t(FIELD_LABELS[k]) : k);
const kindOf = (p: Prop): "bool" | "enum" | "number" | "text" => {
  if (p.anyOf?.some((a) => a.type === "boolean") || p.type === "boolean") return "bool";
  const e = p.enum ?? p.anyOf?.find((a) => a.enum)?.enum;
  if (e && p.type === "string") return "enum";
  if (p.type === "integer" || p.type === "number") return "number";
  return "text";
};
const show = (v: unknown) => (typeof v === "boolean" ? (v ? t`yes` : t`no`) : typeof v === "number" ? fmtInt(v) : v == null ? "" : String(v));

/** `labels`: another area's column and field names (its own catalogue), over the content ones. */
export default function ResourcePage({ labels }: { labels?: Record<string, MessageDescriptor>; params?: Record<string, string | undefined> }) {
  extraLabels = labels ?? {};
  const [path] = useLocation();
  const desc = useApi<Description>(path);
  return <Load state={desc}>{(d) => <Resource d={d} />}</Load>;
}

function Resource({ d }: { d: Description }) {
  const [editing, setEditing] = useState<Record<string, unknown> | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);
  const props = d.form.properties;
  const blank = () => Object.fromEntries(Object.entries(props).map(([k, p]) => [k, p.default ?? (kindOf(p) === "bool" ? false : "")]));
  const filters: Filter[] = d.filters
    .filter((k) => props[k])
    .map((k) => {
      const p = props[k];
      const options = kindOf(p) === "bool" ? ["true", "false"] : (p.enum ?? p.anyOf?.find((a) => a.enum)?.enum ?? []);
      return { id: k, label: label(k), options: options.map((o): [string, string] => [o, o === "true" ? t`yes` : o === "false" ? t`no` : o]) };
    })
    .filter((f) => f.options.length);
  const columns = useMemo<Column<Row>[]>(
    () => [
      ...d.columns.map((c) => ({ id: c, label: label(c), value: (r: Row) => r[c], cell: (r: Row) => show(r[c]) })),
      {
        id: "actions",
        label: "",
        value: () => "",
        sortable: false,
        csv: false,
        cell: (r: Row) => (
          <div className="tk-row">
            <button className="tk-btn" onClick={() => setEditing(Object.fromEntries(Object.keys(props).map((k) => [k, r[k] ?? ""])))}>{t`Edit`}</button>
            {d.actions.remove && <button className="tk-btn tk-danger" onClick={() => setRemoving(r.id)}>{t`Remove`}</button>}
          </div>
        ),
      },
    ],
    [d],
  );

  return (
    <section>
      <div className="tk-row">
        <button className="tk-btn tk-primary" onClick={() => setEditing(blank())}>{t`New`}</button>
      </div>
      <DataTable
        url={d.actions.list}
        columns={columns}
        rowKey={(r) => String(r.id)}
        search={t`Search by name or id`}
        filters={filters}
        defaultSort={{ id: d.columns.includes("sortOrder") ? "sortOrder" : "id", desc: false }}
        exportName={d.name}
        version={version}
      />
      {editing && <ItemForm d={d} initial={editing} onDone={() => { setEditing(null); reload(); }} />}
      <ConfirmDialog
        open={removing !== null}
        text={t`Remove #${ph({ id: removing ?? "" })}?`}
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          try {
            await api(d.actions.remove!, { method: "POST", body: { id: removing } });
            toast.ok(t`Removed`);
            reload();
          } catch (e) {
            toast.error((e as ApiError).message);
          }
          setRemoving(null);
        }}
      />
    </section>
  );
}

/** The item's form, validated in the browser by the API's own schema (sent by the page as JSON Schema). */
function ItemForm({ d, initial, onDone }: { d: Description; initial: Record<string, unknown>; onDone: () => void }) {
  const schema = useMemo(() => z.fromJSONSchema(d.form as never), [d]);
  const kinds = Object.fromEntries(Object.entries(d.form.properties).map(([k, p]) => [k, kindOf(p)]));
  const toInput = (values: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(values).map(([k, v]) => {
        const text = v.trim();
        if (text === "") return [k, undefined];
        if (kinds[k] === "bool") return [k, text === "true"];
        if (kinds[k] === "number" && /^-?\d+(\.\d+)?$/.test(text)) return [k, Number(text)];
        return [k, text];
      }),
    );
  const form = useForm(schema, Object.fromEntries(Object.entries(initial).map(([k, v]) => [k, v == null ? "" : String(v)])), { toInput });
  const save = form.submit(async (item) => {
    const isNew = initial.id === "" || initial.id == null;
    await api((isNew ? (d.actions.add ?? d.actions.set) : (d.actions.update ?? d.actions.set))!, { method: "POST", body: item });
    toast.ok(t`Saved`);
    onDone();
  });
  return (
    <Form form={form} onSubmit={save} submitLabel={t`Save`} actions={<button type="button" className="tk-btn" onClick={onDone}>{t`Cancel`}</button>}>
      {Object.entries(d.form.properties).map(([k, p]) => {
        const kind = kinds[k];
        const options = p.enum ?? p.anyOf?.find((a) => a.enum)?.enum ?? [];
        return kind === "bool" ? (
          <FormField key={k} form={form} name={k} label={label(k)} type="checkbox" />
        ) : kind === "enum" ? (
          <FormField key={k} form={form} name={k} label={label(k)} type="select" options={[["", ""], ...options.map((o): [string, string] => [o, o])]} />
        ) : (
          <FormField key={k} form={form} name={k} label={label(k)} type={kind === "number" ? "number" : "text"} />
        );
      })}
    </Form>
  );
}
