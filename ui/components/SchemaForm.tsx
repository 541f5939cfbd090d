// The back office's one schema-driven form: typed fields drawn from the JSON Schema of an API zod
// schema (ui/lib/schema-form.ts decides the input of each property) — text, number and money
// inputs, selects for enums and for things the screen knows (tanks, items), checkboxes, groups for
// nested objects, rows that can be added and removed for lists — validated in the browser by the
// same schema with the server's messages (ui/lib/form.ts). Values are flat strings keyed by path
// ("items.1.count"), so the server's field errors land under their own input; an error no input
// shows is said with the field's name ("Items · row 2 · Count"), never as a raw path.
import { useEffect, useMemo, type ReactNode } from "react";
import { z } from "zod";
import { ph, t } from "@lingui/core/macro";
import { FormField, Form } from "./Form.tsx";
import { useForm, type Form as FormState } from "../lib/form.ts";
import { ApiError } from "../lib/api.ts";
import { fmtInt } from "../lib/i18n.ts";
import "./SchemaForm.css";
import {
  enumOf,
  flatten,
  kindOf,
  nullable,
  pathLabel,
  propsOf,
  removeRow,
  rowsKey,
  unflatten,
  type Prop,
} from "../lib/schema-form.ts";

export type { Prop } from "../lib/schema-form.ts";

/** How a screen names things: a field's label, an enum value's words, a select's known choices. */
export interface Naming {
  /** The label of a field (`field` is the property name, `path` the full flat path). */
  label: (field: string, path: string) => string;
  /** An enum value as people say it. */
  valueLabel?: (value: string, field: string) => string;
  /** Choices for a field the schema types as a number or text (a kit item's id: the known items of its kind). */
  choices?: (path: string, field: string, values: Record<string, string>) => [string, string][] | undefined;
  /** In-game amounts shown grouped under the digits typed (20 000). */
  amounts?: string[];
  /** A hint under a field. */
  hint?: (field: string, path: string) => string | undefined;
}

/** Inputs for the properties of a schema (all, or `only` those). */
export function SchemaFields({
  form,
  props,
  naming,
  only,
  prefix = "",
}: {
  form: FormState;
  props: Record<string, Prop>;
  naming: Naming;
  only?: string[];
  prefix?: string;
}) {
  return (
    <>
      {Object.entries(props)
        .filter(([k]) => !only || only.includes(k))
        .map(([k, p]) => (
          <Field key={k} form={form} name={`${prefix}${k}`} field={k} p={p} naming={naming} />
        ))}
    </>
  );
}

function Field({
  form,
  name,
  field,
  p,
  naming,
}: {
  form: FormState;
  name: string;
  field: string;
  p: Prop;
  naming: Naming;
}) {
  const kind = kindOf(p);
  const label = naming.label(field, name);
  const hint = naming.hint?.(field, name);
  const choices = naming.choices?.(name, field, form.values);
  if (choices) {
    const value = form.values[name] ?? "";
    const known = choices.some(([v]) => v === value);
    const options: [string, string][] = [
      ["", t`— choose —`],
      ...(value && !known ? [[value, t`#${ph({ id: value })} (not in the list)`] as [string, string]] : []),
      ...choices,
    ];
    return <FormField form={form} name={name} label={label} hint={hint} type="select" options={options} />;
  }
  if (kind === "bool") return <FormField form={form} name={name} label={label} hint={hint} type="checkbox" />;
  if (kind === "enum") {
    const options = enumOf(p)!.map((o): [string, string] => [o, naming.valueLabel?.(o, field) ?? o]);
    const blank: [string, string][] = nullable(p)
      ? [["", t`— none —`]]
      : form.values[name]
        ? []
        : [["", t`— choose —`]];
    return (
      <FormField form={form} name={name} label={label} hint={hint} type="select" options={[...blank, ...options]} />
    );
  }
  if (kind === "number") {
    const amount = Number(form.values[name]);
    const grouped =
      naming.amounts?.includes(field) && form.values[name] && Number.isFinite(amount) && Math.abs(amount) >= 1000
        ? fmtInt(amount)
        : undefined;
    return (
      <FormField
        form={form}
        name={name}
        label={label}
        type="number"
        hint={[grouped, hint].filter(Boolean).join(" · ") || undefined}
      />
    );
  }
  if (kind === "object")
    return (
      <fieldset className="tk-fieldset">
        <legend>{label}</legend>
        <div className="tk-columns">
          <SchemaFields form={form} props={p.properties!} naming={naming} prefix={`${name}.`} />
        </div>
      </fieldset>
    );
  if (kind === "array" || kind === "list") return <Rows form={form} name={name} label={label} p={p} naming={naming} />;
  if (kind === "json")
    return (
      <FormField
        form={form}
        name={name}
        label={t`${ph({ label })} (free-form JSON)`}
        type="textarea"
        rows={6}
        hint={hint ?? t`No shape is known for this value: it is saved as the JSON typed.`}
      />
    );
  return <FormField form={form} name={name} label={label} hint={hint} />;
}

/** A list: each row's fields (or its one value), a remove button, and "Add a row". */
function Rows({
  form,
  name,
  label,
  p,
  naming,
}: {
  form: FormState;
  name: string;
  label: string;
  p: Prop;
  naming: Naming;
}) {
  const structured = kindOf(p) === "array";
  const count = Number(form.values[rowsKey(name)] ?? 0);
  useEffect(() => {
    if (form.values[rowsKey(name)] === undefined) form.set(rowsKey(name), "0");
  }, [name]);
  const add = () =>
    form.update((v) => ({
      ...v,
      ...(structured ? flatten(p.items!.properties!, {}, `${name}.${count}.`) : { [`${name}.${count}`]: "" }),
      [rowsKey(name)]: String(count + 1),
    }));
  const error = form.errors[name];
  return (
    <fieldset className="tk-fieldset tk-schema-rows" aria-describedby={error ? form.errorId(name) : undefined}>
      <legend>{label}</legend>
      {count === 0 && <p className="tk-hint">{t`No rows yet.`}</p>}
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="tk-schema-row" role="group" aria-label={t`${ph({ label })}, row ${ph({ n: i + 1 })}`}>
          {structured ? (
            <SchemaFields form={form} props={p.items!.properties!} naming={naming} prefix={`${name}.${i}.`} />
          ) : (
            <FormField form={form} name={`${name}.${i}`} label={t`Row ${ph({ n: i + 1 })}`} />
          )}
          <button
            type="button"
            className="tk-btn tk-danger"
            onClick={() => form.update((v) => removeRow(v, name, i))}
            aria-label={t`Remove row ${ph({ n: i + 1 })}`}
          >
            {t`Remove`}
          </button>
        </div>
      ))}
      {error && (
        <small id={form.errorId(name)} className="tk-field-error">
          {error}
        </small>
      )}
      <div>
        <button type="button" className="tk-btn" onClick={add}>
          {t`Add a row`}
        </button>
      </div>
    </fieldset>
  );
}

/** Errors of fields no input shows (a rule on a whole group), each named by its field's words. */
export function StrayErrors({ form, naming }: { form: FormState; naming: Naming }) {
  const shown = new Set(Object.keys(form.values).flatMap((k) => (k.endsWith(".#") ? [k, k.slice(0, -2)] : [k])));
  const stray = Object.entries(form.errors).filter(([k]) => k !== "_" && !shown.has(k));
  if (!stray.length) return null;
  return (
    <ul className="tk-error" role="alert">
      {stray.map(([k, m]) => (
        <li key={k}>
          {pathLabel(
            k,
            (f) => naming.label(f, k),
            (n) => t`row ${ph({ n })}`,
          )}
          : {m}
        </li>
      ))}
    </ul>
  );
}

/** The server's field errors of a document saved under `prefix` ("settings.caps.perDay" → "caps.perDay"). */
export function underPrefix(e: unknown, prefix: string): unknown {
  if (!(e instanceof ApiError) || !prefix) return e;
  const fields = Object.fromEntries(
    Object.entries(e.fields).map(([k, v]) => [
      k === prefix ? "_" : k.startsWith(`${prefix}.`) ? k.slice(prefix.length + 1) : k,
      v,
    ]),
  );
  const whole = fields._;
  delete fields._;
  return new ApiError(e.status, e.code, whole ?? e.message, fields);
}

/**
 * A whole document as a typed form: `schema` is the JSON Schema of the API's zod schema for it,
 * `save(value)` sends it (its server errors under `errorPrefix` land under their fields). Keys of
 * the value the schema does not name (an open document) are kept as they are.
 */
export function SchemaForm({
  schema,
  value,
  naming,
  submitLabel,
  save,
  errorPrefix = "",
  children,
  className,
}: {
  schema: Prop;
  value: unknown;
  naming: Naming;
  submitLabel: string;
  save: (value: Record<string, unknown>) => Promise<unknown>;
  errorPrefix?: string;
  children?: ReactNode;
  className?: string;
}) {
  const props = propsOf(schema);
  const zod = useMemo(() => z.fromJSONSchema(schema as never), [schema]);
  const initial = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
  const form = useForm(zod, flatten(props, initial), { toInput: (values) => unflatten(props, values) });
  const onSubmit = form.submit(async (input) => {
    const kept = Object.fromEntries(Object.entries(initial).filter(([k]) => !(k in props)));
    try {
      await save({ ...kept, ...input });
    } catch (e) {
      throw underPrefix(e, errorPrefix);
    }
  });
  return (
    <Form form={form} onSubmit={onSubmit} submitLabel={submitLabel} className={className ?? "tk-form tk-schema-form"}>
      <div className="tk-columns">
        <SchemaFields form={form} props={props} naming={naming} />
      </div>
      {children}
      <StrayErrors form={form} naming={naming} />
    </Form>
  );
}
