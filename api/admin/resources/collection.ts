// A resource edited as a whole list (the spec's consumables/save, nonConsumables/save, kits/save):
// the page's data is every item; save takes the full list and hands it to the domain's
// saveCollection (api/domain/collections.ts), each on its contract (api/contracts/admin/collections.ts).
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import { formSchema } from "../../domain/resources.ts";
import { type CollectionDescription, collectionItems, saveCollection } from "../../domain/collections.ts";
import { collectionContracts } from "../../contracts/admin/collections.ts";

export function registerCollection(app: Hono<HonoEnv>, d: CollectionDescription) {
  const k = collectionContracts(d);
  // The page: the list, and its item's JSON Schema the screen draws its typed form from.
  const form = formSchema(d.schema);
  page(app, k.page, async (_c, _v, ctx) => ({
    name: d.name,
    columns: d.columns,
    items: await collectionItems(ctx.db, d),
    form,
    fixed: Object.keys(d.fixed ?? {}),
    ...(await d.pageData?.(ctx.db)),
  }));
  route(app, k.save, async (_c, { items, preview }, ctx) => ({
    preview,
    ...(await saveCollection({ ctx, input: { d, items, preview } })),
  }));
}
