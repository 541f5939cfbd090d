// The generic resource screen (ARCHITECTURE §4): the page's data describes the resource — its
// list columns, filters, form (JSON Schema of its zod schema) and actions — and this one screen
// gives every such area its server-paged, sorted, filtered table, its form and remove.
import { useMemo, useState } from "react";
import { useLocation } from "wouter";
import { api, useApi, type ApiError } from "../../lib/api.ts";
import { catalog, fmtInt } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { toast } from "../../components/Toasts.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { DataTable, type Column, type Filter } from "../../components/DataTable.tsx";
import { contentMessages } from "./messages.ts";

const t = catalog(contentMessages);
type Row = Record<string, unknown> & { id: number };
interface Prop { type?: string; enum?: string[]; anyOf?: { type?: string; enum?: string[] }[]; default?: unknown }
interface Description {
  name: string;
  columns: string[];
  filters: string[];
  form: { properties: Record<string, Prop>; required?: string[] };
  actions: { list: string; set: string; remove: string };
}

const label = (k: string) => (`f.${k}` in contentMessages.en ? t(`f.${k}` as "f.id") : k);
const kindOf = (p: Prop): "bool" | "enum" | "number" | "text" => {
  if (p.anyOf?.some((a) => a.type === "boolean") || p.type === "boolean") return "bool";
  const e = p.enum ?? p.anyOf?.find((a) => a.enum)?.enum;
  if (e && p.type === "string") return "enum";
  if (p.type === "integer" || p.type === "number") return "number";
  return "text";
};
const show = (v: unknown) => (typeof v === "boolean" ? (v ? t("res.yes") : t("res.no")) : typeof v === "number" ? fmtInt(v) : v == null ? "" : String(v));

export default function ResourcePage() {
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
      return { id: k, label: label(k), options: options.map((o): [string, string] => [o, o === "true" ? t("res.yes") : o === "false" ? t("res.no") : o]) };
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
            <button className="tk-btn" onClick={() => setEditing(Object.fromEntries(Object.keys(props).map((k) => [k, r[k] ?? ""])))}>{t("res.edit")}</button>
            <button className="tk-btn tk-danger" onClick={() => setRemoving(r.id)}>{t("res.remove")}</button>
          </div>
        ),
      },
    ],
    [d],
  );

  return (
    <section>
      <div className="tk-row">
        <button className="tk-btn tk-primary" onClick={() => setEditing(blank())}>{t("res.new")}</button>
      </div>
      <DataTable
        url={d.actions.list}
        columns={columns}
        rowKey={(r) => String(r.id)}
        search={t("res.search")}
        filters={filters}
        defaultSort={{ id: d.columns.includes("sortOrder") ? "sortOrder" : "id", desc: false }}
        exportName={d.name}
        version={version}
      />
      {editing && <Form d={d} initial={editing} onDone={() => { setEditing(null); reload(); }} />}
      <ConfirmDialog
        open={removing !== null}
        text={t("res.confirmRemove", { id: removing })}
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          try {
            await api(d.actions.remove, { method: "POST", body: { id: removing } });
            toast.ok(t("res.removed"));
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

function Form({ d, initial, onDone }: { d: Description; initial: Record<string, unknown>; onDone: () => void }) {
  const [v, setV] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = async () => {
    try {
      await api(d.actions.set, { method: "POST", body: v });
      toast.ok(t("res.saved"));
      onDone();
    } catch (e) {
      const err = e as ApiError;
      setErrors(Object.fromEntries(Object.entries(err.fields ?? {}).map(([k, m]) => [k, String(m)])));
      toast.error(err.message);
    }
  };
  return (
    <form className="tk-form" onSubmit={(e) => { e.preventDefault(); void save(); }}>
      {Object.entries(d.form.properties).map(([k, p]) => {
        const kind = kindOf(p);
        const options = p.enum ?? p.anyOf?.find((a) => a.enum)?.enum ?? [];
        return (
          <label key={k}>
            {label(k)}{" "}
            {kind === "bool" ? (
              <input type="checkbox" name={k} checked={v[k] === true} onChange={(e) => setV({ ...v, [k]: e.target.checked })} />
            ) : kind === "enum" ? (
              <select name={k} value={String(v[k] ?? "")} onChange={(e) => setV({ ...v, [k]: e.target.value === "" ? null : e.target.value })}>
                <option value="" />
                {options.map((o) => <option key={o} value={o}>{o}</option>)}
              </select>
            ) : (
              <input name={k} type={kind === "number" ? "number" : "text"} value={String(v[k] ?? "")} onChange={(e) => setV({ ...v, [k]: e.target.value })} />
            )}
            {errors[k] && <span className="tk-error">{errors[k]}</span>}
          </label>
        );
      })}
      <div className="tk-row">
        <button type="submit" className="tk-btn tk-primary">{t("res.save")}</button>
        <button type="button" className="tk-btn" onClick={onDone}>{t("res.cancel")}</button>
      </div>
    </form>
  );
}
