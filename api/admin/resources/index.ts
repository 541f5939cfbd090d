// Content as resources (ARCHITECTURE §4): an editable admin area is described once — its zod
// schema, its table, its list columns and the spec's action names (api/domain/resources.ts, with
// the services) — and registerResource gives it its routes, each on its contract
// (api/contracts/admin/resources.ts): a server-paged, sorted, filtered list; save (insert or
// update by id, validated, audited with what changed); remove (audited). Every change is one
// service call: one transaction with its audit row and its cache bump.
// Areas whose spec has no list action get their list from the page address itself; areas with
// add/update instead of save get both (add refuses a taken id, update a missing one); an item
// without an id is inserted with the next one; `unique` columns answer a field error instead of a
// constraint failure (a composite key is an array of columns); `rules` run the area's own checks
// inside the transaction. Each action may state its spec method (`methods`), remove may take its
// id in the path (DELETE remove/:id), `sections` save a part of an item under their own action
// names (crews' save/gains), `control` serves one item's page (control/:id), export/import give
// the JSON document and its validated all-or-nothing import with a preview (io.ts), and every
// change bumps the area's content cache (`cache`) in its transaction.
import type { Context, Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import { registerResourceIo } from "./io.ts";
import {
  formSchema,
  invalidateResourceCache,
  listResource,
  removeResource,
  resourceItem,
  saveResource,
  saveResourceSection,
  type Item,
  type ListQuery,
  type ResourceDescription,
} from "../../domain/resources.ts";
import { resourceContracts } from "../../contracts/admin/resources.ts";
import "./messages.ts";

/** The addresses the generic screen calls: list (the page itself when the spec has none), set or add + update, remove. */
export function resourceActions(d: ResourceDescription) {
  const at = (a?: string) => (a === undefined ? undefined : `${d.base}${a}`);
  const list = d.actions.list && d.methods?.list !== "POST" ? `${d.base}${d.actions.list}` : d.base;
  const remove = at(d.actions.remove);
  const more = {
    ...(d.actions.export ? { export: at(d.actions.export) } : {}),
    ...(d.actions.import ? { import: at(d.actions.import) } : {}),
    ...(d.actions.invalidateCache ? { invalidateCache: at(d.actions.invalidateCache) } : {}),
    ...(d.actions.control ? { control: at(d.actions.control) } : {}),
    ...(d.removeByPath ? { removeByPath: true } : {}),
    ...(d.sections
      ? {
          sections: Object.fromEntries(
            Object.entries(d.sections).map(([a, fields]) => [a, { url: `${d.base}${a}`, fields }]),
          ),
        }
      : {}),
  };
  const edit = d.actions.set
    ? { set: `${d.base}${d.actions.set}` }
    : d.actions.add
      ? { add: `${d.base}${d.actions.add}`, update: at(d.actions.update) }
      : {};
  return { list, ...edit, remove, ...more };
}

export function registerResource(app: Hono<HonoEnv>, d: ResourceDescription) {
  const k = resourceContracts(d);
  const actions = resourceActions(d);

  // The page's data: the description the generic resource screen draws its table and form from
  // (and, for an area without a list action — or with a POST-only one — the list too, with the
  // list's input, so the screen's table can read it by GET).
  const form = formSchema(d.schema);
  const listByPage = !d.actions.list || d.methods?.list === "POST";
  const description = async (c: Context<HonoEnv>) => ({
    name: d.name,
    columns: d.columns,
    filters: d.filters ?? [],
    form,
    actions,
    money: d.money ?? [],
    ...(await d.pageData?.(c.var.deps.db)),
  });
  for (const contract of k.pages)
    page(app, contract, async (c, q, ctx) => ({
      ...(await description(c)),
      ...(listByPage ? await listResource({ ctx, input: { d, query: q as ListQuery } }) : {}),
    }));
  if (k.control)
    page(app, k.control, async (c, { id }, ctx) => ({
      name: d.name,
      form,
      actions,
      money: d.money ?? [],
      item: await resourceItem({ ctx, input: { d, id } }),
      ...(await d.pageData?.(c.var.deps.db)),
    }));

  if (k.list) route(app, k.list, (_c, q, ctx) => listResource({ ctx, input: { d, query: q as ListQuery } }));

  for (const mode of ["set", "add", "update"] as const) {
    const contract = k[mode];
    if (contract)
      route(app, contract, (c, sent, ctx) => {
        const { intent, ...item } = sent as Item & { intent?: "create" | "edit" };
        return saveResource({ ctx, input: { d, mode, action: contract.path, item, intent, locale: c.var.locale } });
      });
  }

  // A section saves some fields of an existing item: the item's schema checks the whole result.
  for (const contract of k.sections)
    route(app, contract, (_c, sent, ctx) =>
      saveResourceSection({
        ctx,
        input: { d, action: contract.path, creates: `${d.base}${d.createBy}` === contract.path, sent: sent as Item },
      }),
    );

  const invalidate = k.invalidateCache;
  if (invalidate)
    route(app, invalidate, (_c, _v, ctx) => invalidateResourceCache({ ctx, input: { d, action: invalidate.path } }));

  if (d.actions.export || d.actions.import) registerResourceIo(app, d, k);

  // The admin log names the action without the path's id.
  const removing = { d, action: `${d.base}${d.actions.remove}` };
  if (k.removeByPath)
    route(app, k.removeByPath, (_c, { id }, ctx) => removeResource({ ctx, input: { ...removing, id } }));
  if (k.remove) route(app, k.remove, (_c, { id }, ctx) => removeResource({ ctx, input: { ...removing, id } }));
}
