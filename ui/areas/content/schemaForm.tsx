// Typed form fields drawn from the JSON Schema of an API schema (what a resource's page sends):
// text, number and money inputs, selects for enums, checkboxes, and — for the structures an item
// holds (a crew's gains table, its price groups) — nested fields and rows that can be added and
// removed. Values are flat form strings keyed by path ("groups.1.priceGold"), so the server's
// field errors ("groups.1.priceGold") land under their own input; toInput builds the nested item.
import { useEffect } from "react";
import { ph, t } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { FormField } from "../../components/Form.tsx";
import type { Form as FormState } from "../../lib/form.ts";
import { fmtInt } from "../../lib/i18n.ts";
import { anyValueText, fieldText, shownValue } from "../../shell/AdminLabels.ts";

export interface Prop {
  type?: string;
  enum?: string[];
  anyOf?: Prop[];
  default?: unknown;
  properties?: Record<string, Prop>;
  items?: Prop;
  required?: string[];
}
export type Kind = "bool" | "enum" | "number" | "text" | "object" | "array";

export const enumOf = (p: Prop) => p.enum ?? p.anyOf?.find((a) => a.enum)?.enum;
export const nullable = (p: Prop) => !!p.anyOf?.some((a) => a.type === "null");
export function kindOf(p: Prop): Kind {
  if (p.type === "boolean" || p.anyOf?.some((a) => a.type === "boolean")) return "bool";
  if (enumOf(p)) return "enum";
  if (p.type === "integer" || p.type === "number") return "number";
  if (p.type === "object" && p.properties) return "object";
  if (p.type === "array" && p.items?.properties) return "array";
  return "text";
}

let extraLabels: Record<string, MessageDescriptor> = {};
/** Another area's field names over these (set by the screen shown). */
export const setExtraLabels = (l: Record<string, MessageDescriptor> | undefined) => void (extraLabels = l ?? {});
/** A field's name: the screen's own words, else the shared ones (ui/shell/AdminLabels.ts). */
export const label = (k: string) => (extraLabels[k] ? t(extraLabels[k]) : fieldText(k));
/** A stored value in words (nations, classes, kinds… from the shared tables). */
export const valueLabel = (v: string) => anyValueText(v);
/** A cell's value: text as it is (an enum column translates with valueLabel), numbers, yes/no, structures in words. */
export const show = (v: unknown) => (typeof v === "string" ? v : shownValue(v));

const ROWS = "#";

/** The item's values as flat form strings (arrays keep their row count under "key.#"). */
export function flatten(props: Record<string, Prop>, item: Record<string, unknown>, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, p] of Object.entries(props)) {
    const v = item[k] ?? p.default;
    const name = `${prefix}${k}`;
    const kind = kindOf(p);
    if (kind === "object") Object.assign(out, flatten(p.properties!, (v ?? {}) as Record<string, unknown>, `${name}.`));
    else if (kind === "array") {
      const rows = Array.isArray(v) ? (v as Record<string, unknown>[]) : [];
      out[`${name}.${ROWS}`] = String(rows.length);
      rows.forEach((r, i) => Object.assign(out, flatten(p.items!.properties!, r, `${name}.${i}.`)));
    } else out[name] = v == null ? (kind === "bool" ? "false" : "") : String(v);
  }
  return out;
}

/** Flat form strings back to the item the API takes (numbers and booleans typed, blanks left out). */
export function unflatten(props: Record<string, Prop>, values: Record<string, string>, prefix = ""): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, p] of Object.entries(props)) {
    const name = `${prefix}${k}`;
    const kind = kindOf(p);
    if (kind === "object") out[k] = unflatten(p.properties!, values, `${name}.`);
    else if (kind === "array") {
      const n = Number(values[`${name}.${ROWS}`] ?? 0);
      if (values[`${name}.${ROWS}`] === undefined) continue;
      out[k] = Array.from({ length: n }, (_, i) => unflatten(p.items!.properties!, values, `${name}.${i}.`));
    } else {
      const raw = values[name];
      if (raw === undefined) continue;
      const text = raw.trim();
      if (text === "") out[k] = nullable(p) ? null : undefined;
      else if (kind === "bool") out[k] = text === "true";
      else if (kind === "number" && /^-?\d+(\.\d+)?$/.test(text)) out[k] = Number(text);
      else out[k] = text;
    }
  }
  return out;
}

/** Inputs for the given fields of a schema (all when `only` is not given). */
export function SchemaFields({ form, props, only, money = [], prefix = "" }: { form: FormState; props: Record<string, Prop>; only?: string[]; money?: string[]; prefix?: string }) {
  return (
    <>
      {Object.entries(props)
        .filter(([k]) => !only || only.includes(k))
        .map(([k, p]) => (
          <Field key={k} form={form} name={`${prefix}${k}`} field={k} p={p} money={money} />
        ))}
    </>
  );
}

function Field({ form, name, field, p, money }: { form: FormState; name: string; field: string; p: Prop; money: string[] }) {
  const kind = kindOf(p);
  if (kind === "bool") return <FormField form={form} name={name} label={label(field)} type="checkbox" />;
  if (kind === "enum") {
    const options = enumOf(p)!.map((o): [string, string] => [o, valueLabel(o)]);
    return <FormField form={form} name={name} label={label(field)} type="select" options={[["", nullable(p) ? t`— none —` : ""], ...options]} />;
  }
  // A money field shows the amount as it reads (20 000) under the digits typed.
  const amount = Number(form.values[name]);
  if (kind === "number") return <FormField form={form} name={name} label={label(field)} type="number" hint={money.includes(field) && form.values[name] && Number.isFinite(amount) && amount >= 1000 ? fmtInt(amount) : undefined} />;
  if (kind === "object")
    return (
      <fieldset className="tk-fieldset">
        <legend>{label(field)}</legend>
        <div className="tk-columns">
          <SchemaFields form={form} props={p.properties!} money={money} prefix={`${name}.`} />
        </div>
      </fieldset>
    );
  if (kind === "array") return <Rows form={form} name={name} field={field} p={p} money={money} />;
  return <FormField form={form} name={name} label={label(field)} />;
}

/** A list of rows of one structure: each row's fields, a remove button, and "Add a row". */
function Rows({ form, name, field, p, money }: { form: FormState; name: string; field: string; p: Prop; money: string[] }) {
  const sub = p.items!.properties!;
  const count = Number(form.values[`${name}.${ROWS}`] ?? 0);
  useEffect(() => {
    if (form.values[`${name}.${ROWS}`] === undefined) form.set(`${name}.${ROWS}`, "0");
  }, [name]);
  const add = () => {
    const blank = flatten(sub, {}, `${name}.${count}.`);
    for (const [k, v] of Object.entries(blank)) form.set(k, v);
    form.set(`${name}.${ROWS}`, String(count + 1));
  };
  const remove = (i: number) => {
    for (let j = i; j < count - 1; j++) for (const k of Object.keys(sub)) form.set(`${name}.${j}.${k}`, form.values[`${name}.${j + 1}.${k}`] ?? "");
    form.set(`${name}.${ROWS}`, String(count - 1));
  };
  return (
    <fieldset className="tk-fieldset">
      <legend>{label(field)}</legend>
      {count === 0 && <p className="tk-hint">{t`No rows yet.`}</p>}
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="tk-subrow" style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(110px, 1fr))", alignItems: "end", gap: 8, paddingBottom: 8, borderBottom: "1px solid #2a3540", marginBottom: 8 }}>
          <SchemaFields form={form} props={sub} money={money} prefix={`${name}.${i}.`} />
          <button type="button" className="tk-btn tk-danger" onClick={() => remove(i)} aria-label={t`Remove row ${ph({ n: i + 1 })}`}>
            {t`Remove`}
          </button>
        </div>
      ))}
      <button type="button" className="tk-btn" onClick={add}>
        {t`Add a row`}
      </button>
    </fieldset>
  );
}
