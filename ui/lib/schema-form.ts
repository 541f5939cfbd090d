// The schema-driven form's logic (no macros, so `bun test` imports it): which input a JSON Schema
// property becomes, and the item as flat form strings keyed by path ("items.1.count") and back.
// Flat paths are the ones the server's field errors use, so an error lands under its own input.
// The JSON Schema is what z.toJSONSchema makes of the API's own zod schema (the page sends it, or
// the screen makes it from a pure-zod shape it imports), so the form and the route never differ.

export { pathLabel } from "./path-label.ts";

export interface Prop {
  type?: string | string[];
  enum?: (string | number)[];
  const?: unknown;
  anyOf?: Prop[];
  default?: unknown;
  properties?: Record<string, Prop>;
  additionalProperties?: unknown;
  items?: Prop;
  required?: string[];
  minimum?: number;
  maximum?: number;
}

/**
 * bool: a checkbox · enum: a select · number: a number input · text: a text input ·
 * object: a group of fields · array: rows of a structure (add/remove) · list: rows of one value
 * (a list of map names) · json: a value of no known shape (a raw JSON box, said so).
 */
export type Kind = "bool" | "enum" | "number" | "text" | "object" | "array" | "list" | "json";

export const enumOf = (p: Prop): string[] | undefined => (p.enum ?? p.anyOf?.find((a) => a.enum)?.enum)?.map(String);
export const nullable = (p: Prop) =>
  !!p.anyOf?.some((a) => a.type === "null") || (Array.isArray(p.type) && p.type.includes("null"));
const typeOf = (p: Prop) =>
  (Array.isArray(p.type) ? p.type.find((x) => x !== "null") : p.type) ??
  p.anyOf?.find((a) => a.type && a.type !== "null")?.type;

export function kindOf(p: Prop): Kind {
  if (p.type === "boolean" || p.anyOf?.some((a) => a.type === "boolean")) return "bool";
  if (enumOf(p)) return "enum";
  const type = typeOf(p);
  if (type === "integer" || type === "number") return "number";
  if (type === "object" && p.properties) return "object";
  if (type === "array" && p.items?.properties) return "array";
  if (
    type === "array" &&
    p.items &&
    ["string", "integer", "number"].includes(String(typeOf(p.items))) &&
    !enumOf(p.items)
  )
    return "list";
  if (type === "string") return "text";
  return "json";
}

/** Where a list keeps its row count: "items.#". */
export const ROWS = "#";
export const rowsKey = (name: string) => `${name}.${ROWS}`;

/** The item's values as flat form strings (arrays keep their row count under "key.#"). */
export function flatten(
  props: Record<string, Prop>,
  item: Record<string, unknown>,
  prefix = "",
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, p] of Object.entries(props)) {
    const v = item?.[k] ?? p.default;
    const name = `${prefix}${k}`;
    const kind = kindOf(p);
    if (kind === "object") Object.assign(out, flatten(p.properties!, (v ?? {}) as Record<string, unknown>, `${name}.`));
    else if (kind === "array" || kind === "list") {
      const rows = Array.isArray(v) ? v : [];
      out[rowsKey(name)] = String(rows.length);
      rows.forEach((r, i) => {
        if (kind === "array")
          Object.assign(out, flatten(p.items!.properties!, r as Record<string, unknown>, `${name}.${i}.`));
        else out[`${name}.${i}`] = r == null ? "" : String(r);
      });
    } else if (kind === "json") out[name] = v === undefined ? "" : JSON.stringify(v, null, 2);
    else out[name] = v == null ? (kind === "bool" ? "false" : "") : String(v);
  }
  return out;
}

const NUMBER = /^-?\d+(\.\d+)?$/;
/** One typed text as the schema wants it: a number where it reads as one, else the text (so the schema names the fault). */
function scalar(p: Prop, kind: Kind, raw: string): unknown {
  const text = raw.trim();
  if (text === "") return nullable(p) ? null : undefined;
  if (kind === "bool") return text === "true";
  if (kind === "number" && NUMBER.test(text)) return Number(text);
  if (
    kind === "enum" &&
    (p.enum ?? p.anyOf?.find((a) => a.enum)?.enum)?.every((e) => typeof e === "number") &&
    NUMBER.test(text)
  )
    return Number(text);
  if (kind === "json") {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** Flat form strings back to the item the API takes (numbers and booleans typed, blanks left out). */
export function unflatten(
  props: Record<string, Prop>,
  values: Record<string, string>,
  prefix = "",
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, p] of Object.entries(props)) {
    const name = `${prefix}${k}`;
    const kind = kindOf(p);
    if (kind === "object") out[k] = unflatten(p.properties!, values, `${name}.`);
    else if (kind === "array" || kind === "list") {
      if (values[rowsKey(name)] === undefined) continue;
      const n = Number(values[rowsKey(name)]);
      out[k] = Array.from({ length: n }, (_, i) =>
        kind === "array"
          ? unflatten(p.items!.properties!, values, `${name}.${i}.`)
          : scalar(p.items!, kindOf(p.items!), values[`${name}.${i}`] ?? ""),
      );
    } else {
      const raw = values[name];
      if (raw === undefined) continue;
      const v = scalar(p, kind, raw);
      if (v !== undefined) out[k] = v;
    }
  }
  return out;
}

/** The flat values of a list after its row `i` is removed (later rows move up). */
export function removeRow(values: Record<string, string>, name: string, i: number): Record<string, string> {
  const n = Number(values[rowsKey(name)] ?? 0);
  const out: Record<string, string> = {};
  const head = `${name}.`;
  for (const [k, v] of Object.entries(values)) {
    if (!k.startsWith(head) || k === rowsKey(name)) {
      out[k] = v;
      continue;
    }
    const rest = k.slice(head.length);
    const dot = rest.indexOf(".");
    const row = Number(dot < 0 ? rest : rest.slice(0, dot));
    if (!Number.isInteger(row)) out[k] = v;
    else if (row < i) out[k] = v;
    else if (row > i) out[`${head}${row - 1}${dot < 0 ? "" : rest.slice(dot)}`] = v;
  }
  out[rowsKey(name)] = String(Math.max(0, n - 1));
  return out;
}

/** The properties of a JSON Schema object (none for anything else). */
export const propsOf = (schema: Prop | undefined): Record<string, Prop> =>
  (schema && typeof schema === "object" && schema.properties) || {};
