// The contracts of a described resource area (api/domain/resources.ts): its page (the description
// the generic screen draws its table and form from, with the list where the spec has no list
// action), its list, set or add/update, sections, remove, cache invalidation, export and import.
// Made per area from its description (api/admin/resources/ registers them), so every resource
// route states its input and its answer; items are the area's own (its schema is the input), so an
// answered row is an object with an id and the area's fields.
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import type { JsonSchemaForm, ResourceDescription } from "../../domain/resources.ts";
import { contract, type SpecMethod } from "../contract.ts";

/** An item as stored and answered: an id and the area's fields (its schema checks what is saved). */
export const storedItem = z.looseObject({ id: z.int() });
/** An item as sent back after a save: what was saved, with its id. */
const savedItem = z.looseObject({ id: z.int() });

/** The list's query: page, size, sort, direction, free text and the area's filters. */
export function listInputFor(d: Pick<ResourceDescription, "columns" | "filters">) {
  const shape: Record<string, z.ZodType> = {
    page: f.optional(f.int(1, 100_000)).default(1),
    size: f.optional(f.int(1, 200)).default(20),
    sort: f
      .optional(z.enum(d.columns as [string, ...string[]]))
      .default(d.columns.includes("sortOrder") ? "sortOrder" : "id"),
    dir: f.optional(z.enum(["asc", "desc"])).default("asc"),
    q: f.optionalText(100),
  };
  for (const key of d.filters ?? []) shape[key] = f.optionalText(100);
  return z.object(shape);
}

/** One page of items with the total. */
export const listPage = z.object({ rows: z.array(storedItem), total: z.int(), page: z.int(), size: z.int() });

/**
 * The item's JSON Schema: the server makes it from the area's zod schema (so its every keyword
 * need not be checked again here), the screen reads it as typed.
 */
export const jsonSchemaForm = z.custom<JsonSchemaForm>(
  (v) => typeof v === "object" && v !== null && typeof (v as { properties?: unknown }).properties === "object",
);

const address = z.string().optional();
/** Where the generic screen sends each action (api/admin/resources resourceActions); absent where the area has none. */
export const resourceAddresses = z.object({
  list: z.string(),
  set: address,
  add: address,
  update: address,
  remove: address,
  removeByPath: z.boolean().optional(),
  export: address,
  import: address,
  invalidateCache: address,
  control: address,
  sections: z.record(z.string(), z.object({ url: z.string(), fields: z.array(z.string()) })).optional(),
});

/** What the screen reads of an area: its columns, filters, typed form, addresses and money fields (and the area's page data). */
export const description = z.looseObject({
  name: z.string(),
  columns: z.array(z.string()),
  filters: z.array(z.string()),
  form: jsonSchemaForm,
  actions: resourceAddresses,
  money: z.array(z.string()),
});

/** One page of an area's rows typed by `row`: each field as the list answers it (fromRow, decorate). */
export const listPageOf = <R extends z.ZodType>(row: R) => listPage.extend({ rows: z.array(row) });

/**
 * The page of an area whose page answers the list (no list action) and more data the screen reads
 * (its description's pageData), typed by `extra`, its rows by `row`: the area's description names
 * it as its `page`, so the screen calls it through its contract file and its table's columns are
 * checked against the rows.
 */
export function resourceListPage<E extends z.ZodRawShape, R extends z.ZodType>(
  d: Pick<ResourceDescription, "base" | "role" | "columns" | "filters">,
  extra: E,
  row: R,
) {
  return contract({
    method: "ANY",
    path: d.base,
    auth: "admin",
    role: d.role,
    kind: "page",
    input: listInputFor(d),
    output: description.extend(listPageOf(row).shape).extend(extra),
  });
}

/**
 * What the screen means by a save to a set/save route: `create` (New) never replaces a live item —
 * a taken id is refused under the id field; `edit` never creates — an id nobody has is a 404.
 * Without it the route keeps the spec's set (insert or update by id) for scripts.
 */
export const saveIntent = z.object({ intent: f.optional(z.enum(["create", "edit"])) });

const byId = z.object({ id: f.id() });
const saved = z.object({ item: savedItem, created: z.boolean() });
const change = z.object({ field: z.string(), before: z.unknown().optional(), after: z.unknown().optional() });
const changed = z.object({ id: z.int(), summary: z.string(), changes: z.array(change) });
/** What an item's page answers: the area's form and addresses, and the item. */
const itemPage = z.looseObject({
  name: z.string(),
  form: jsonSchemaForm,
  actions: resourceAddresses,
  money: z.array(z.string()),
  item: storedItem,
});
/** What an import that read a file answers: applied or only previewed, and what it adds and changes. */
const imported = z.object({
  applied: z.boolean(),
  added: z.array(z.int()),
  changed: z.array(changed),
  unchanged: z.int(),
});

/**
 * Every area's routes as the one generic screen (ui/areas/content) calls them: at the addresses
 * the area's description names (`at(contract, address)` in ui/lib/api.ts), so the paths here are
 * patterns, not routes; each area's own contracts below are these with its address and item schema.
 */
const anyArea = { auth: "admin", path: "/admin/<area>" } as const;
export const anyAreaPage = contract({ ...anyArea, method: "ANY", kind: "page", output: description });
export const anyAreaItemPage = contract({ ...anyArea, method: "ANY", kind: "page", output: itemPage });
export const anyAreaList = contract({
  ...anyArea,
  method: "GET",
  input: z.object({
    page: z.int().optional(),
    size: z.int().optional(),
    sort: z.string().optional(),
    dir: z.enum(["asc", "desc"]).optional(),
    q: z.string().optional(),
  }),
  output: listPage,
});
export const anyAreaSave = contract({
  ...anyArea,
  method: "POST",
  mutates: true,
  input: z.looseObject({}),
  output: saved,
});
/** A cache's reset, an item's removal by the id in the body, or in the path (the spec's DELETE remove/{id}). */
export const anyAreaInvalidate = contract({
  ...anyArea,
  method: "POST",
  mutates: true,
  output: z.object({ invalidated: z.string() }),
});
export const anyAreaRemove = contract({
  ...anyArea,
  method: "POST",
  mutates: true,
  input: byId,
  output: z.object({ removed: z.int() }),
});
export const anyAreaRemoveByPath = contract({
  ...anyArea,
  path: "/admin/<area>/:id{[0-9]+}",
  method: "DELETE",
  mutates: true,
  params: byId,
  output: z.object({ removed: z.int() }),
});
export const anyAreaImport = contract({
  ...anyArea,
  method: "POST",
  mutates: true,
  input: z.object({ file: z.string(), apply: z.boolean() }),
  output: imported,
});

/** Every contract of an area, by what it does; absent where the area has no such action. */
export function resourceContracts(d: ResourceDescription) {
  const who = { auth: "admin", role: d.role } as const;
  const at = (a: string) => `${d.base}${a}`;
  const method = (a: keyof ResourceDescription["actions"]): SpecMethod => d.methods?.[a] ?? "ANY";
  const listInput = listInputFor(d);
  const listByPage = !d.actions.list || d.methods?.list === "POST";
  const pagePaths = [d.base, ...(d.actions.index ? [at(d.actions.index)] : [])];
  const pages = pagePaths.map((path, i) =>
    i === 0 && d.page
      ? d.page
      : listByPage
        ? contract({
            method: "ANY",
            path,
            ...who,
            kind: "page",
            input: listInput,
            output: description.extend(listPage.shape),
          })
        : contract({ method: "ANY", path, ...who, kind: "page", output: description }),
  );
  const save = (mode: "set" | "add" | "update") => {
    const name = d.actions[mode];
    if (!name) return undefined;
    return mode === "set"
      ? contract({
          method: method(mode),
          path: at(name),
          ...who,
          mutates: true,
          input: d.schema,
          query: saveIntent,
          output: saved,
        })
      : contract({ method: method(mode), path: at(name), ...who, mutates: true, input: d.schema, output: saved });
  };
  const objectSchema = d.schema as unknown as z.ZodObject;
  return {
    pages,
    control: d.actions.control
      ? contract({
          method: "ANY",
          path: `${at(d.actions.control)}/:id{[0-9]+}`,
          ...who,
          kind: "page",
          params: byId,
          output: itemPage,
        })
      : undefined,
    list:
      d.actions.list !== undefined
        ? contract({ method: method("list"), path: at(d.actions.list), ...who, input: listInput, output: listPage })
        : undefined,
    set: save("set"),
    add: save("add"),
    update: save("update"),
    sections: Object.entries(d.sections ?? {}).map(([action, fields]) =>
      contract({
        method: "ANY",
        path: at(action),
        ...who,
        mutates: true,
        input: objectSchema
          .pick(Object.fromEntries(fields.map((k) => [k, true])) as Record<string, true>)
          .extend({ id: d.createBy === action ? f.optional(f.id()) : f.id() }),
        output: saved,
      }),
    ),
    invalidateCache: d.actions.invalidateCache
      ? contract({
          method: method("invalidateCache"),
          path: at(d.actions.invalidateCache),
          ...who,
          mutates: true,
          output: z.object({ invalidated: z.string() }),
        })
      : undefined,
    /** remove with its id in the body or the query… */
    remove:
      d.actions.remove && !d.removeByPath
        ? contract({
            method: method("remove"),
            path: at(d.actions.remove),
            ...who,
            mutates: true,
            input: byId,
            output: z.object({ removed: z.int() }),
          })
        : undefined,
    /** …or in the path (the spec's DELETE remove/{id}). */
    removeByPath:
      d.actions.remove && d.removeByPath
        ? contract({
            method: method("remove"),
            path: `${at(d.actions.remove)}/:id{[0-9]+}`,
            ...who,
            mutates: true,
            params: byId,
            output: z.object({ removed: z.int() }),
          })
        : undefined,
    export: d.actions.export
      ? contract({
          method: method("export"),
          path: at(d.actions.export),
          ...who,
          output: z.object({ format: z.string(), version: z.literal(1), items: z.array(storedItem) }),
        })
      : undefined,
    import: d.actions.import
      ? contract({
          method: method("import"),
          path: at(d.actions.import),
          ...who,
          // GET: what a file must look like; any other method reads the file (and `apply`) itself.
          output: z.union([z.object({ format: z.string(), version: z.literal(1), item: z.looseObject({}) }), imported]),
        })
      : undefined,
  };
}
