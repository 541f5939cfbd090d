// The export and import of a resource whose rows have a natural text key (api/domain/resource-
// transfer.ts): made per resource from its base path, role and actions (serverLocalization.ts).
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import type { AdminRole } from "../../db/schema/access.ts";
import { contract } from "../contract.ts";

export interface TransferRoutes {
  base: string;
  role: AdminRole;
  actions: { export: string; import: string };
}

export function transferContracts(t: TransferRoutes) {
  const who = { auth: "admin", role: t.role } as const;
  return {
    /** The whole set: JSON ({ format, version, items }) or, with format=csv, a CSV file. */
    exportAll: contract({
      method: "ANY",
      path: `${t.base}${t.actions.export}`,
      ...who,
      input: z.object({ format: f.optional(z.enum(["json", "csv"])).default("json") }),
      output: z.object({
        format: z.string(),
        version: z.literal(1),
        items: z.array(z.record(z.string(), z.unknown())),
      }),
      answers: ["file"],
    }),
    /**
     * A JSON export or a CSV (the `file` field, read by the handler): what it would change, or with
     * apply all of it or none.
     */
    importAll: contract({
      method: "ANY",
      path: `${t.base}${t.actions.import}`,
      ...who,
      mutates: true,
      input: z.object({ apply: f.optional(f.bool()).default(false) }),
      output: z.object({
        applied: z.boolean(),
        added: z.array(z.string()),
        changed: z.array(z.object({ key: z.string(), summary: z.string() })),
        unchanged: z.int(),
      }),
    }),
  };
}
