// Export and import of a described resource by id (bots, daily tasks, …): export answers the
// whole set as one JSON document ({ format, version, items }); import reads such a document,
// validates every item with the resource's schema, its unique keys and its rules, and answers what
// it would change (added, changed, unchanged). Only with `apply` does it write — all of it or none,
// with one audit row and one cache bump. An import adds and updates; it never removes.
import type { Context, Hono } from "hono";
import { z } from "zod";
import type { HonoEnv } from "../../http/env.ts";
import { assertCsrf, route } from "../../http/router.ts";
import { parseFields, readFields } from "../../http/validate.ts";
import { issueMessage } from "../../domain/validation.ts";
import * as f from "../../domain/fields.ts";
import { AppError } from "../../domain/errors.ts";
import { translate } from "../../i18n/index.ts";
import {
  allItems,
  importError,
  importResource,
  readDocument,
  type ResourceDescription,
} from "../../domain/resources.ts";
import type { resourceContracts } from "../../contracts/admin/resources.ts";

export const formatOf = (d: { name: string }) => `tankodrome.${d.name}`;

export { importError };

/** The uploaded file's text: a multipart `file`, a `file` text field, or the JSON body's `file` object. */
export async function uploadedText(c: Context<HonoEnv>): Promise<string> {
  const fields = await readFields(c);
  const raw = fields.file;
  const text =
    raw instanceof Blob
      ? await raw.text()
      : typeof raw === "string"
        ? raw
        : raw && typeof raw === "object"
          ? JSON.stringify(raw)
          : "";
  if (!text.trim())
    throw new AppError("validation", "error.validation", [], 400, { file: { id: "validation.required" } });
  return text;
}

export function registerResourceIo(
  app: Hono<HonoEnv>,
  d: ResourceDescription,
  k: Pick<ReturnType<typeof resourceContracts>, "export" | "import">,
) {
  const importInput = z.object({ apply: f.optional(f.bool()).default(false) });
  const fileShape = z.object({ items: z.array(z.record(z.string(), z.unknown())).max(10_000) });

  if (k.export)
    route(app, k.export, async (c, _v, ctx) => {
      const day = new Date(ctx.clock.now()).toISOString().slice(0, 10);
      c.header("content-disposition", `attachment; filename="${d.name}-${day}.json"`);
      c.header("cache-control", "no-store");
      return { format: formatOf(d), version: 1 as const, items: (await allItems(ctx.db, d)) as { id: number }[] };
    });

  const importContract = k.import;
  if (importContract)
    route(app, importContract, async (c, _v, ctx) => {
      // GET: what a file must look like (the spec's GET|POST import); reading needs no CSRF token, a change does.
      if (c.req.method === "GET" || c.req.method === "HEAD") {
        return {
          format: formatOf(d),
          version: 1 as const,
          item: z.toJSONSchema(d.schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>,
        };
      }
      assertCsrf(c, "admin");
      const { apply } = await parseFields(c, importInput);
      const locale = c.var.locale;
      const { items } = readDocument(await uploadedText(c), formatOf(d), fileShape, locale);
      const seen = new Set<number>();
      const parsed = items.map((raw, i) => {
        const r = d.schema.safeParse(raw);
        if (!r.success) {
          const issue = r.error.issues[0];
          const m = issueMessage(issue, raw);
          throw importError(`${i + 1}, ${issue.path.join(".")}: ${translate(locale, m.id, m.values)}`);
        }
        const id = r.data.id;
        if (id === undefined) throw importError(`${i + 1}, id: ${translate(locale, "validation.required")}`);
        if (seen.has(id)) throw importError(`${i + 1}, id: ${translate(locale, "validation.unique")}`);
        seen.add(id);
        return r.data as Record<string, unknown> & { id: number };
      });
      const result = await importResource({
        ctx,
        input: { d, action: `${d.base}${d.actions.import}`, items: parsed, apply, locale },
      });
      return { applied: apply, ...result };
    });
}
