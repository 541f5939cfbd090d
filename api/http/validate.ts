import type { Context } from "hono";
import type { z } from "zod";
import { AppError } from "../domain/errors.ts";
import { validationError } from "../domain/validation.ts";

/** Validates `raw` with `schema`, or throws the 400 with the spec's messages. */
export async function check<S extends z.ZodType>(schema: S, raw: unknown): Promise<z.output<S>> {
  const result = await schema.safeParseAsync(raw);
  if (!result.success) throw validationError(result.error.issues, raw);
  return result.data;
}

const emptyPassing = new WeakMap<z.ZodType, boolean>();
/**
 * True when `schema` answers `{}` to an empty object whatever its fields make of `undefined`: an
 * object schema with no checks of its own whose every field is optional in and out (zod leaves an
 * absent such key out of the output and ignores its issues). checkOrEmpty() skips zod for it.
 */
export function passesEmpty(schema: z.ZodType): boolean {
  let passes = emptyPassing.get(schema);
  if (passes === undefined) {
    const def = (schema as unknown as { _zod: { def: ObjectDef } })._zod.def;
    passes =
      def.type === "object" &&
      !def.checks?.length &&
      Object.values(def.shape).every((f) => f._zod.optin === "optional" && f._zod.optout === "optional");
    emptyPassing.set(schema, passes);
  }
  return passes;
}
interface ObjectDef {
  type: string;
  checks?: unknown[];
  shape: Record<string, { _zod: { optin?: string; optout?: string } }>;
}

/** check(), answering `{}` at once to an empty object where the schema would (a read with no input). */
export function checkOrEmpty<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> | Promise<z.output<S>> {
  if (isEmptyObject(raw) && passesEmpty(schema)) return {} as z.output<S>;
  return check(schema, raw);
}
function isEmptyObject(raw: unknown): boolean {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return false;
  for (const _ in raw) return false;
  return true;
}

/** check() without a turn of the event loop, for a schema with no async part (path parameters). */
export function checkNow<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const result = schema.safeParse(raw);
  if (!result.success) throw validationError(result.error.issues, raw);
  return result.data;
}

/** The query string's fields: `a=1&a=2` and `a[]=1` become arrays, `[]` dropped from the name. */
export function readQuery(c: Context): Record<string, unknown> {
  if (!c.req.url.includes("?")) return {};
  const url = new URL(c.req.url);
  const fields: Record<string, unknown> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    fields[key.endsWith("[]") ? key.slice(0, -2) : key] = key.endsWith("[]") || all.length > 1 ? all : all[0];
  }
  return fields;
}

/**
 * The JSON body's fields: an empty or absent body is `{}` (so required fields answer "required");
 * a body that is not a JSON object is a 400 `malformed`.
 */
export async function readJson(c: Context): Promise<Record<string, unknown>> {
  if (c.req.method === "GET" || c.req.method === "HEAD") return {};
  const type = c.req.header("content-type") ?? "";
  if (!type.includes("application/json")) {
    if ((await c.req.text()).trim() === "") return {};
    throw new AppError("malformed");
  }
  return jsonObject(await c.req.text()) ?? {};
}

/** A JSON body's object, null for an empty body; anything but a JSON object is `malformed`. */
function jsonObject(text: string): Record<string, unknown> | null {
  if (text.trim() === "") return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError("malformed");
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw new AppError("malformed");
  return body as Record<string, unknown>;
}

/**
 * Reads a request's fields whatever the method: query string, then JSON, form or multipart body
 * over it. At once when there is no body to wait for (a GET).
 */
export function readFields(c: Context): Record<string, unknown> | Promise<Record<string, unknown>> {
  const fields = readQuery(c);
  if (c.req.method === "GET" || c.req.method === "HEAD") return fields;
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/json"))
    return c.req.text().then((text) => {
      const body = jsonObject(text);
      return body ? { ...fields, ...body } : fields;
    });
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data"))
    return readForm(c, fields);
  return fields;
}

async function readForm(c: Context, fields: Record<string, unknown>): Promise<Record<string, unknown>> {
  let body: Record<string, unknown>;
  try {
    body = (await c.req.parseBody({ all: true })) as Record<string, unknown>;
  } catch {
    throw new AppError("malformed");
  }
  for (const [k, v] of Object.entries(body))
    fields[k.endsWith("[]") ? k.slice(0, -2) : k] = k.endsWith("[]") && !Array.isArray(v) ? [v] : v;
  return fields;
}

/** Reads the request's fields (query + JSON/form body) and validates them, for handlers that branch on the method. */
export async function parseFields<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const raw = await readFields(c);
  const parsed = await schema.safeParseAsync(raw);
  if (!parsed.success) throw validationError(parsed.error.issues, raw);
  return parsed.data;
}
