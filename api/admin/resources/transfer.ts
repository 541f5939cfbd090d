// Export and import for a resource whose rows have a natural text key (server texts by key):
// export answers the whole set as JSON ({ format, version, items }) or CSV (one flat record per
// row); import reads either, validates every row with the resource's own schema and rules, and
// answers what would change (added, changed, unchanged) — applying it, all of it or none with one
// audit row, only when `apply` is set. Rows of the table missing from the file are kept: an
// import adds and updates, it never removes.
import { noAuditDue } from "../../domain/context.ts";
import type { Hono } from "hono";
import { z } from "zod";
import { eq } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { DbOrTx } from "../../db/index.ts";
import type { HonoEnv } from "../../http/env.ts";
import { route } from "../../http/router.ts";
import { readFields } from "../../http/validate.ts";
import { issueMessage } from "../../domain/validation.ts";
import * as f from "../../domain/fields.ts";
import { audit, pathAction, valuesOf } from "../../http/audit.ts";
import { AppError } from "../../domain/errors.ts";
import { translate } from "../../i18n/index.ts";
import { diff, type ResourceDescription } from "../../domain/resources.ts";
import { CSV_TYPE, parseCsv, toCsv } from "../../domain/csv.ts";

export interface TransferDescription {
  resource: ResourceDescription;
  /** The natural key column rows are matched by ("key"). */
  key: string;
  actions: { export: string; import: string };
  /** CSV header for the current state (the key first). */
  csvColumns: (db: DbOrTx) => Promise<string[]>;
  /** Item → flat CSV record, and back (to the schema's input). */
  flatten: (item: Record<string, unknown>) => Record<string, string>;
  unflatten: (record: Record<string, string>) => Record<string, unknown>;
}

const formatName = (t: TransferDescription) => `tankodrome.${t.resource.name}`;

async function allItems(db: DbOrTx, t: TransferDescription) {
  const from = t.resource.fromRow ?? ((r) => r);
  const keyCol = (t.resource.table as unknown as Record<string, SQLiteColumn>)[t.key];
  const rows = await db.select().from(t.resource.table).orderBy(keyCol);
  return rows.map((r) => {
    const { id: _id, updatedAt: _u, ...item } = from(r as Record<string, unknown>);
    return item;
  });
}

/** The file's items: a JSON export document or a CSV with a header row; a bad file is one 400. */
function readFile(
  t: TransferDescription,
  text: string,
  locale: Parameters<typeof translate>[0],
): Record<string, unknown>[] {
  const bad = (detail: string) =>
    new AppError("validation", "system.error.import", [detail], 400, { file: { id: "validation.pattern" } });
  const trimmed = text.replace(/^\uFEFF/, "").trim();
  if (trimmed.startsWith("{")) {
    let doc: unknown;
    try {
      doc = JSON.parse(trimmed);
    } catch {
      throw bad("JSON");
    }
    const shape = z
      .object({
        format: z.literal(formatName(t)),
        version: z.literal(1),
        items: z.array(z.record(z.string(), z.unknown())).max(50_000),
      })
      .safeParse(doc);
    if (!shape.success)
      throw bad(
        `${shape.error.issues[0].path.join(".") || "file"}: ${translate(locale, issueMessage(shape.error.issues[0], doc).id)}`,
      );
    return shape.data.items;
  }
  const rows = parseCsv(trimmed);
  if (!rows || rows.length < 1 || rows[0][0] !== t.key) throw bad("CSV");
  const [header, ...body] = rows;
  return body
    .filter((r) => r.some((cell) => cell !== ""))
    .map((r) => t.unflatten(Object.fromEntries(header.map((h, i) => [h, r[i] ?? ""]))));
}

export function registerTransfer(app: Hono<HonoEnv>, t: TransferDescription) {
  const d = t.resource;
  const who = { auth: "admin", role: d.role } as const;
  const exportInput = z.object({ format: f.optional(z.enum(["json", "csv"])).default("json") });
  const importInput = z.object({ apply: f.optional(f.bool()).default(false) });

  route(
    app,
    { method: "ANY", path: `${d.base}${t.actions.export}`, ...who },
    { input: exportInput },
    async (c, { format }) => {
      const { db, clock } = c.var.deps;
      const items = await allItems(db, t);
      const day = new Date(clock.now()).toISOString().slice(0, 10);
      c.header("content-disposition", `attachment; filename="${d.name}-${day}.${format}"`);
      c.header("cache-control", "no-store");
      if (format === "json") return c.json({ format: formatName(t), version: 1, items });
      const columns = await t.csvColumns(db);
      const body = toCsv([
        columns,
        ...items.map((i) => {
          const r = t.flatten(i);
          return columns.map((col) => r[col] ?? "");
        }),
      ]);
      return c.body(body, 200, { "content-type": CSV_TYPE });
    },
  );

  // Without apply: what the file would change. With apply: all of it, or none.
  route(
    app,
    { method: "ANY", path: `${d.base}${t.actions.import}`, ...who, mutates: true },
    { input: importInput },
    async (c, { apply }, ctx) => {
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
      const locale = c.var.locale;
      const items = readFile(t, text, locale);
      const seen = new Set<unknown>();
      const parsed = items.map((item, i) => {
        const r = d.schema.safeParse({ ...item, id: undefined });
        const row = `${i + 1}`;
        if (!r.success) {
          const issue = r.error.issues[0];
          throw new AppError(
            "validation",
            "system.error.import",
            [
              `${row}, ${issue.path.join(".")}: ${translate(locale, issueMessage(issue, item).id, issueMessage(issue, item).values)}`,
            ],
            400,
            { file: { id: "validation.pattern" } },
          );
        }
        if (seen.has(r.data[t.key]))
          throw new AppError(
            "validation",
            "system.error.import",
            [`${row}, ${t.key}: ${translate(locale, "validation.unique")}`],
            400,
            { file: { id: "validation.unique" } },
          );
        seen.add(r.data[t.key]);
        return r.data;
      });
      const { db, clock } = c.var.deps;
      const keyCol = (d.table as unknown as Record<string, SQLiteColumn>)[t.key];
      const toRow = d.toRow ?? ((i) => i);
      const from = d.fromRow ?? ((r) => r);
      const at = clock.now();
      const result = await db.transaction(async (tx) => {
        const before = new Map(
          (await tx.select().from(d.table)).map((r) => {
            const item = from(r as Record<string, unknown>);
            return [item[t.key], item];
          }),
        );
        const changes = { added: [] as unknown[], changed: [] as { key: unknown; summary: string }[], unchanged: 0 };
        for (const [i, item] of parsed.entries()) {
          const old = before.get(item[t.key]);
          const next = { ...item, id: old?.id as number | undefined };
          try {
            await d.rules?.save?.(tx, next, old);
          } catch (e) {
            if (e instanceof AppError)
              throw new AppError(
                "validation",
                "system.error.import",
                [`${i + 1}: ${translate(locale, e.messageId, e.values)}`],
                400,
                { file: { id: "validation.pattern" } },
              );
            throw e;
          }
          let write = !old;
          if (!old) changes.added.push(item[t.key]);
          else {
            const { id: _i, updatedAt: _u, ...was } = old;
            const summary = diff(was, item);
            if (summary === "no change") changes.unchanged++;
            else changes.changed.push({ key: item[t.key], summary });
            write = summary !== "no change";
          }
          if (!apply || !write) continue;
          const row = { ...toRow(item), updatedAt: at };
          if (old) await tx.update(d.table).set(row).where(eq(keyCol, item[t.key]));
          else await tx.insert(d.table).values(row);
        }
        if (apply)
          await audit(c, tx, {
            action: pathAction(`${d.base}${t.actions.import}`),
            targetType: d.name,
            summary: `import: +${changes.added.length} ~${changes.changed.length} =${changes.unchanged}; ${changes.changed.map((x) => `${x.key}: ${x.summary}`).join("; ")}`,
            details: valuesOf({
              added: changes.added.length,
              changed: changes.changed.length,
              unchanged: changes.unchanged,
            }),
          });
        return changes;
      });
      // A preview changes nothing, so it leaves no admin log row.
      if (!apply) noAuditDue(ctx);
      return c.json({ applied: apply, ...result });
    },
  );
}
