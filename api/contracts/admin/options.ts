// The operators' options: options with variants (/admin/clientOptions/ and /admin/serverOptions/,
// one area described twice by scope, and the game tools' /admin/api/option/client/get|set), the
// immutable options published once per key, and the versioned battle options.
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { optionName, saveOptionInput } from "../../domain/options.ts";
import { contract } from "../contract.ts";

const who = { auth: "admin", role: "operator" } as const;
/** A JSON value must be there (null is a value; an absent one is "This field is required."). */
export const withValue = <S extends z.ZodType<{ value?: unknown }>>(schema: S) =>
  schema.refine((o) => o.value !== undefined, { path: ["value"], params: { rule: "required" } });
const saveInput = withValue(saveOptionInput);
const keyParams = z.object({ key: optionName(), variant: optionName() });

const variant = z.object({
  key: z.string(),
  variant: z.string(),
  value: z.unknown(),
  share: z.int(),
  audienceId: z.int().nullable(),
  version: z.int(),
  updatedAt: z.int(),
});
const form = z.record(z.string(), z.unknown());
const saved = z.object({ created: z.boolean(), option: variant });

/** The contracts of one scope's area (its page, a variant's editor, save, invalidateCache). */
function variantsArea<B extends string, S extends "client" | "server">(base: B, scope: S) {
  return {
    page: contract({
      method: "ANY",
      path: base,
      ...who,
      kind: "page",
      output: z.object({
        scope: z.literal(scope),
        keys: z.array(
          z.object({
            key: z.string(),
            shaped: z.boolean(),
            variants: z.array(
              z.object({
                variant: z.string(),
                share: z.int(),
                audienceId: z.int().nullable(),
                version: z.int(),
                updatedAt: z.int(),
              }),
            ),
          }),
        ),
        shapes: z.array(z.string()),
        forms: z.record(z.string(), form),
        checkEveryMs: z.int(),
      }),
    }),
    /** The editor is a page: a browser gets the shell, a JSON request one variant's value. */
    editor: contract({
      method: "ANY",
      path: `${base}editor/:key{[^/]+}/:variant{[^/]+}`,
      ...who,
      kind: "page",
      params: keyParams,
      output: variant.extend({ scope: z.literal(scope), shaped: z.boolean(), form: form.nullable() }),
    }),
    save: contract({ method: "ANY", path: `${base}save`, ...who, mutates: true, input: saveInput, output: saved }),
    invalidateCache: contract({
      method: "ANY",
      path: `${base}invalidateCache/:key{[^/]+}/:variant{[^/]+}`,
      ...who,
      mutates: true,
      params: keyParams,
      output: z.object({ invalidated: z.string(), cacheVersion: z.int(), otherInstancesWithinMs: z.int() }),
    }),
  };
}

const client = variantsArea("/admin/clientOptions/", "client");
const server = variantsArea("/admin/serverOptions/", "server");
export const clientPage = client.page;
export const clientEditor = client.editor;
export const clientSave = client.save;
export const clientInvalidate = client.invalidateCache;
export const serverPage = server.page;
export const serverEditor = server.editor;
export const serverSave = server.save;
export const serverInvalidate = server.invalidateCache;

/** The game tools' API over client options: get reads as the game does (through the cache), set saves. */
export const apiGet = contract({
  method: "POST",
  path: "/admin/api/option/client/get",
  ...who,
  input: z.object({ key: optionName(), variant: f.optional(optionName()), playerId: f.optional(f.id()) }),
  output: z.object({ key: z.string(), variant: z.string(), value: z.unknown(), version: z.int() }),
});
export const apiSet = contract({
  method: "POST",
  path: "/admin/api/option/client/set",
  ...who,
  mutates: true,
  input: saveInput,
  output: saved,
});

export const immutablePage = contract({
  method: "ANY",
  path: "/admin/immutableOptions/",
  ...who,
  kind: "page",
  output: z.object({
    options: z.array(
      z.object({ key: z.string(), value: z.unknown(), adminUsername: z.string(), publishedAt: z.int() }),
    ),
  }),
});
export const immutableSave = contract({
  method: "ANY",
  path: "/admin/immutableOptions/save",
  ...who,
  mutates: true,
  input: withValue(z.object({ key: optionName(), value: f.jsonValue() })),
  output: z.object({ published: z.string() }),
});
export const immutableInvalidate = contract({
  method: "ANY",
  path: "/admin/immutableOptions/invalidateCache",
  ...who,
  mutates: true,
  output: z.object({ cacheVersion: z.int(), otherInstancesWithinMs: z.int() }),
});

const change = z.object({ field: z.string(), before: z.unknown().optional(), after: z.unknown().optional() });
export const battlePage = contract({
  method: "ANY",
  path: "/admin/battleOptions/",
  ...who,
  kind: "page",
  output: z.object({
    current: z.object({ version: z.int(), value: z.unknown() }),
    history: z.array(
      z.object({
        version: z.int(),
        adminUsername: z.string(),
        summary: z.string(),
        createdAt: z.int(),
        created: z.boolean(),
        changes: z.array(change).nullable(),
      }),
    ),
    form,
  }),
});
export const battleSave = contract({
  method: "ANY",
  path: "/admin/battleOptions/save",
  ...who,
  mutates: true,
  input: z.object({ value: f.jsonValue(), baseVersion: f.int(0, Number.MAX_SAFE_INTEGER) }),
  output: z.object({ version: z.int(), summary: z.string() }),
});
