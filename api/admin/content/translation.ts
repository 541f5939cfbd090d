// The UI's texts as operators edit them (/admin/translation/): importFromProject brings the
// project's compiled lingui catalogs in (the English source and each locale's text per message
// id); io lists them per locale — missing (the project has no text), edited, changed (the project's
// text moved since the edit) — and saves an operator's text; export gives a locale's PO file. The
// edited texts reach players without a rebuild: the UI loads /texts/{locale} (cached per instance,
// invalidated by every edit) over its compiled catalogue on start.
import type { Hono } from "hono";
import { z } from "zod";
import { and, asc, count, eq, isNotNull, isNull, like, ne, or, sql, type SQL } from "drizzle-orm";
import type { HonoEnv } from "../../http/env.ts";
import { assertCsrf, page, route } from "../../http/router.ts";
import { parseFields } from "../../http/validate.ts";
import * as f from "../../domain/fields.ts";
import { audit, valuesOf } from "../../http/audit.ts";
import { AppError, notFound } from "../../domain/errors.ts";
import type { DbOrTx } from "../../db/index.ts";
import { uiTranslations } from "../../db/schema/progression.ts";
import { bumpContentCache, dropContentCache } from "../../domain/content-cache.ts";
import { editedTexts, type Compiled } from "../../domain/ui-texts.ts";
import { texts } from "../../contracts/public/texts.ts";

export const UI_LOCALES = ["ru", "en"] as const;
type UiLocale = (typeof UI_LOCALES)[number];

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
    const mod = (await import(`../../../ui/locales/${locale}.ts`)) as { messages: Record<string, Compiled> };
    return mod.messages;
  } catch {
    throw new AppError("unavailable", "content.error.noCatalog", [locale], 503);
  }
}

export const TRANSLATION_STATUSES = ["all", "missing", "edited", "changed"] as const;
const statusWhere = (s: (typeof TRANSLATION_STATUSES)[number]): SQL | undefined =>
  s === "missing"
    ? and(eq(uiTranslations.projectText, ""), isNull(uiTranslations.text))
    : s === "edited"
      ? isNotNull(uiTranslations.text)
      : s === "changed"
        ? and(isNotNull(uiTranslations.text), ne(uiTranslations.editedFrom, uiTranslations.projectText))
        : undefined;

const listInput = z.object({
  locale: f.optional(z.enum(UI_LOCALES)).default("ru"),
  status: f.optional(z.enum(TRANSLATION_STATUSES)).default("all"),
  q: f.optionalText(100),
  page: f.optional(f.int(1, 100_000)).default(1),
  size: f.optional(f.int(1, 200)).default(20),
});

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

async function list(db: DbOrTx, q: z.output<typeof listInput>) {
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
    .orderBy(asc(uiTranslations.source), asc(uiTranslations.key))
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
      status:
        r.text !== null && r.editedFrom !== r.projectText
          ? "changed"
          : r.text !== null
            ? "edited"
            : r.projectText === ""
              ? "missing"
              : "project",
    })),
    total: n,
    page: q.page,
    size: q.size,
  };
}

const poEscape = (s: string) => s.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");

export function registerTranslation(app: Hono<HonoEnv>) {
  const who = { auth: "admin", role: "operator" } as const;
  page(app, { path: "/admin/translation/", ...who }, {}, async (c) =>
    c.json({ locales: UI_LOCALES, statuses: TRANSLATION_STATUSES, counts: await counts(c.var.deps.db) }),
  );

  // GET: the texts of a locale by status (paged, searched); POST: an operator's text (empty: the project's again).
  const saveInput = z.object({
    locale: z.enum(UI_LOCALES),
    key: f.text(1, 64),
    text: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), z.string().max(5000).nullable()),
  });
  // Reading needs no CSRF token; a save does (checked here: the route answers both).
  route(app, { method: "ANY", path: "/admin/translation/io", ...who }, {}, async (c, _v, ctx) => {
    const { db, clock } = c.var.deps;
    if (c.req.method === "GET" || c.req.method === "HEAD")
      return c.json({ ...(await list(db, await parseFields(c, listInput))), counts: await counts(db) });
    assertCsrf(c, "admin");
    const s = await parseFields(c, saveInput);
    const at = clock.now();
    const saved = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(uiTranslations)
        .where(and(eq(uiTranslations.locale, s.locale), eq(uiTranslations.key, s.key)))
        .limit(1);
      if (!row) throw notFound();
      await tx
        .update(uiTranslations)
        .set({
          text: s.text,
          editedFrom: s.text === null ? null : row.projectText,
          updatedBy: ctx.actor.username,
          updatedAt: at,
        })
        .where(and(eq(uiTranslations.locale, s.locale), eq(uiTranslations.key, s.key)));
      await audit(c, tx, {
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
    dropContentCache(db, `texts.${s.locale}`);
    return c.json(saved);
  });

  // The project's catalogues in: new ids added, texts updated; ids the project dropped go unless edited.
  route(app, { method: "ANY", path: "/admin/translation/importFromProject", ...who, mutates: true }, {}, async (c) => {
    const { db, clock } = c.var.deps;
    const at = clock.now();
    const catalogs = Object.fromEntries(
      await Promise.all(UI_LOCALES.map(async (l) => [l, await projectCatalog(l)] as const)),
    ) as Record<UiLocale, Record<string, Compiled>>;
    const source = catalogs.en;
    const result = await db.transaction(async (tx) => {
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
          await tx
            .delete(uiTranslations)
            .where(and(eq(uiTranslations.locale, locale), eq(uiTranslations.key, gone.key)));
          totals.removed++;
        }
        await bumpContentCache(tx, `texts.${locale}`, at);
      }
      await audit(c, tx, {
        action: "/admin/translation/importFromProject",
        targetType: "translation",
        summary: `project catalogues: +${totals.added} ~${totals.changed} -${totals.removed} =${totals.unchanged}`,
        details: valuesOf({ ...totals }),
      });
      return totals;
    });
    for (const l of UI_LOCALES) dropContentCache(db, `texts.${l}`);
    return c.json(result);
  });

  const exportInput = z.object({ locale: f.optional(z.enum(UI_LOCALES)).default("ru") });
  route(
    app,
    { method: "ANY", path: "/admin/translation/export", ...who },
    { input: exportInput },
    async (c, { locale }) => {
      const rows = await c.var.deps.db
        .select()
        .from(uiTranslations)
        .where(eq(uiTranslations.locale, locale))
        .orderBy(asc(uiTranslations.source));
      const body = [
        `msgid ""`,
        `msgstr ""`,
        `"Content-Type: text/plain; charset=utf-8\\n"`,
        `"Language: ${locale}\\n"`,
        "",
      ];
      for (const r of rows)
        body.push(
          `#. id: ${r.key}`,
          `msgid "${poEscape(r.source)}"`,
          `msgstr "${poEscape(r.text ?? r.projectText)}"`,
          "",
        );
      c.header("content-disposition", `attachment; filename="ui-${locale}.po"`);
      return c.body(body.join("\n"), 200, { "content-type": "text/x-gettext-translation; charset=utf-8" });
    },
  );

  // What the UI loads over its compiled catalogue on start (EXTRAS in the conformance test).
  route(app, texts, async (c, { locale }) => {
    c.header("cache-control", "no-cache");
    return editedTexts(c.var.deps.db, locale, c.var.deps.clock.now());
  });
}
