// CMS rules: the shapes of categories and contents, the whole-CMS export/import (validated whole,
// applied all-or-nothing), what the public information pages and the landing page read, and the
// demo world's guides, news and terms in ru and en.
import { z } from "zod";
import { and, asc, desc, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/index.ts";
import type { WorldStep } from "../db/demo.ts";
import { cmsCategories, cmsContents, CMS_TYPES } from "../db/schema/cms.ts";

export { categorySchema, contentSchema, exportSchema } from "./cms-shapes.ts";
import { exportSchema } from "./cms-shapes.ts";
import { notFound } from "./errors.ts";
export type CmsExport = z.output<typeof exportSchema>;

export async function exportCms(db: DbOrTx): Promise<CmsExport> {
  const categories = await db.select().from(cmsCategories).orderBy(asc(cmsCategories.id));
  const contents = await db.select().from(cmsContents).orderBy(asc(cmsContents.id));
  return {
    categories: categories.map(({ updatedAt: _u, ...c }) => c),
    contents: contents.map(({ updatedAt: _u, ...c }) => c),
  };
}

export interface CmsChanges {
  categories: { added: number[]; changed: number[]; removed: number[] };
  contents: { added: number[]; changed: number[]; removed: number[] };
}

const same = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  Object.keys(b).every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));

/** What importing `data` would change; the CMS becomes exactly `data`. */
export async function cmsChanges(db: DbOrTx, data: CmsExport): Promise<CmsChanges> {
  const now = await exportCms(db);
  const diff = <T extends { id: number }>(before: T[], after: T[]) => {
    const old = new Map(before.map((x) => [x.id, x]));
    const ids = new Set(after.map((x) => x.id));
    return {
      added: after.filter((x) => !old.has(x.id)).map((x) => x.id),
      changed: after
        .filter((x) => old.has(x.id) && !same(old.get(x.id)! as Record<string, unknown>, x as Record<string, unknown>))
        .map((x) => x.id),
      removed: before.filter((x) => !ids.has(x.id)).map((x) => x.id),
    };
  };
  return {
    categories: diff(now.categories, data.categories),
    contents: diff(now.contents, data.contents as typeof now.contents),
  };
}

/** Checks the references inside an export: ids unique, every category exists and has the content's type. */
export function checkExport(data: CmsExport): { path: string } | null {
  const cats = new Map<number, string>();
  for (const [i, c] of data.categories.entries()) {
    if (cats.has(c.id)) return { path: `categories.${i}.id` };
    cats.set(c.id, c.type);
  }
  const seen = new Set<number>();
  for (const [i, c] of data.contents.entries()) {
    if (seen.has(c.id)) return { path: `contents.${i}.id` };
    seen.add(c.id);
    if (c.categoryId !== null && cats.get(c.categoryId) !== c.type) return { path: `contents.${i}.categoryId` };
  }
  return null;
}

/** Replaces the whole CMS with `data` (inside the caller's transaction). */
export async function replaceCms(tx: DbOrTx, data: CmsExport, at: number) {
  await tx.delete(cmsContents);
  await tx.delete(cmsCategories);
  for (const c of data.categories) await tx.insert(cmsCategories).values({ ...c, updatedAt: at });
  for (const c of data.contents)
    await tx.insert(cmsContents).values({ ...c, publishedAt: c.publishedAt ?? at, updatedAt: at });
}

type Locale = "ru" | "en";
const title = (x: { titleRu: string; titleEn: string }, l: Locale) => (l === "ru" ? x.titleRu : x.titleEn);

/** The public information page: the type's published categories (navigation) and one content or a list. */
export async function information(
  db: Db,
  locale: Locale,
  type: (typeof CMS_TYPES)[number],
  at: { categoryId?: number; contentId?: number },
) {
  const cats = await db
    .select()
    .from(cmsCategories)
    .where(and(eq(cmsCategories.type, type), eq(cmsCategories.published, true)))
    .orderBy(asc(cmsCategories.sortOrder), asc(cmsCategories.id));
  const all = await db
    .select({
      id: cmsContents.id,
      categoryId: cmsContents.categoryId,
      titleRu: cmsContents.titleRu,
      titleEn: cmsContents.titleEn,
      publishedAt: cmsContents.publishedAt,
    })
    .from(cmsContents)
    .where(and(eq(cmsContents.type, type), eq(cmsContents.published, true)))
    .orderBy(asc(cmsContents.sortOrder), desc(cmsContents.publishedAt), asc(cmsContents.id));
  const visible = all.filter((c) => c.categoryId === null || cats.some((k) => k.id === c.categoryId));
  const categories = cats.map((k) => ({
    id: k.id,
    title: title(k, locale),
    contents: visible.filter((c) => c.categoryId === k.id).map((c) => ({ id: c.id, title: title(c, locale) })),
  }));
  const loose = visible
    .filter((c) => c.categoryId === null)
    .map((c) => ({ id: c.id, title: title(c, locale), publishedAt: c.publishedAt }));
  let category: { id: number; title: string } | null = null;
  let content: {
    id: number;
    categoryId: number | null;
    title: string;
    body: string;
    image: string;
    publishedAt: number;
  } | null = null;
  if (at.categoryId !== undefined) {
    const k = categories.find((x) => x.id === at.categoryId);
    if (!k) return null;
    category = { id: k.id, title: k.title };
  }
  const contentId =
    at.contentId ??
    (at.categoryId === undefined ? undefined : categories.find((x) => x.id === at.categoryId)!.contents[0]?.id);
  if (contentId !== undefined) {
    const [row] = await db
      .select()
      .from(cmsContents)
      .where(and(eq(cmsContents.id, contentId), eq(cmsContents.type, type), eq(cmsContents.published, true)))
      .limit(1);
    if (!row || !visible.some((v) => v.id === row.id)) {
      if (at.contentId !== undefined) return null;
    } else {
      content = {
        id: row.id,
        categoryId: row.categoryId,
        title: title(row, locale),
        body: locale === "ru" ? row.bodyRu : row.bodyEn,
        image: row.image,
        publishedAt: row.publishedAt,
      };
      if (row.categoryId !== null && !category)
        category = { id: row.categoryId, title: categories.find((x) => x.id === row.categoryId)!.title };
    }
  }
  return { type, categories, contents: loose, category, content };
}

/** The newest published items of a type, in a locale (news carousel, terms). */
export async function latest(db: Db, locale: Locale, type: (typeof CMS_TYPES)[number], limit: number) {
  const rows = await db
    .select()
    .from(cmsContents)
    .where(and(eq(cmsContents.type, type), eq(cmsContents.published, true)))
    .orderBy(desc(cmsContents.publishedAt), desc(cmsContents.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    title: title(r, locale),
    body: locale === "ru" ? r.bodyRu : r.bodyEn,
    image: r.image,
    publishedAt: r.publishedAt,
  }));
}

// ——— The demo world's CMS ———
const DAY = 86_400_000;
export const cmsStep: WorldStep = async ({ db, opts }) => {
  const at = opts.now;
  const categories = [
    { id: 1, type: "guide", titleRu: "Первые шаги", titleEn: "First steps", sortOrder: 1, published: true },
    { id: 2, type: "guide", titleRu: "Танки и модули", titleEn: "Tanks and modules", sortOrder: 2, published: true },
    { id: 3, type: "guide", titleRu: "Кланы", titleEn: "Clans", sortOrder: 3, published: true },
  ] as const;
  const g = (
    id: number,
    categoryId: number,
    sortOrder: number,
    titleRu: string,
    titleEn: string,
    bodyRu: string,
    bodyEn: string,
  ) => ({
    id,
    type: "guide" as const,
    categoryId,
    titleRu,
    titleEn,
    bodyRu,
    bodyEn,
    image: "",
    sortOrder,
    published: true,
    publishedAt: at - 30 * DAY,
  });
  const n = (id: number, days: number, titleRu: string, titleEn: string, bodyRu: string, bodyEn: string) => ({
    id,
    type: "news" as const,
    categoryId: null,
    titleRu,
    titleEn,
    bodyRu,
    bodyEn,
    image: "",
    sortOrder: 0,
    published: true,
    publishedAt: at - days * DAY,
  });
  const contents = [
    g(
      1,
      1,
      1,
      "Ваш первый бой",
      "Your first battle",
      "## Ваш первый бой\n\nВыберите танк в ангаре и нажмите **«В бой!»**. Держитесь рядом с союзниками, стреляйте по слабым местам — борта и корма брони тоньше лба.",
      "## Your first battle\n\nPick a tank in the garage and press **Battle!**. Stay near your allies and aim at weak spots — sides and rear are thinner than the front.",
    ),
    g(
      2,
      1,
      2,
      "Золото и серебро",
      "Gold and silver",
      "Серебро зарабатывается в боях и тратится на танки и модули. Золото покупается в магазине и нужно для премиум-танков, камуфляжей и премиум-аккаунта.",
      "Silver is earned in battles and spent on tanks and modules. Gold is bought in the shop and pays for premium tanks, camouflages and premium account.",
    ),
    g(
      3,
      2,
      1,
      "Типы танков",
      "Tank types",
      "- **Лёгкие** — разведка и скорость.\n- **Средние** — универсальные.\n- **Тяжёлые** — броня и урон.\n- **ПТ-САУ** — засады и пробитие.\n- **САУ** — огонь издалека.",
      "- **Light** — scouting and speed.\n- **Medium** — all-rounders.\n- **Heavy** — armour and damage.\n- **Tank destroyers** — ambushes and penetration.\n- **SPGs** — fire from afar.",
    ),
    g(
      4,
      2,
      2,
      "Модули и расходники",
      "Modules and consumables",
      "Модули улучшают орудие, башню, двигатель, ходовую и радиостанцию. Расходники (ремкомплект, аптечка, огнетушитель) тратятся в бою; оборудование вроде досылателя остаётся на танке.",
      "Modules improve the gun, turret, engine, suspension and radio. Consumables (repair kit, first aid kit, extinguisher) are used up in battle; equipment such as the gun rammer stays on the tank.",
    ),
    g(
      5,
      3,
      1,
      "Как вступить в клан",
      "Joining a clan",
      "Найдите клан в разделе «Кланы» и отправьте заявку. Офицер или командир клана её рассмотрит.",
      "Find a clan under Clans and send a request. An officer or the leader will review it.",
    ),
    n(
      6,
      2,
      "Двойной опыт на выходных",
      "Double XP this weekend",
      "С пятницы по воскресенье — **x2 опыта** за первую победу на каждом танке.",
      "Friday to Sunday — **x2 experience** for the first win on every tank.",
    ),
    n(
      7,
      9,
      "Новые премиум-танки",
      "New premium tanks",
      "В магазине появились Löwe и T34.",
      "Löwe and T34 are now in the shop.",
    ),
    n(
      8,
      20,
      "Обновление 1.4",
      "Update 1.4",
      "Новая карта «Прохоровка», переработанные британские тяжёлые танки.",
      "New map Prokhorovka, reworked British heavy tanks.",
    ),
    {
      id: 9,
      type: "terms" as const,
      categoryId: null,
      titleRu: "Пользовательское соглашение",
      titleEn: "Terms of Service",
      bodyRu:
        "## Пользовательское соглашение\n\n1. Играя в Tankodrome, вы соглашаетесь с этими правилами.\n2. Запрещены читы, боты и продажа аккаунтов.\n3. Покупки внутриигровой валюты не возвращаются, кроме случаев, предусмотренных законом.\n4. Мы храним ваши данные согласно политике конфиденциальности; вы можете удалить их в профиле.",
      bodyEn:
        "## Terms of Service\n\n1. By playing Tankodrome you accept these rules.\n2. Cheats, bots and account sales are forbidden.\n3. Purchases of in-game currency are not refundable except where the law requires.\n4. We keep your data under our privacy policy; you can erase it from your profile.",
      image: "",
      sortOrder: 0,
      published: true,
      publishedAt: at - 60 * DAY,
    },
  ];
  const data = exportSchema.parse({ categories, contents });
  await db.transaction(async (tx) => replaceCms(tx, data, at));
};

/** The CMS type an information page's address names (guides when none); an unknown one is a 404. */
export function cmsTypeOf(raw: string | undefined): (typeof CMS_TYPES)[number] {
  const parsed = z.enum(CMS_TYPES).safeParse(raw ?? "guide");
  if (!parsed.success) throw notFound();
  return parsed.data;
}
