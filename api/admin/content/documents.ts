// Whole-document content: the tank catalogue (/admin/tankData/: tanks, module types, module upgrade
// levels, camouflages, decals) and all options (/admin/optionsData/: every variant of the client and
// server options and the battle options in force), each as one versioned JSON document. Export
// downloads it; import validates a file whole, answers its difference per section first, and with
// `apply` takes a backup of the current document and replaces it all-or-nothing; backUpData lists
// the kept backups, takes one by hand, downloads one, or restores one (after backing up the current).
// /admin/api/tanksdb/get answers the tank database as the game client and battle servers read it.
import { adminCtx } from "../../http/context.ts";
import { noAuditDue } from "../../domain/context.ts";
import type { Context, Hono } from "hono";
import { z } from "zod";
import { and, asc, desc, eq, inArray, notInArray } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { HonoEnv } from "../../http/env.ts";
import { assertCsrf, page, route } from "../../http/router.ts";
import * as adminApi from "../../contracts/admin/api.ts";
import * as f from "../../domain/fields.ts";
import { audit, pathAction, valuesOf, type AuditDetails } from "../../http/audit.ts";
import { notFound } from "../../domain/errors.ts";
import type { Db, DbOrTx, Tx } from "../../db/index.ts";
import { contentTanks, contentModuleTypes, contentCamouflages, contentDecals } from "../../db/schema/content.ts";
import { contentBackups, contentModuleUpgrades } from "../../db/schema/progression.ts";
import { options } from "../../db/schema/system.ts";
import { tankSchema, moduleTypeSchema, camouflageSchema, decalSchema } from "../../domain/content.ts";
import { moduleUpgradeSchema } from "../../domain/progression-content.ts";
import {
  bumpCache,
  currentBattleOptions,
  saveBattleOptions,
  saveOptionInput,
  shapeIssues,
  battleOptionsShape,
  dropCachedOptions,
  DEFAULT_VARIANT,
} from "../../domain/options.ts";
import { bumpContentCache, cachedContent, dropContentCache } from "../../domain/content-cache.ts";
import { diff } from "../../domain/resources.ts";
import { importError, readDocument, uploadedText } from "../resources/io.ts";
import { translate } from "../../i18n/index.ts";
import { issueMessage } from "../../domain/validation.ts";

type Row = Record<string, unknown>;
interface Section {
  /** The rows' natural key in the document ("id", or "scope/key/variant" for options). */
  keyOf: (item: Row) => string;
  schema: z.ZodType;
  read: (db: DbOrTx) => Promise<Row[]>;
  /** Replaces the section's rows with the document's (in the caller's transaction). */
  write: (tx: Tx, items: Row[], at: number) => Promise<void>;
}
interface DocumentKind {
  kind: "tankData" | "optionsData";
  base: string;
  sections: Record<string, Section>;
  /** Caches the new document invalidates. */
  afterWrite: (c: Context<HonoEnv>, tx: Tx, at: number) => Promise<void>;
}

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
  afterWrite: async (c, tx, at) => {
    await bumpContentCache(tx, "tanks", at);
    dropContentCache(c.var.deps.db, "tanks");
  },
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
  afterWrite: async (c, tx, at) => {
    for (const cache of ["client", "server"] as const) {
      await bumpCache(tx, cache, at);
      dropCachedOptions(c.var.deps.db, cache);
    }
  },
};

export async function currentDocument(db: DbOrTx, d: DocumentKind): Promise<Record<string, unknown>> {
  const doc: Record<string, unknown> = { format: `tankodrome.${d.kind}`, version: 1 };
  for (const [name, s] of Object.entries(d.sections)) doc[name] = await s.read(db);
  return doc;
}

/** How many rows each section holds ({"tanks":44,…}): what a backup's summary keeps, for the screen to name. */
const countsOf = (doc: Record<string, unknown>, d: DocumentKind) =>
  Object.fromEntries(Object.keys(d.sections).map((k) => [k, (doc[k] as unknown[]).length]));
const summaryOf = (doc: Record<string, unknown>, d: DocumentKind) => JSON.stringify(countsOf(doc, d));

interface SectionDiff {
  added: string[];
  changed: { key: string; summary: string }[];
  removed: string[];
  unchanged: number;
}

/** Validates a document's every section and row (and unique keys per section); a bad one is a 400 naming where. */
function validateDocument(
  d: DocumentKind,
  text: string,
  locale: Parameters<typeof translate>[0],
): Record<string, Row[]> {
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

async function takeBackup(c: Context<HonoEnv>, tx: DbOrTx, d: DocumentKind, reason: string, at: number) {
  const doc = await currentDocument(tx, d);
  const [b] = await tx
    .insert(contentBackups)
    .values({
      kind: d.kind,
      reason,
      adminUsername: adminCtx(c).actor.username,
      summary: summaryOf(doc, d),
      document: JSON.stringify(doc),
      createdAt: at,
    })
    .returning({ id: contentBackups.id });
  return b.id;
}

async function writeDocument(c: Context<HonoEnv>, tx: Tx, d: DocumentKind, doc: Record<string, Row[]>, at: number) {
  for (const [name, s] of Object.entries(d.sections)) await s.write(tx, doc[name], at);
  if (d.kind === "optionsData" && doc.battle[0]) {
    const cur = await currentBattleOptions(tx);
    if (JSON.stringify(cur?.value) !== JSON.stringify(doc.battle[0]))
      await saveBattleOptions(tx, doc.battle[0], adminCtx(c).actor.username, at);
  }
  await d.afterWrite(c, tx, at);
}

const listBackups = (db: DbOrTx, d: DocumentKind) =>
  db
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

function registerDocument(
  app: Hono<HonoEnv>,
  d: DocumentKind,
  actions: { export?: string; import: string; backup: string },
) {
  const who = { auth: "admin", role: "admin" } as const;
  page(app, { path: d.base, ...who }, {}, async (c) => {
    const doc = await currentDocument(c.var.deps.db, d);
    return c.json({
      kind: d.kind,
      counts: countsOf(doc, d),
      sections: Object.keys(d.sections),
      backups: await listBackups(c.var.deps.db, d),
      actions: {
        export: actions.export ? `${d.base}${actions.export}` : undefined,
        import: `${d.base}${actions.import}`,
        backup: `${d.base}${actions.backup}`,
      },
    });
  });

  const download = (c: Context<HonoEnv>, doc: unknown, name: string) => {
    c.header("content-disposition", `attachment; filename="${name}.json"`);
    c.header("cache-control", "no-store");
    return c.json(doc);
  };
  if (actions.export)
    route(app, { method: "ANY", path: `${d.base}${actions.export}`, ...who }, {}, async (c) => {
      const day = new Date(c.var.deps.clock.now()).toISOString().slice(0, 10);
      return download(c, await currentDocument(c.var.deps.db, d), `${d.kind}-${day}`);
    });

  const importInput = z.object({ apply: f.optional(f.bool()).default(false) });
  route(
    app,
    { method: "ANY", path: `${d.base}${actions.import}`, ...who, mutates: true },
    { input: importInput },
    async (c, { apply }, ctx) => {
      const next = validateDocument(d, await uploadedText(c), c.var.locale);
      const { db, clock } = c.var.deps;
      const at = clock.now();
      const result = await db.transaction(async (tx) => {
        const changes = diffDocument(d, await currentDocument(tx, d), next);
        if (!apply) return { changes };
        const backupId = await takeBackup(c, tx, d, "before-import", at);
        await writeDocument(c, tx, d, next, at);
        await audit(c, tx, {
          action: pathAction(`${d.base}${actions.import}`),
          targetType: d.kind,
          summary: `import (backup #${backupId}): ${diffLine(changes)}`,
          details: sectionsDetails(changes, backupId),
        });
        return { changes, backupId };
      });
      if (!apply) noAuditDue(ctx);
      return c.json({ applied: apply, ...result });
    },
  );

  // GET: the kept backups (or one of them, ?id=N, as a file); POST: take one, or restore ?restore=N.
  const backupInput = z.object({ id: f.optional(f.id()), restore: f.optional(f.id()), note: f.optionalText(200) });
  // Reading (the list, a download) needs no CSRF token; taking or restoring one does (checked here).
  route(app, { method: "ANY", path: `${d.base}${actions.backup}`, ...who }, { input: backupInput }, async (c, q) => {
    const { db, clock } = c.var.deps;
    if (c.req.method === "GET" || c.req.method === "HEAD") {
      if (q.id === undefined) return c.json({ backups: await listBackups(db, d) });
      const [b] = await db
        .select()
        .from(contentBackups)
        .where(and(eq(contentBackups.id, q.id), eq(contentBackups.kind, d.kind)))
        .limit(1);
      if (!b) throw notFound();
      return download(c, JSON.parse(b.document), `${d.kind}-backup-${b.id}`);
    }
    assertCsrf(c, "admin");
    const at = clock.now();
    if (q.restore === undefined) {
      const id = await db.transaction(async (tx) => {
        const backupId = await takeBackup(c, tx, d, q.note ? `manual: ${q.note}` : "manual", at);
        await audit(c, tx, {
          action: pathAction(`${d.base}${actions.backup}`),
          targetType: d.kind,
          targetId: backupId,
          summary: "backup taken",
          details: valuesOf({ backup: backupId, note: q.note }),
        });
        return backupId;
      });
      return c.json({ backupId: id });
    }
    const restore = q.restore;
    const out = await db.transaction(async (tx) => {
      const [b] = await tx
        .select()
        .from(contentBackups)
        .where(and(eq(contentBackups.id, restore), eq(contentBackups.kind, d.kind)))
        .limit(1);
      if (!b) throw notFound();
      // A backup is checked like an import: rules may have changed since it was taken.
      const next = validateDocument(d, b.document, c.var.locale);
      const changes = diffDocument(d, await currentDocument(tx, d), next);
      const backupId = await takeBackup(c, tx, d, "before-restore", at);
      await writeDocument(c, tx, d, next, at);
      await audit(c, tx, {
        action: pathAction(`${d.base}${actions.backup}`),
        targetType: d.kind,
        targetId: restore,
        summary: `restored backup #${restore} (current kept as #${backupId}): ${diffLine(changes)}`,
        details: {
          changes: [{ field: "restoredBackup", after: restore }, ...sectionsDetails(changes, backupId).changes],
        },
      });
      return { restored: restore, backupId, changes };
    });
    return c.json(out);
  });
}

/** The tank database as the game client and battle servers read it (cached, invalidated by every content change). */
export function tanksDb(db: Db, now?: number) {
  return cachedContent(db, "tanks", (d) => currentDocument(d, TANK_DATA), now);
}

export function registerContentDocuments(app: Hono<HonoEnv>) {
  registerDocument(app, TANK_DATA, { export: "exportData", import: "importData", backup: "backUpData" });
  registerDocument(app, OPTIONS_DATA, { import: "importData", backup: "backUpData" });
  route(app, adminApi.tanksDb, async (c, { activeOnly }) => {
    const dbDoc = await tanksDb(c.var.deps.db, c.var.deps.clock.now());
    const active = <T extends Row>(rows: T[]) => (activeOnly ? rows.filter((r) => r.active !== false) : rows);
    return {
      tanks: active(dbDoc.tanks as Row[]),
      moduleTypes: active(dbDoc.moduleTypes as Row[]),
      moduleUpgrades: dbDoc.moduleUpgrades,
      camouflages: active(dbDoc.camouflages as Row[]),
      decals: active(dbDoc.decals as Row[]),
    };
  });
}
