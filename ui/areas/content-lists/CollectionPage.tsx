// A content area edited as a whole list (consumables, equipment, kits; api/admin/resources/
// collection.ts): a draft of the list as a table whose rows open a typed form (drawn from the
// item's schema, which the page sends as JSON Schema: names, kinds as selects, numbers, a kit's
// items as rows of kind + the known item of that kind + count), items added and removed, then the
// server's check of the whole draft (what is added, changed with what, removed, or the fields it
// refuses, each named in words) and one all-or-nothing apply after a confirmation.
import { useMemo, useState } from "react";
import { useLocation } from "wouter";
import { msg, ph, t } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { z } from "zod";
import { api, at, useApi, type ApiError } from "../../lib/api.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import { anyCollectionPage, anyCollectionSave } from "../../../api/contracts/admin/collections.ts";
import { act } from "../../lib/action.ts";
import { RowMenu } from "../../components/RowMenu.tsx";
import { locale } from "../../lib/i18n.ts";
import { useForm } from "../../lib/form.ts";
import { flatten, pathLabel, propsOf, unflatten, type Prop } from "../../lib/schema-form.ts";
import { Load } from "../../components/States.tsx";
import { Form } from "../../components/Form.tsx";
import { SchemaFields, StrayErrors, type Naming } from "../../components/SchemaForm.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { toast } from "../../components/Toasts.tsx";
import { anyValueText, shownValue } from "../../shell/AdminLabels.ts";
import { fieldText } from "../../shell/AdminFields.ts";

type Item = Record<string, unknown> & { id: number };
type Catalogue = NonNullable<Collection["catalogue"]>;
type Collection = OutputOf<typeof anyCollectionPage>;
type Changes = OutputOf<typeof anyCollectionSave>;

// Names the shared words (ui/shell/AdminLabels.ts) do not have, or say otherwise here.
const FIELDS: Record<string, MessageDescriptor> = {
  descriptionRu: msg`Description (ru)`,
  descriptionEn: msg`Description (en)`,
  items: msg`What the kit holds`,
};
const fieldLabel = (field: string, path = field) =>
  /^items\.\d+\.id$/.test(path) ? t`Item` : FIELDS[field] ? t(FIELDS[field]) : fieldText(field);
const valueText = (v: string) => anyValueText(v);
const show = (v: unknown) => (typeof v === "string" ? v : shownValue(v));
const nameOf = (it: Record<string, unknown>) =>
  String((locale === "ru" ? it.nameRu : it.nameEn) || it.nameRu || it.nameEn || "");

export default function CollectionPage() {
  const [path] = useLocation();
  const state = useApi(at(anyCollectionPage, path), {});
  return (
    <Load state={state}>
      {(d) => <CollectionEditor key={JSON.stringify(d.items)} path={path} data={d} reload={state.reload} />}
    </Load>
  );
}

/** The words of one change: "Price, gold: 10 → 17". */
function describeChange(before: Item, after: Item, catalogue?: Catalogue): string[] {
  const text = (k: string, v: unknown): string => {
    if (k === "items" && Array.isArray(v)) return kitItems(v, catalogue);
    return typeof v === "string" ? valueText(v) : String(show(v));
  };
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => `${fieldLabel(k)}: ${text(k, before[k])} → ${text(k, after[k])}`);
}

function kitItems(items: unknown[], catalogue?: Catalogue): string {
  return items
    .map((raw) => {
      const i = raw as { kind: string; id: number; count: number };
      const known = catalogue?.[i.kind]?.find(([id]) => id === i.id);
      const name = known ? (locale === "ru" ? known[1] : known[2]) : `${valueText(i.kind)} #${i.id}`;
      return `${name} ×${i.count}`;
    })
    .join(", ");
}

function CollectionEditor({ path, data, reload }: { path: string; data: Collection; reload: () => void }) {
  const [draft, setDraft] = useState<Item[]>(data.items);
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const [preview, setPreview] = useState<Changes | null>(null);
  const [refused, setRefused] = useState<[string, string][]>([]);
  const [confirming, setConfirming] = useState(false);
  const props = useMemo(
    () => Object.fromEntries(Object.entries(propsOf(data.form)).filter(([k]) => !data.fixed?.includes(k))),
    [data],
  );
  const save = (previewOnly: boolean) =>
    api(at(anyCollectionSave, `${path}save`), { items: draft, preview: previewOnly });
  const changeDraft = (next: Item[]) => {
    setDraft(next);
    setPreview(null);
    setRefused([]);
  };
  const before = new Map(data.items.map((i) => [i.id, i]));

  const check = async () => {
    setPreview(null);
    setRefused([]);
    try {
      setPreview(await save(true));
    } catch (e) {
      const err = e as ApiError;
      if (Object.keys(err.fields).length) setRefused(Object.entries(err.fields));
      else toast.error(err.message);
    }
  };
  const apply = async () => {
    setConfirming(false);
    await act(() => save(false), t`Saved`, reload);
  };
  const nothing = preview && !preview.added.length && !preview.changed.length && !preview.removed.length;
  // "items.3.priceGold" → "#4 Large Repair Kit · Price, gold"
  const refusal = (field: string) => {
    const m = /^items\.(\d+)(?:\.(.*))?$/.exec(field);
    if (!m)
      return pathLabel(
        field,
        (f) => fieldLabel(f),
        (n) => t`row ${ph({ n })}`,
      );
    const item = draft[Number(m[1])];
    const who = item ? `#${item.id} ${nameOf(item)}` : t`row ${ph({ n: Number(m[1]) + 1 })}`;
    return m[2]
      ? `${who} · ${pathLabel(
          m[2],
          (f) => fieldLabel(f, m[2]),
          (n) => t`row ${ph({ n })}`,
        )}`
      : who;
  };
  const cell = (it: Item, c: string) =>
    c === "items" && Array.isArray(it.items)
      ? kitItems(it.items, data.catalogue)
      : typeof it[c] === "string" && (c === "kind" || c === "season")
        ? valueText(String(it[c]))
        : show(it[c]);
  const columns = data.columns.filter((c) => !data.fixed?.includes(c));

  return (
    <section>
      <p className="tk-hint">{t`Edit the items, add or remove them, then check the changes: the whole list is saved at once.`}</p>
      <div className="tk-row">
        <button type="button" className="tk-btn tk-primary" onClick={() => setEditing("new")}>
          {t`Add an item`}
        </button>
      </div>
      {editing !== null && (
        <ItemEditor
          key={String(editing)}
          props={props}
          required={data.form.required ?? []}
          item={editing === "new" ? { id: Math.max(0, ...draft.map((i) => i.id)) + 1 } : draft[editing]}
          taken={new Set(draft.filter((_, i) => i !== editing).map((i) => i.id))}
          catalogue={data.catalogue}
          onCancel={() => setEditing(null)}
          onDone={(item) => {
            changeDraft(editing === "new" ? [...draft, item] : draft.map((x, i) => (i === editing ? item : x)));
            setEditing(null);
          }}
        />
      )}
      <div className="tk-table-scroll">
        <table aria-label={t`The list`}>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {fieldLabel(c)}
                </th>
              ))}
              <th scope="col" aria-label={t`Actions`} />
            </tr>
          </thead>
          <tbody>
            {draft.map((it, i) => (
              <tr key={`${it.id}-${i}`} aria-current={editing === i ? "true" : undefined}>
                {columns.map((c) => (
                  <td key={c}>{cell(it, c)}</td>
                ))}
                <td>
                  <RowMenu
                    actions={[
                      { label: t`Edit`, name: t`Edit #${ph({ id: it.id })}`, onClick: () => setEditing(i) },
                      {
                        label: t`Remove`,
                        name: t`Remove #${ph({ id: it.id })}`,
                        danger: true,
                        onClick: () => {
                          changeDraft(draft.filter((_, j) => j !== i));
                          setEditing(null);
                        },
                      },
                    ]}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section className="tk-panel" aria-labelledby="draft-title">
        <h2 id="draft-title">{t`Save the list`}</h2>
        <p className="tk-hint">{t`The whole list is saved at once: items left out are removed, new ids are added. Check the changes before applying them.`}</p>
        <div className="tk-row">
          <button type="button" className="tk-btn" onClick={check}>
            {t`Check the changes`}
          </button>
          <button
            type="button"
            className="tk-btn tk-primary"
            disabled={!preview || !!nothing}
            onClick={() => setConfirming(true)}
          >
            {t`Apply`}
          </button>
        </div>
        {refused.length > 0 && (
          <ul className="tk-error" role="alert" aria-label={t`Refused`}>
            {refused.map(([field, message]) => (
              <li key={field}>
                {refusal(field)}: {message}
              </li>
            ))}
          </ul>
        )}
        {preview && (
          <div role="status" aria-label={t`Changes`}>
            {nothing ? (
              <p>{t`The draft changes nothing.`}</p>
            ) : (
              <ul>
                {preview.added.map((a) => (
                  <li key={`a${a.id}`}>{t`Added: #${ph({ id: a.id })} ${ph({ name: nameOf(a) })}`}</li>
                ))}
                {preview.changed.map((c) => {
                  const after = draft.find((x) => x.id === c.id);
                  const was = before.get(c.id);
                  const words = was && after ? describeChange(was, after, data.catalogue).join("; ") : c.summary;
                  return <li key={`c${c.id}`}>{t`Changed #${ph({ id: c.id })}: ${ph({ summary: words })}`}</li>;
                })}
                {preview.removed.map((id) => (
                  <li key={`r${id}`}>{t`Removed: #${ph({ id })} ${ph({ name: nameOf(before.get(id) ?? {}) })}`}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </section>
      <ConfirmDialog
        open={confirming}
        text={t`Apply these changes to the live list?`}
        onConfirm={apply}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}

/** One item of the draft as a typed form, checked with the item's schema (and an id not taken twice). */
function ItemEditor({
  props,
  required,
  item,
  taken,
  catalogue,
  onCancel,
  onDone,
}: {
  props: Record<string, Prop>;
  required: string[];
  item: Record<string, unknown>;
  taken: Set<number>;
  catalogue?: Catalogue;
  onCancel: () => void;
  onDone: (item: Item) => void;
}) {
  const schema = useMemo(
    () =>
      (
        z.fromJSONSchema({
          type: "object",
          properties: props,
          required: required.filter((k) => k in props),
        } as never) as z.ZodType<Record<string, unknown>>
      ).refine((v) => !taken.has(Number(v.id)), { path: ["id"], params: { rule: "unique" } }),
    [props, required, taken],
  );
  const form = useForm(schema, flatten(props, item), { toInput: (values) => unflatten(props, values) });
  const naming: Naming = {
    label: fieldLabel,
    valueLabel: valueText,
    amounts: ["priceGold", "priceSilver"],
    // A kit's item: the known things of the kind chosen in its row.
    choices: (path, _field, values) => {
      const m = /^items\.(\d+)\.id$/.exec(path);
      if (!m || !catalogue) return undefined;
      const kind = values[`items.${m[1]}.kind`];
      return (catalogue[kind] ?? []).map(([id, ru, en]): [string, string] => [
        String(id),
        `${locale === "ru" ? ru : en} (#${id})`,
      ]);
    },
  };
  const isNew = !("nameRu" in item);
  return (
    <section className="tk-panel" aria-label={isNew ? t`New item` : t`Item #${ph({ id: String(item.id) })}`}>
      <h2>{isNew ? t`New item` : t`Item #${ph({ id: String(item.id) })}`}</h2>
      <Form
        form={form}
        className="tk-form tk-schema-form"
        submitLabel={t`Keep in the draft`}
        // Keys the form does not show (a collection's fixed ones) stay as they were.
        onSubmit={form.submit(async (input) =>
          onDone({ ...Object.fromEntries(Object.entries(item).filter(([k]) => !(k in props))), ...input } as Item),
        )}
        actions={
          <button type="button" className="tk-btn" onClick={onCancel}>
            {t`Cancel`}
          </button>
        }
      >
        <div className="tk-columns">
          <SchemaFields form={form} props={props} naming={naming} />
        </div>
        <StrayErrors form={form} naming={naming} />
      </Form>
    </section>
  );
}
