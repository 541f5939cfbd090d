// The contracts of a resource edited as a whole list (api/domain/collections.ts): its page (every
// item, the item's typed form, the fields the collection fixes, and the area's page data) and its
// save (the full list, or a preview of what it would change).
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import type { CollectionDescription } from "../../domain/collections.ts";
import { contract } from "../contract.ts";
import { jsonSchemaForm } from "./resources.ts";

const item = z.looseObject({ id: z.int() });
const change = z.object({ field: z.string(), before: z.unknown().optional(), after: z.unknown().optional() });

/** A collection's page: every item, the item's typed form, the fields the collection fixes. */
const collectionPage = z.looseObject({
  name: z.string(),
  columns: z.array(z.string()),
  items: z.array(item),
  form: jsonSchemaForm,
  fixed: z.array(z.string()),
  /** The kits' page data: each kind's items a kit may hold, as [id, name ru, name en]. */
  catalogue: z.record(z.string(), z.array(z.tuple([z.int(), z.string(), z.string()]))).optional(),
});
/** What a save of the whole list changes (or would, as a preview). */
const collectionChanges = z.object({
  preview: z.boolean(),
  added: z.array(item),
  changed: z.array(z.object({ id: z.int(), summary: z.string(), changes: z.array(change) })),
  removed: z.array(z.int()),
});

/**
 * Every collection's page and save as the one list screen (ui/areas/content-lists) calls them: at
 * its own address (`at(contract, address)` in ui/lib/api.ts), so the paths here are patterns.
 */
const anyCollection = { auth: "admin", path: "/admin/<collection>/" } as const;
export const anyCollectionPage = contract({ ...anyCollection, method: "ANY", kind: "page", output: collectionPage });
export const anyCollectionSave = contract({
  ...anyCollection,
  method: "POST",
  mutates: true,
  input: z.object({ items: z.array(item), preview: z.boolean() }),
  output: collectionChanges,
});

export function collectionContracts(d: CollectionDescription) {
  const who = { auth: "admin", role: d.role } as const;
  return {
    page: contract({
      method: "ANY",
      path: d.base,
      ...who,
      kind: "page",
      output: collectionPage,
    }),
    save: contract({
      method: d.saveMethod,
      path: `${d.base}save`,
      ...who,
      mutates: true,
      input: z.object({ items: z.array(d.schema).max(1000), preview: f.optional(f.bool()).default(false) }),
      output: collectionChanges,
    }),
  };
}
