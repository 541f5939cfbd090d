// Whole-document content: the tank catalogue (tanks, module types, module upgrade levels,
// camouflages, decals) and all options (every variant of the client and server options and the
// battle options in force), each as one versioned JSON document (/admin/tankData/,
// /admin/optionsData/). An import validates a file whole and answers its difference per section
// first; with `apply` it takes a backup of the current document and replaces it all-or-nothing.
// Backups are kept, listed, taken by hand, read back and restored (after backing up the current).
// Every change is one transaction with its backup and its audit row.
import { z } from "zod";
import { and, asc, desc, eq, inArray, notInArray } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db, DbOrTx, Tx } from "../db/index.ts";
import { contentTanks, contentModuleTypes, contentCamouflages, contentDecals } from "../db/schema/content.ts";
import { contentBackups, contentModuleUpgrades } from "../db/schema/progression.ts";
import { options } from "../db/schema/system.ts";
import { tankSchema, moduleTypeSchema, camouflageSchema, decalSchema } from "./content.ts";
import { moduleUpgradeSchema } from "./progression-content.ts";
import {
  bumpCache,
  currentBattleOptions,
  saveBattleOptions,
  saveOptionInput,
  shapeIssues,
  battleOptionsShape,
  dropCachedOptions,
  DEFAULT_VARIANT,
} from "./options.ts";
import { bumpContentCache, cachedContent, dropContentCache } from "./content-cache.ts";
import { diff, importError, readDocument } from "./resources.ts";
import { audit, type AuditDetails, pathAction, valuesOf } from "./audit.ts";
import { type AdminActor, type Call, type Ctx, inTransaction, noAuditDue, type TxCtx, transact } from "./context.ts";
import { notFound } from "./errors.ts";
import { issueMessage } from "./validation.ts";
import { translate, type Locale } from "../i18n/index.ts";

type Row = Record<string, unknown>;
interface Section {
  /** The rows' natural key in the document ("id", or "scope/key/variant" for options). */
  keyOf: (item: Row) => string;
  schema: z.ZodType;
  read: (db: DbOrTx) => Promise<Row[]>;
  /** Replaces the section's rows with the document's (in the caller's transaction). */
  write: (tx: Tx, items: Row[], at: number) => Promise<void>;
}
export interface DocumentKind {
  kind: "tankData" | "optionsData";
  base: string;
  sections: Record<string, Section>;
  /** Bumps the versions of the caches the new document invalidates (in its transaction). */
  bump: (tx: Tx, at: number) => Promise<void>;
  /** Drops this instance's copies of those caches (after the commit). */
  drop: (db: Db) => void;
}
export type DocumentName = DocumentKind["kind"];

const strip = ({ updatedAt: _u, ...rest }: Row) => rest;

/** A content table as a section: rows by id, replaced whole (rows missing from the document go). */
function tableSection(
  table: SQLiteTable & { id: SQLiteColumn },
  schema: z.ZodType,
  order: SQLiteColumn = table.id,
): Section {
  return {
    keyOf: (i) => String(i.id),
    schema,
    read: async (db) => (await db.select().from(table).orderBy(asc(order), asc(table.id))).map((r) => strip(r as Row)),
    write: async (tx, items, at) => {
      const ids = items.map((i) => i.id as number);
      await tx.delete(table).where(ids.length ? notInArray(table.id, ids) : undefined);
      for (const i of items) {
        const row = { ...i, updatedAt: at };
        await tx.insert(table).values(row).onConflictDoUpdate({ target: table.id, set: row });
      }
    },
  };
}

export const TANK_DATA: DocumentKind = {
  kind: "tankData",
  base: "/admin/tankData/",
  sections: {
    tanks: tableSection(contentTanks, tankSchema),
    moduleTypes: tableSection(contentModuleTypes, moduleTypeSchema),
    moduleUpgrades: tableSection(contentModuleUpgrades, moduleUpgradeSchema.required({ id: true })),
    camouflages: tableSection(contentCamouflages, camouflageSchema),
    decals: tableSection(contentDecals, decalSchema),
  },
  bump: async (tx, at) => {
    await bumpContentCache(tx, "tanks", at);
  },
  drop: (db) => dropContentCache(db, "tanks"),
};

const optionItem = saveOptionInput.extend({ scope: z.enum(["client", "server"]) }).superRefine((o, ctx) => {
  for (const issue of shapeIssues(o.scope, o.key, o.value))
    ctx.addIssue({ ...issue, code: "custom", message: issue.message ?? "" });
});

export const OPTIONS_DATA: DocumentKind = {
  kind: "optionsData",
  base: "/admin/optionsData/",
  sections: {
    options: {
      keyOf: (i) => `${i.scope}/${i.key}/${i.variant}`,
      schema: optionItem,
      read: async (db) =>
        (await db.select().from(options).orderBy(asc(options.scope), asc(options.key), asc(options.variant))).map(
          (o) => ({ scope: o.scope, key: o.key, variant: o.variant, value: JSON.parse(o.value), share: o.share }),
        ),
      write: async (tx, items, at) => {
        const now = new Set(items.map((i) => `${i.scope}/${i.key}/${i.variant}`));
        const have = await tx.select().from(options);
        const gone = have.filter((o) => !now.has(`${o.scope}/${o.key}/${o.variant}`)).map((o) => o.id);
        if (gone.length) await tx.delete(options).where(inArray(options.id, gone));
        for (const i of items) {
          const old = have.find((o) => o.scope === i.scope && o.key === i.key && o.variant === i.variant);
          const value = JSON.stringify(i.value);
          const share = i.variant === DEFAULT_VARIANT ? 0 : (i.share as number);
          if (!old)
            await tx.insert(options).values({
              scope: i.scope as "client",
              key: i.key as string,
              variant: i.variant as string,
              value,
              share,
              version: 1,
              updatedAt: at,
            });
          else if (old.value !== value || old.share !== share)
            await tx
              .update(options)
              .set({ value, share, version: old.version + 1, updatedAt: at })
              .where(eq(options.id, old.id));
        }
      },
    },
    battle: {
      keyOf: () => "battle",
      schema: battleOptionsShape,
      read: async (db) => {
        const cur = await currentBattleOptions(db);
        return cur ? [cur.value as Row] : [];
      },
      write: async () => {},
    },
  },
  bump: async (tx, at) => {
    for (const cache of ["client", "server"] as const) await bumpCache(tx, cache, at);
  },
  drop: (db) => {
    for (const cache of ["client", "server"] as const) dropCachedOptions(db, cache);
  },
};

export const DOCUMENTS: Record<DocumentName, DocumentKind> = { tankData: TANK_DATA, optionsData: OPTIONS_DATA };

export async function currentDocument(db: DbOrTx, d: DocumentKind): Promise<Record<string, unknown>> {
  const doc: Record<string, unknown> = { format: `tankodrome.${d.kind}`, version: 1 };
  for (const [name, s] of Object.entries(d.sections)) doc[name] = await s.read(db);
  return doc;
}

/** How many rows each section holds ({"tanks":44,…}): what a backup's summary keeps, for the screen to name. */
const countsOf = (doc: Record<string, unknown>, d: DocumentKind) =>
  Object.fromEntries(Object.keys(d.sections).map((k) => [k, (doc[k] as unknown[]).length]));
const summaryOf = (doc: Record<string, unknown>, d: DocumentKind) => JSON.stringify(countsOf(doc, d));

export interface SectionDiff {
  added: string[];
  changed: { key: string; summary: string }[];
  removed: string[];
  unchanged: number;
}

/** Validates a document's every section and row (and unique keys per section); a bad one is a 400 naming where. */
function validateDocument(d: DocumentKind, text: string, locale: Locale): Record<string, Row[]> {
  const body = z.object(
    Object.fromEntries(Object.keys(d.sections).map((k) => [k, z.array(z.record(z.string(), z.unknown())).max(20_000)])),
  );
  const doc = readDocument(text, `tankodrome.${d.kind}`, body, locale) as Record<string, Row[]>;
  const out: Record<string, Row[]> = {};
  for (const [name, s] of Object.entries(d.sections)) {
    const seen = new Set<string>();
    out[name] = doc[name].map((raw, i) => {
      const r = s.schema.safeParse(raw);
      if (!r.success) {
        const issue = r.error.issues[0];
        const m = issueMessage(issue, raw);
        throw importError(`${name} ${i + 1}, ${issue.path.join(".")}: ${translate(locale, m.id, m.values)}`);
      }
      const item = r.data as Row;
      const key = s.keyOf(item);
      if (seen.has(key)) throw importError(`${name} ${i + 1}: ${translate(locale, "validation.unique")}`);
      seen.add(key);
      return item;
    });
  }
  if (d.kind === "tankData") {
    // Module upgrade levels: one per slot and level.
    const keys = new Set<string>();
    out.moduleUpgrades.forEach((u, i) => {
      const k = `${u.slot}/${u.level}`;
      if (keys.has(k)) throw importError(`moduleUpgrades ${i + 1}, level: ${translate(locale, "validation.unique")}`);
      keys.add(k);
    });
  }
  if (d.kind === "optionsData") {
    if (out.battle.length > 1) throw importError(`battle 2: ${translate(locale, "validation.maxLength", [1])}`);
    const shares = new Map<string, number>();
    for (const o of out.options)
      if (o.variant !== DEFAULT_VARIANT)
        shares.set(`${o.scope}/${o.key}`, (shares.get(`${o.scope}/${o.key}`) ?? 0) + (o.share as number));
    for (const [key, total] of shares)
      if (total > 100) throw importError(`options ${key}: ${translate(locale, "system.error.shares")}`);
  }
  return out;
}

/** What an import or a restore did to each section, as the log shows it (the section's counts), and the backup of what was there before. */
const sectionsDetails = (changes: Record<string, SectionDiff>, backupId: number): AuditDetails => ({
  changes: [
    ...Object.entries(changes).map(([field, s]) => ({
      field,
      after: { added: s.added.length, changed: s.changed.length, removed: s.removed.length, unchanged: s.unchanged },
    })),
    { field: "backup", after: backupId },
  ],
});

function diffDocument(
  d: DocumentKind,
  before: Record<string, unknown>,
  after: Record<string, Row[]>,
): Record<string, SectionDiff> {
  const result: Record<string, SectionDiff> = {};
  for (const [name, s] of Object.entries(d.sections)) {
    const old = new Map((before[name] as Row[]).map((r) => [s.keyOf(r), r]));
    const next = new Map(after[name].map((r) => [s.keyOf(r), r]));
    const sd: SectionDiff = {
      added: [],
      changed: [],
      removed: [...old.keys()].filter((k) => !next.has(k)),
      unchanged: 0,
    };
    for (const [k, r] of next) {
      const o = old.get(k);
      if (!o) sd.added.push(k);
      else {
        const summary = diff(o, r);
        if (summary === "no change") sd.unchanged++;
        else sd.changed.push({ key: k, summary });
      }
    }
    result[name] = sd;
  }
  return result;
}

const diffLine = (changes: Record<string, SectionDiff>) =>
  Object.entries(changes)
    .map(([k, s]) => `${k}: +${s.added.length} ~${s.changed.length} -${s.removed.length}`)
    .join("; ");

async function takeBackup(ctx: TxCtx<AdminActor>, d: DocumentKind, reason: string) {
  const doc = await currentDocument(ctx.db, d);
  const [b] = await ctx.db
    .insert(contentBackups)
    .values({
      kind: d.kind,
      reason,
      adminUsername: ctx.actor.username,
      summary: summaryOf(doc, d),
      document: JSON.stringify(doc),
      createdAt: ctx.clock.now(),
    })
    .returning({ id: contentBackups.id });
  return b.id;
}

async function writeDocument(ctx: TxCtx<AdminActor>, d: DocumentKind, doc: Record<string, Row[]>) {
  const at = ctx.clock.now();
  for (const [name, s] of Object.entries(d.sections)) await s.write(ctx.db, doc[name], at);
  if (d.kind === "optionsData" && doc.battle[0]) {
    const cur = await currentBattleOptions(ctx.db);
    if (JSON.stringify(cur?.value) !== JSON.stringify(doc.battle[0]))
      await saveBattleOptions(ctx.db, doc.battle[0], ctx.actor.username, at);
  }
  await d.bump(ctx.db, at);
}

/** After a change commits, this instance's cached copies go (the others reload by the bumped version). */
function dropCaches(ctx: Ctx, d: DocumentKind) {
  if (!inTransaction(ctx.db)) d.drop(ctx.db);
}

/** The kept backups of a document, newest first (the newest 200). */
export const documentBackups = (ctx: Ctx, d: DocumentKind) =>
  ctx.db
    .select({
      id: contentBackups.id,
      reason: contentBackups.reason,
      adminUsername: contentBackups.adminUsername,
      summary: contentBackups.summary,
      createdAt: contentBackups.createdAt,
    })
    .from(contentBackups)
    .where(eq(contentBackups.kind, d.kind))
    .orderBy(desc(contentBackups.id))
    .limit(200);

/** The document's page: how many rows each section holds, the sections, the kept backups. */
export async function documentOverview(ctx: Ctx, d: DocumentKind) {
  const doc = await currentDocument(ctx.db, d);
  return {
    kind: d.kind,
    counts: countsOf(doc, d),
    sections: Object.keys(d.sections),
    backups: await documentBackups(ctx, d),
  };
}

/** A kept backup's document as it was taken (404 when there is none of this document). */
export async function backupDocument(ctx: Ctx, d: DocumentKind, id: number) {
  const [b] = await ctx.db
    .select()
    .from(contentBackups)
    .where(and(eq(contentBackups.id, id), eq(contentBackups.kind, d.kind)))
    .limit(1);
  if (!b) throw notFound();
  return { id: b.id, document: JSON.parse(b.document) as Record<string, unknown> };
}

/**
 * Imports a document (its file's text): without `apply` the difference per section (a preview,
 * nothing kept, no log row); with it, a backup of the current document, the new one in its place
 * all-or-nothing, and the audit row — one transaction.
 */
export async function importDocument({
  ctx,
  input: v,
}: Call<{ document: DocumentKind; text: string; apply: boolean; locale: Locale }, AdminActor>) {
  const d = v.document;
  const next = validateDocument(d, v.text, v.locale);
  const result = await transact(ctx, async (tx) => {
    const changes = diffDocument(d, await currentDocument(tx.db, d), next);
    if (!v.apply) return { changes };
    const backupId = await takeBackup(tx, d, "before-import");
    await writeDocument(tx, d, next);
    await audit(tx, {
      action: pathAction(`${d.base}importData`),
      targetType: d.kind,
      summary: `import (backup #${backupId}): ${diffLine(changes)}`,
      details: sectionsDetails(changes, backupId),
    });
    return { changes, backupId };
  });
  if (v.apply) dropCaches(ctx, d);
  else noAuditDue(ctx);
  return { applied: v.apply, ...result };
}

/** Takes a backup of the current document by hand (with an operator's note), audited. */
export async function backUpDocument({ ctx, input: v }: Call<{ document: DocumentKind; note?: string }, AdminActor>) {
  const d = v.document;
  const backupId = await transact(ctx, async (tx) => {
    const id = await takeBackup(tx, d, v.note ? `manual: ${v.note}` : "manual");
    await audit(tx, {
      action: pathAction(`${d.base}backUpData`),
      targetType: d.kind,
      targetId: id,
      summary: "backup taken",
      details: valuesOf({ backup: id, note: v.note }),
    });
    return id;
  });
  return { backupId };
}

/**
 * Restores a kept backup: checked like an import (the rules may have changed since it was
 * taken), the current document backed up first, then replaced — one transaction, audited.
 */
export async function restoreDocument({
  ctx,
  input: v,
}: Call<{ document: DocumentKind; backupId: number; locale: Locale }, AdminActor>) {
  const d = v.document;
  const out = await transact(ctx, async (tx) => {
    const b = await backupDocument(tx, d, v.backupId);
    const next = validateDocument(d, JSON.stringify(b.document), v.locale);
    const changes = diffDocument(d, await currentDocument(tx.db, d), next);
    const backupId = await takeBackup(tx, d, "before-restore");
    await writeDocument(tx, d, next);
    await audit(tx, {
      action: pathAction(`${d.base}backUpData`),
      targetType: d.kind,
      targetId: v.backupId,
      summary: `restored backup #${v.backupId} (current kept as #${backupId}): ${diffLine(changes)}`,
      details: {
        changes: [{ field: "restoredBackup", after: v.backupId }, ...sectionsDetails(changes, backupId).changes],
      },
    });
    return { restored: v.backupId, backupId, changes };
  });
  dropCaches(ctx, d);
  return out;
}

/** The tank database as the game client and battle servers read it (cached, invalidated by every content change). */
export function tanksDb(db: Db, now?: number) {
  return cachedContent(db, "tanks", (d) => currentDocument(d, TANK_DATA), now);
}
