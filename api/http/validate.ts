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

/** Reads a request's fields whatever the method: query string, then JSON, form or multipart body over it. */
export async function readFields(c: Context): Promise<Record<string, unknown>> {
  const fields = readQuery(c);
  if (c.req.method === "GET" || c.req.method === "HEAD") return fields;
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/json")) {
    const body = jsonObject(await c.req.text());
    return body ? { ...fields, ...body } : fields;
  }
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    let body: Record<string, unknown>;
    try {
      body = (await c.req.parseBody({ all: true })) as Record<string, unknown>;
    } catch {
      throw new AppError("malformed");
    }
    for (const [k, v] of Object.entries(body))
      fields[k.endsWith("[]") ? k.slice(0, -2) : k] = k.endsWith("[]") && !Array.isArray(v) ? [v] : v;
  }
  return fields;
}

/** Reads the request's fields (query + JSON/form body) and validates them, for handlers that branch on the method. */
export async function parseFields<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const raw = await readFields(c);
  const parsed = await schema.safeParseAsync(raw);
  if (!parsed.success) throw validationError(parsed.error.issues, raw);
  return parsed.data;
}
