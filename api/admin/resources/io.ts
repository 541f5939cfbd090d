// Export and import of a described resource by id (bots, daily tasks, …): export answers the
// whole set as one JSON document ({ format, version, items }); import reads such a document,
// validates every item with the resource's schema, its unique keys and its rules, and answers what
// it would change (added, changed, unchanged). Only with `apply` does it write — all of it or none,
// with one audit row and one cache bump. An import adds and updates; it never removes.
import type { Context, Hono } from "hono";
import { z } from "zod";
import { eq } from "drizzle-orm";
import type { HonoEnv } from "../../http/env.ts";
import { assertCsrf, route } from "../../http/router.ts";
import { issueMessage, parseFields, readFields } from "../../http/validate.ts";
import * as f from "../../domain/fields.ts";
import { audit, pathAction, valuesOf } from "../../http/audit.ts";
import { AppError } from "../../domain/errors.ts";
import { translate } from "../../i18n/index.ts";
import type { DbOrTx } from "../../db/index.ts";
import { diff, editable, touchCache, uniqueClash, type ResourceDescription } from "./description.ts";
import { changesOf, type AuditChange } from "../../domain/audit-details.ts";

type Locale = Parameters<typeof translate>[0];
export const formatOf = (d: { name: string }) => `tankodrome.${d.name}`;

/** The 400 an import answers: which row and field, in the request's locale; nothing was changed. */
export const importError = (detail: string) =>
  new AppError("validation", "system.error.import", [detail], 400, { file: { id: "validation.pattern" } });

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

/** Parses a JSON document of the given format; a broken file is one 400 naming where. */
export function readDocument<S extends z.ZodType>(text: string, format: string, body: S, locale: Locale): z.output<S> {
  let doc: unknown;
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    throw importError("JSON");
  }
  const head = z.object({ format: z.literal(format), version: z.literal(1) }).safeParse(doc);
  if (!head.success)
    throw importError(
      `${head.error.issues[0].path.join(".") || "file"}: ${translate(locale, issueMessage(head.error.issues[0], doc).id)}`,
    );
  const r = body.safeParse(doc);
  if (!r.success) {
    const issue = r.error.issues[0];
    const m = issueMessage(issue, doc);
    throw importError(`${issue.path.join(".")}: ${translate(locale, m.id, m.values)}`);
  }
  return r.data;
}

export async function allItems(db: DbOrTx, d: ResourceDescription) {
  const rows = await db.select().from(d.table).orderBy(d.table.id);
  return rows.map((r) => editable(d, r));
}

export function registerResourceIo(app: Hono<HonoEnv>, d: ResourceDescription) {
  const who = { auth: "admin", role: d.role } as const;
  const toRow = d.toRow ?? ((i) => i);
  const from = d.fromRow ?? ((r) => r);
  const importInput = z.object({ apply: f.optional(f.bool()).default(false) });
  const fileShape = z.object({ items: z.array(z.record(z.string(), z.unknown())).max(10_000) });

  if (d.actions.export)
    route(app, { method: d.methods?.export ?? "ANY", path: `${d.base}${d.actions.export}`, ...who }, {}, async (c) => {
      const { db, clock } = c.var.deps;
      const day = new Date(clock.now()).toISOString().slice(0, 10);
      c.header("content-disposition", `attachment; filename="${d.name}-${day}.json"`);
      c.header("cache-control", "no-store");
      return c.json({ format: formatOf(d), version: 1, items: await allItems(db, d) });
    });

  if (d.actions.import)
    route(app, { method: d.methods?.import ?? "ANY", path: `${d.base}${d.actions.import}`, ...who }, {}, async (c) => {
      // GET: what a file must look like (the spec's GET|POST import); reading needs no CSRF token, a change does.
      if (c.req.method === "GET" || c.req.method === "HEAD") {
        return c.json({
          format: formatOf(d),
          version: 1,
          item: z.toJSONSchema(d.schema, { io: "input", unrepresentable: "any" }),
        });
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
      const { db, clock } = c.var.deps;
      const at = clock.now();
      const result = await db
        .transaction(async (tx) => {
          const before = new Map(
            (await tx.select().from(d.table)).map((r) => {
              const item = from(r as Record<string, unknown>);
              return [item.id as number, item];
            }),
          );
          const changes = {
            added: [] as number[],
            changed: [] as { id: number; summary: string; changes: AuditChange[] }[],
            unchanged: 0,
          };
          // Written as it goes so unique keys see the file's own earlier rows; a preview rolls back.
          for (const [i, item] of parsed.entries()) {
            const old = before.get(item.id);
            const was = old ? (({ updatedAt: _u, ...rest }) => rest)(old) : undefined;
            try {
              const clash = await uniqueClash(tx, d, toRow(item), item.id);
              if (clash) throw new AppError("validation", "validation.unique");
              await d.rules?.save?.(tx, item, was);
            } catch (e) {
              if (e instanceof AppError) throw importError(`${i + 1}: ${translate(locale, e.messageId, e.values)}`);
              throw e;
            }
            const summary = diff(was, item);
            if (!old) changes.added.push(item.id);
            else if (summary === "no change") {
              changes.unchanged++;
              continue;
            } else changes.changed.push({ id: item.id, summary, changes: changesOf(was, item) });
            const row = { ...toRow(item), updatedAt: at };
            if (old) await tx.update(d.table).set(row).where(eq(d.table.id, item.id));
            else await tx.insert(d.table).values(row);
          }
          if (!apply) throw new Preview(changes);
          await audit(c, tx, {
            action: pathAction(`${d.base}${d.actions.import}`),
            targetType: d.name,
            summary: `import: +${changes.added.length} ~${changes.changed.length} =${changes.unchanged}; ${changes.changed.map((x) => `#${x.id}: ${x.summary}`).join("; ")}`,
            details: valuesOf({
              added: changes.added.length,
              changed: changes.changed.length,
              unchanged: changes.unchanged,
            }),
          });
          await touchCache(c, tx, d);
          return changes;
        })
        .catch((e) => {
          if (e instanceof Preview) return e.changes;
          throw e;
        });
      return c.json({ applied: apply, ...result });
    });
}

/** Thrown to roll a preview's writes back while keeping what it found. */
class Preview extends Error {
  constructor(
    readonly changes: {
      added: number[];
      changed: { id: number; summary: string; changes: AuditChange[] }[];
      unchanged: number;
    },
  ) {
    super("preview");
  }
}
