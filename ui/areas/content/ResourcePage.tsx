// The generic resource screen (ARCHITECTURE §4): the page's data describes the resource — its
// list columns, filters, form (JSON Schema of its zod schema) and actions — and this one screen
// gives every such area its server-paged, sorted, filtered table, its typed form (selects, number
// and money inputs, nested rows), remove, JSON export, import with a preview, and cache invalidation.
// An area whose items have their own page (control/{id}) links there and creates through its
// creating section.
import { useMemo, useState } from "react";
import { useLocation } from "wouter";
import { api, at, useApi } from "../../lib/api.ts";
import { act } from "../../lib/action.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import {
  anyAreaImport,
  anyAreaInvalidate,
  anyAreaList,
  anyAreaPage,
  anyAreaRemove,
  anyAreaRemoveByPath,
  anyAreaSave,
} from "../../../api/contracts/admin/resources.ts";
import { ph, t } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { Load } from "../../components/States.tsx";
import { toast } from "../../components/Toasts.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { DataTable, type Column, type Filter } from "../../components/DataTable.tsx";
import { Form } from "../../components/Form.tsx";
import { useForm } from "../../lib/form.ts";
import { z } from "zod";
import {
  enumOf,
  flatten,
  kindOf,
  label,
  SchemaFields,
  setExtraLabels,
  show,
  unflatten,
  valueLabel,
} from "./schemaForm.tsx";
import { ImportPreview } from "./ImportPreview.tsx";
import { Heading } from "./Heading.tsx";
import { TITLES } from "./titles.ts";
import { changesText } from "../../shell/AdminLabels.ts";
import { actionsColumn } from "../../components/RowMenu.tsx";

type Row = OutputOf<typeof anyAreaList>["rows"][number];
/** What the generic screen reads of an area (its page's answer). */
export type Description = OutputOf<typeof anyAreaPage>;
/** What an item's form needs of its area: the typed form, the money fields, the addresses. */
export type FormOf = Pick<Description, "form" | "money" | "actions">;

export type ImportResult = OutputOf<typeof anyAreaImport>;

export function ImportSummary({ r }: { r: ImportResult }) {
  return (
    <ul>
      <li>{t`New: ${ph({ n: r.added.length })}${ph({ ids: r.added.length ? ` (#${r.added.join(", #")})` : "" })}`}</li>
      <li>{t`Changed: ${ph({ n: r.changed.length })}`}</li>
      {r.changed.slice(0, 50).map((c) => (
        <li key={c.id} className="tk-hint">
          #{c.id}: {c.changes ? changesText(c.changes) : c.summary}
        </li>
      ))}
      <li>{t`Unchanged: ${ph({ n: r.unchanged })}`}</li>
    </ul>
  );
}

/** `labels`: another area's column and field names (its own catalogue), over the content ones. */
export default function ResourcePage({
  labels,
}: {
  labels?: Record<string, MessageDescriptor>;
  params?: Record<string, string | undefined>;
}) {
  setExtraLabels(labels);
  const [path] = useLocation();
  const desc = useApi(at(anyAreaPage, path), {});
  const title = TITLES[path];
  return (
    <>
      {title && <Heading title={t(title)} />}
      <Load state={desc}>{(d) => <Resource d={d} />}</Load>
    </>
  );
}

function Resource({ d }: { d: Description }) {
  const [, navigate] = useLocation();
  const [editing, setEditing] = useState<Record<string, unknown> | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);
  const props = d.form.properties;
  const creating = d.actions.sections && Object.values(d.actions.sections)[0];
  const filters: Filter[] = d.filters
    .filter((k) => props[k])
    .map((k) => {
      const p = props[k];
      const options = kindOf(p) === "bool" ? ["true", "false"] : (enumOf(p) ?? []);
      return {
        id: k,
        label: label(k),
        options: options.map((o): [string, string] => [
          o,
          o === "true" ? t`yes` : o === "false" ? t`no` : valueLabel(o, k),
        ]),
      };
    })
    .filter((f) => f.options.length);
  const columns = useMemo<Column<Row>[]>(
    () => [
      ...d.columns.map((c) => ({
        id: c,
        label: label(c),
        value: (r: Row) => r[c],
        cell: (r: Row) =>
          props[c] && enumOf(props[c]) && typeof r[c] === "string" ? valueLabel(r[c] as string, c) : show(r[c]),
      })),
      actionsColumn<Row>(
        (r) => [
          d.actions.control
            ? { label: t`Open`, href: `${d.actions.control}/${r.id}` }
            : { label: t`Edit`, onClick: () => setEditing(r) },
          d.actions.remove && { label: t`Remove`, danger: true, onClick: () => setRemoving(r.id) },
        ],
        { label: "" },
      ),
    ],
    [d],
  );

  return (
    <section>
      <div className="tk-row">
        {(d.actions.set || d.actions.add || creating) && (
          <button type="button" className="tk-btn tk-primary" onClick={() => setEditing({})}>{t`New`}</button>
        )}
        {d.actions.export && (
          <a className="tk-btn" href={d.actions.export} download>
            {t`Export JSON`}
          </a>
        )}
        {d.actions.invalidateCache && (
          <button
            type="button"
            className="tk-btn"
            onClick={() =>
              act(
                () => api(at(anyAreaInvalidate, d.actions.invalidateCache!)),
                t`Cache invalidated: the game reads the new data now`,
              )
            }
          >
            {t`Invalidate cache`}
          </button>
        )}
      </div>
      {d.actions.import && (
        <ImportPreview
          send={(body) => api(at(anyAreaImport, d.actions.import!), body)}
          label={t`Import JSON`}
          summary={(r) => <ImportSummary r={r} />}
          onApplied={reload}
        />
      )}
      {editing && (
        <ItemForm
          d={d}
          initial={editing}
          only={editing.id === undefined && creating ? creating.fields : undefined}
          onDone={(created) => {
            setEditing(null);
            reload();
            if (created !== undefined && d.actions.control) navigate(`${d.actions.control}/${created}`);
          }}
        />
      )}
      <DataTable
        list={at(anyAreaList, d.actions.list)}
        columns={columns}
        rowKey={(r) => String(r.id)}
        search={t`Search by name or id`}
        filters={filters}
        defaultSort={{ id: d.columns.includes("sortOrder") ? "sortOrder" : "id", desc: false }}
        exportName={d.name}
        version={version}
      />
      <ConfirmDialog
        open={removing !== null}
        text={t`Remove #${ph({ id: removing ?? "" })}?`}
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          await act(
            () =>
              d.actions.removeByPath
                ? api(at(anyAreaRemoveByPath, `${d.actions.remove}/:id`), { id: removing! })
                : api(at(anyAreaRemove, d.actions.remove!), { id: removing! }),
            t`Removed`,
            reload,
          );
          setRemoving(null);
        }}
      />
    </section>
  );
}

/**
 * The item's form, validated in the browser by the API's own schema (sent by the page as JSON
 * Schema). `only`: the fields of the creating section (an area with item pages).
 */
export function ItemForm({
  d,
  initial,
  only,
  url,
  heading,
  onDone,
}: {
  d: FormOf;
  initial: Record<string, unknown>;
  only?: string[];
  url?: string;
  heading?: string;
  onDone: (created?: number) => void;
}) {
  const isNew = initial.id === undefined || initial.id === "" || initial.id === null;
  // An edit keeps its item's id (the heading says it): retyping it would save over another item.
  const props = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(d.form.properties).filter(([k]) => (only ? only.includes(k) : isNew || k !== "id")),
      ),
    [d, only, isNew],
  );
  const schema = useMemo(
    () =>
      z.fromJSONSchema({
        ...d.form,
        properties: props,
        required: (d.form.required ?? []).filter((k) => k in props),
      } as never),
    [d, props],
  );
  const form = useForm(schema, flatten(props, initial), { toInput: (values) => unflatten(props, values) });
  const save = form.submit(async (item) => {
    // A set/save route hears what the form means: New never replaces a live item (a taken id
    // comes back under the id field), an edit never creates one.
    const intent = `?intent=${isNew ? "create" : "edit"}`;
    const target =
      url ??
      (only
        ? Object.values(d.actions.sections!)[0].url
        : isNew
          ? (d.actions.add ?? `${d.actions.set}${intent}`)
          : (d.actions.update ?? `${d.actions.set}${intent}`));
    const r = await api(at(anyAreaSave, target!), isNew ? item : { ...item, id: initial.id });
    toast.ok(t`Saved`);
    onDone(isNew ? r.item.id : undefined);
  });
  return (
    <section className="tk-panel">
      <h2>{heading ?? (isNew ? t`New item` : t`Item #${ph({ id: String(initial.id) })}`)}</h2>
      <Form
        form={form}
        onSubmit={save}
        submitLabel={t`Save`}
        actions={
          url ? undefined : <button type="button" className="tk-btn" onClick={() => onDone()}>{t`Cancel`}</button>
        }
      >
        <div className="tk-columns">
          <SchemaFields form={form} props={props} money={d.money} />
        </div>
      </Form>
    </section>
  );
}
