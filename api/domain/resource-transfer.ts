// Export and import for a resource whose rows have a natural text key (server texts by key):
// export answers the whole set as JSON ({ format, version, items }) or CSV (one flat record per
// row); import reads either, validates every row with the resource's own schema and rules, and
// answers what would change (added, changed, unchanged) — applying it, all of it or none with one
// admin log row from the context's operator, only when `apply` is set. Rows of the table missing
// from the file are kept: an import adds and updates, it never removes. The routes are
// api/admin/resources/transfer.ts, their contracts api/contracts/admin/transfer.ts.
import { z } from "zod";
import { eq } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { DbOrTx } from "../db/index.ts";
import { issueMessage } from "./validation.ts";
import { audit, pathAction, valuesOf } from "./audit.ts";
import { AppError } from "./errors.ts";
import { type AdminCtx, type Ctx, noAuditDue, transact } from "./context.ts";
import { translate } from "../i18n/index.ts";
import { diff, type ResourceDescription } from "./resources.ts";
import { toCsv, parseCsv } from "./csv.ts";

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

/** The whole set as the export's JSON document, or as CSV text (a header, then one record per row). */
export async function exportItems({
  ctx,
  input: { t, format },
}: {
  ctx: Ctx;
  input: { t: TransferDescription; format: "json" | "csv" };
}) {
  const items = await allItems(ctx.db, t);
  if (format === "json") return { format: formatName(t), version: 1 as const, items };
  const columns = await t.csvColumns(ctx.db);
  return toCsv([
    columns,
    ...items.map((i) => {
      const r = t.flatten(i);
      return columns.map((col) => r[col] ?? "");
    }),
  ]);
}

/** Without apply: what the file would change (no admin log row). With apply: all of it, or none. */
export async function importItems({
  ctx,
  input: { t, text, apply, locale },
}: {
  ctx: AdminCtx;
  input: { t: TransferDescription; text: string; apply: boolean; locale: Parameters<typeof translate>[0] };
}) {
  const d = t.resource;
  if (!text.trim())
    throw new AppError("validation", "error.validation", [], 400, { file: { id: "validation.required" } });
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
  const keyCol = (d.table as unknown as Record<string, SQLiteColumn>)[t.key];
  const toRow = d.toRow ?? ((i) => i);
  const from = d.fromRow ?? ((r) => r);
  const at = ctx.clock.now();
  const result = await transact(ctx, async (c) => {
    const tx = c.db;
    const before = new Map(
      (await tx.select().from(d.table)).map((r) => {
        const item = from(r as Record<string, unknown>);
        return [item[t.key], item];
      }),
    );
    // The key is text (TransferDescription.key): answered as it is.
    const changes = { added: [] as string[], changed: [] as { key: string; summary: string }[], unchanged: 0 };
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
      if (!old) changes.added.push(String(item[t.key]));
      else {
        const { id: _i, updatedAt: _u, ...was } = old;
        const summary = diff(was, item);
        if (summary === "no change") changes.unchanged++;
        else changes.changed.push({ key: String(item[t.key]), summary });
        write = summary !== "no change";
      }
      if (!apply || !write) continue;
      const row = { ...toRow(item), updatedAt: at };
      if (old) await tx.update(d.table).set(row).where(eq(keyCol, item[t.key]));
      else await tx.insert(d.table).values(row);
    }
    if (apply)
      await audit(c, {
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
  if (!apply) noAuditDue(ctx);
  return { applied: apply, ...result };
}
