// The UI's texts as operators edit them (/admin/translation/): importProjectTexts brings the
// project's compiled lingui catalogs in (the English source and each locale's text per message
// id); listTranslations lists them per locale — missing (the project has no text), edited,
// changed (the project's text moved since the edit) — and saveTranslation keeps an operator's
// text; translationPo gives a locale's PO file. The edited texts reach players without a rebuild
// (api/domain/ui-texts.ts: /texts/{locale}, cached per instance, invalidated by every edit).
import { and, asc, count, desc, eq, isNotNull, isNull, like, ne, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../db/index.ts";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { uiTranslations } from "../db/schema/progression.ts";
import { AppError, notFound } from "./errors.ts";
import { audit, valuesOf } from "./audit.ts";
import { inTransaction, transact, type AdminActor, type AdminCtx, type Call } from "./context.ts";
import { bumpContentCache, dropContentCache } from "./content-cache.ts";
import type { Compiled } from "./ui-texts.ts";

export const UI_LOCALES = ["ru", "en"] as const;
export type UiLocale = (typeof UI_LOCALES)[number];
export const TRANSLATION_STATUSES = ["all", "missing", "edited", "changed"] as const;
export type TranslationStatus = (typeof TRANSLATION_STATUSES)[number];
/** A row's state: the project's text as it is, or missing, edited, changed since the edit. */
export const ROW_STATUSES = ["project", "missing", "edited", "changed"] as const;

/** A compiled message as editable text ("Hello {name}"), or undefined for plurals and selects. */
export function textOf(m: Compiled): string | undefined {
  if (typeof m === "string") return m;
  let out = "";
  for (const part of m) {
    if (typeof part === "string") out += part;
    else if (Array.isArray(part) && part.length === 1 && typeof part[0] === "string") out += `{${part[0]}}`;
    else return undefined;
  }
  return out;
}

/** The project's catalogues, as `bun run ui:build` compiles them (ui/locales/{locale}.ts). */
async function projectCatalog(locale: UiLocale): Promise<Record<string, Compiled>> {
  try {
    const mod = (await import(`../../ui/locales/${locale}.ts`)) as { messages: Record<string, Compiled> };
    return mod.messages;
  } catch {
    throw new AppError("unavailable", "content.error.noCatalog", [locale], 503);
  }
}

const statusWhere = (s: TranslationStatus): SQL | undefined =>
  s === "missing"
    ? and(eq(uiTranslations.projectText, ""), isNull(uiTranslations.text))
    : s === "edited"
      ? isNotNull(uiTranslations.text)
      : s === "changed"
        ? and(isNotNull(uiTranslations.text), ne(uiTranslations.editedFrom, uiTranslations.projectText))
        : undefined;

/** How many texts of each locale are in each status. */
async function counts(db: DbOrTx) {
  const out: Record<string, Record<string, number>> = {};
  for (const locale of UI_LOCALES) {
    out[locale] = {};
    for (const s of TRANSLATION_STATUSES) {
      const [{ n }] = await db
        .select({ n: count() })
        .from(uiTranslations)
        .where(and(eq(uiTranslations.locale, locale), statusWhere(s)));
      out[locale][s] = n;
    }
  }
  return out;
}

/** The screen's head: the locales, the statuses and the counts. */
export async function translationHead({ ctx }: { ctx: AdminCtx }) {
  return { locales: [...UI_LOCALES], statuses: [...TRANSLATION_STATUSES], counts: await counts(ctx.db) };
}

/** What the list sorts by: a column of the screen's table (status as the row shows it). */
export const TRANSLATION_SORTS = ["source", "projectText", "text", "status", "updatedAt"] as const;
const sortBy: Record<(typeof TRANSLATION_SORTS)[number], SQL | AnySQLiteColumn> = {
  source: uiTranslations.source,
  projectText: uiTranslations.projectText,
  text: uiTranslations.text,
  updatedAt: uiTranslations.updatedAt,
  // The row's status (listTranslations' rows), by its name.
  status: sql`case when ${uiTranslations.text} is not null and ${uiTranslations.editedFrom} is not ${uiTranslations.projectText} then 'changed' when ${uiTranslations.text} is not null then 'edited' when ${uiTranslations.projectText} = '' then 'missing' else 'project' end`,
};

export interface TranslationQuery {
  locale: UiLocale;
  status: TranslationStatus;
  q?: string;
  page: number;
  size: number;
  sort: (typeof TRANSLATION_SORTS)[number];
  dir: "asc" | "desc";
}

/** A locale's texts by status (paged, searched in the source, the project's text, the edit and the id), with the counts. */
export async function listTranslations({ ctx, input: q }: Call<TranslationQuery>) {
  const db = ctx.db;
  const search = q.q ? `%${q.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : undefined;
  const where = and(
    eq(uiTranslations.locale, q.locale),
    statusWhere(q.status),
    search
      ? or(
          sql`${uiTranslations.source} like ${search} escape '\\'`,
          sql`${uiTranslations.projectText} like ${search} escape '\\'`,
          sql`${uiTranslations.text} like ${search} escape '\\'`,
          like(uiTranslations.key, search),
        )
      : undefined,
  );
  const rows = await db
    .select()
    .from(uiTranslations)
    .where(where)
    .orderBy(q.dir === "desc" ? desc(sortBy[q.sort]) : asc(sortBy[q.sort]), asc(uiTranslations.key))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const [{ n }] = await db.select({ n: count() }).from(uiTranslations).where(where);
  return {
    rows: rows.map((r) => ({
      key: r.key,
      source: r.source,
      projectText: r.projectText,
      text: r.text,
      updatedBy: r.updatedBy,
      updatedAt: r.updatedAt,
      status: (r.text !== null && r.editedFrom !== r.projectText
        ? "changed"
        : r.text !== null
          ? "edited"
          : r.projectText === ""
            ? "missing"
            : "project") as (typeof ROW_STATUSES)[number],
    })),
    total: n,
    page: q.page,
    size: q.size,
    counts: await counts(db),
  };
}

/** An operator's text for one id of a locale (null: the project's again); audited, the texts' cache dropped. */
export async function saveTranslation({
  ctx,
  input: s,
}: Call<{ locale: UiLocale; key: string; text: string | null }, AdminActor>) {
  const at = ctx.clock.now();
  const saved = await transact(ctx, async (ctx) => {
    const tx = ctx.db;
    const one = and(eq(uiTranslations.locale, s.locale), eq(uiTranslations.key, s.key));
    const [row] = await tx.select().from(uiTranslations).where(one).limit(1);
    if (!row) throw notFound();
    await tx
      .update(uiTranslations)
      .set({
        text: s.text,
        editedFrom: s.text === null ? null : row.projectText,
        updatedBy: ctx.actor.username,
        updatedAt: at,
      })
      .where(one);
    await audit(ctx, {
      action: "/admin/translation/io",
      targetType: "translation",
      targetId: `${s.locale}:${s.key}`,
      summary: `${JSON.stringify(row.text ?? row.projectText)} → ${JSON.stringify(s.text ?? row.projectText)}`,
      details: {
        scope: s.locale,
        changes: [{ field: "texts", before: row.text ?? row.projectText, after: s.text ?? row.projectText }],
      },
    });
    await bumpContentCache(tx, `texts.${s.locale}`, at);
    return { key: s.key, locale: s.locale, text: s.text };
  });
  // This instance's cache, once the change is committed (a caller's open transaction: its own commit bumps the stamp).
  if (!inTransaction(ctx.db)) dropContentCache(ctx.db, `texts.${s.locale}`);
  return saved;
}

/** The project's catalogues in: new ids added, texts updated; ids the project dropped go unless edited. */
export async function importProjectTexts({ ctx }: { ctx: AdminCtx }) {
  const at = ctx.clock.now();
  const catalogs = Object.fromEntries(
    await Promise.all(UI_LOCALES.map(async (l) => [l, await projectCatalog(l)] as const)),
  ) as Record<UiLocale, Record<string, Compiled>>;
  const source = catalogs.en;
  const result = await transact(ctx, async (ctx) => {
    const tx = ctx.db;
    const totals = { added: 0, changed: 0, removed: 0, unchanged: 0 };
    for (const locale of UI_LOCALES) {
      const have = new Map(
        (await tx.select().from(uiTranslations).where(eq(uiTranslations.locale, locale))).map((r) => [r.key, r]),
      );
      for (const [key, compiled] of Object.entries(source)) {
        const src = textOf(compiled);
        if (src === undefined) continue;
        const own = catalogs[locale][key];
        const projectText = own === undefined ? "" : (textOf(own) ?? "");
        const old = have.get(key);
        have.delete(key);
        if (!old) {
          await tx.insert(uiTranslations).values({ locale, key, source: src, projectText, updatedAt: at });
          totals.added++;
        } else if (old.source !== src || old.projectText !== projectText) {
          await tx
            .update(uiTranslations)
            .set({ source: src, projectText, updatedAt: at })
            .where(and(eq(uiTranslations.locale, locale), eq(uiTranslations.key, key)));
          totals.changed++;
        } else totals.unchanged++;
      }
      for (const gone of have.values()) {
        if (gone.text !== null) continue;
        await tx.delete(uiTranslations).where(and(eq(uiTranslations.locale, locale), eq(uiTranslations.key, gone.key)));
        totals.removed++;
      }
      await bumpContentCache(tx, `texts.${locale}`, at);
    }
    await audit(ctx, {
      action: "/admin/translation/importFromProject",
      targetType: "translation",
      summary: `project catalogues: +${totals.added} ~${totals.changed} -${totals.removed} =${totals.unchanged}`,
      details: valuesOf({ ...totals }),
    });
    return totals;
  });
  const db = ctx.db;
  if (!inTransaction(db)) for (const l of UI_LOCALES) dropContentCache(db, `texts.${l}`);
  return result;
}

const poEscape = (s: string) => s.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");

/** A locale's texts as a PO file (the operator's text where there is one, else the project's). */
export async function translationPo({ ctx, input }: Call<{ locale: UiLocale }>) {
  const rows = await ctx.db
    .select()
    .from(uiTranslations)
    .where(eq(uiTranslations.locale, input.locale))
    .orderBy(asc(uiTranslations.source));
  const body = [
    `msgid ""`,
    `msgstr ""`,
    `"Content-Type: text/plain; charset=utf-8\\n"`,
    `"Language: ${input.locale}\\n"`,
    "",
  ];
  for (const r of rows)
    body.push(`#. id: ${r.key}`, `msgid "${poEscape(r.source)}"`, `msgstr "${poEscape(r.text ?? r.projectText)}"`, "");
  return body.join("\n");
}
