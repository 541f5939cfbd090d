// The contracts of a resource edited as a whole list (api/domain/collections.ts): its page (every
// item, the item's typed form, the fields the collection fixes, and the area's page data) and its
// save (the full list, or a preview of what it would change).
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import type { CollectionDescription } from "../../domain/collections.ts";
import { contract } from "../contract.ts";

const item = z.looseObject({ id: z.int() });
const change = z.object({ field: z.string(), before: z.unknown().optional(), after: z.unknown().optional() });

export function collectionContracts(d: CollectionDescription) {
  const who = { auth: "admin", role: d.role } as const;
  return {
    page: contract({
      method: "ANY",
      path: d.base,
      ...who,
      kind: "page",
      output: z.looseObject({
        name: z.string(),
        columns: z.array(z.string()),
        items: z.array(item),
        form: z.looseObject({}),
        fixed: z.array(z.string()),
      }),
    }),
    save: contract({
      method: d.saveMethod,
      path: `${d.base}save`,
      ...who,
      mutates: true,
      input: z.object({ items: z.array(d.schema).max(1000), preview: f.optional(f.bool()).default(false) }),
      output: z.object({
        preview: z.boolean(),
        added: z.array(item),
        changed: z.array(z.object({ id: z.int(), summary: z.string(), changes: z.array(change) })),
        removed: z.array(z.int()),
      }),
    }),
  };
}
