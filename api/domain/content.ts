// Game content: the zod shape of each kind (validated on every write), the demo catalogue and the
// demo-world step that puts it in place. Written against DbOrTx so seeding and admin share it.
import { z } from "zod";
import { asc } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/index.ts";
import type { WorldStep } from "../db/demo.ts";
import {
  contentTanks,
  contentConsumables,
  contentCamouflages,
  contentDecals,
  contentModuleTypes,
  contentKits,
  NATIONS,
  TANK_TYPES,
  MODULE_SLOTS,
  CONSUMABLE_KINDS,
} from "../db/schema/content.ts";

const id = z.coerce.number().int().min(1).max(2_147_483_647);
const name = z.string().trim().min(1).max(80);
const price = z.coerce.number().int().min(0).max(100_000_000);
const level = z.coerce.number().int().min(1).max(100);
const pct = z.coerce.number().int().min(0).max(1000);
const order = z.coerce.number().int().min(-100_000).max(100_000).default(0);
const flag = z.union([
  z.boolean(),
  z.enum(["true", "false", "on", "1", "0"]).transform((v) => v === "true" || v === "on" || v === "1"),
]);
const priced = z.object({ priceGold: price.default(0), priceSilver: price.default(0) });

export const tankSchema = z
  .object({
    id,
    nameRu: name,
    nameEn: name,
    nation: z.enum(NATIONS),
    type: z.enum(TANK_TYPES),
    tier: z.coerce.number().int().min(1).max(10),
    requiredLevel: level.default(1),
    premium: flag.default(false),
    hp: z.coerce.number().int().min(1).max(100_000),
    damage: z.coerce.number().int().min(1).max(10_000),
    penetration: z.coerce.number().int().min(1).max(2_000),
    armor: z.coerce.number().int().min(0).max(2_000),
    speed: z.coerce.number().int().min(1).max(200),
    rateOfFire: z.coerce.number().int().min(1).max(1_000),
    sortOrder: order,
    active: flag.default(true),
  })
  .merge(priced);

export const consumableSchema = z
  .object({
    id,
    nameRu: name,
    nameEn: name,
    descriptionRu: z.string().trim().max(500).default(""),
    descriptionEn: z.string().trim().max(500).default(""),
    kind: z.enum(CONSUMABLE_KINDS),
    consumable: flag.default(true),
    requiredLevel: level.default(1),
    cooldown: z.coerce.number().int().min(0).max(86_400).default(0),
    effect: pct.default(0),
    sortOrder: order,
    active: flag.default(true),
  })
  .merge(priced);

export const camouflageSchema = z
  .object({
    id,
    nameRu: name,
    nameEn: name,
    season: z.enum(["summer", "winter", "desert", "universal"]),
    concealment: pct.default(0),
    nation: z.enum(NATIONS).nullable().default(null),
    durationDays: z.coerce.number().int().min(0).max(3650).default(0),
    image: z.string().trim().max(300).default(""),
    sortOrder: order,
    active: flag.default(true),
  })
  .merge(priced);

export const decalSchema = z
  .object({
    id,
    nameRu: name,
    nameEn: name,
    kind: z.enum(["emblem", "inscription"]),
    requiredLevel: level.default(1),
    image: z.string().trim().max(300).default(""),
    sortOrder: order,
    active: flag.default(true),
  })
  .merge(priced);

export const moduleTypeSchema = z
  .object({
    id,
    nameRu: name,
    nameEn: name,
    slot: z.enum(MODULE_SLOTS),
    tier: z.coerce.number().int().min(1).max(10),
    bonus: pct.default(0),
    sortOrder: order,
    active: flag.default(true),
  })
  .merge(priced);

export const KIT_ITEM_KINDS = ["tank", "consumable", "camouflage", "decal", "module"] as const;
export const kitSchema = z
  .object({
    id,
    nameRu: name,
    nameEn: name,
    items: z
      .array(z.object({ kind: z.enum(KIT_ITEM_KINDS), id, count: z.coerce.number().int().min(1).max(10_000) }))
      .min(1)
      .max(50),
    requiredLevel: level.default(1),
    sortOrder: order,
    active: flag.default(true),
  })
  .merge(priced);

/** What a kit may hold, by item kind: [id, name ru, name en] of every tank, consumable, camouflage, decal and module. */
export async function kitCatalogue(
  db: DbOrTx,
): Promise<Record<(typeof KIT_ITEM_KINDS)[number], [number, string, string][]>> {
  const names = async (
    table:
      | typeof contentTanks
      | typeof contentConsumables
      | typeof contentCamouflages
      | typeof contentDecals
      | typeof contentModuleTypes,
  ) =>
    (
      await db.select({ id: table.id, nameRu: table.nameRu, nameEn: table.nameEn }).from(table).orderBy(asc(table.id))
    ).map((r): [number, string, string] => [r.id, r.nameRu, r.nameEn]);
  const [tank, consumable, camouflage, decal, module] = await Promise.all([
    names(contentTanks),
    names(contentConsumables),
    names(contentCamouflages),
    names(contentDecals),
    names(contentModuleTypes),
  ]);
  return { tank, consumable, camouflage, decal, module };
}

export type Tank = z.input<typeof tankSchema>;
type TankRow = Omit<Tank, "priceGold" | "priceSilver"> & { priceGold?: number; priceSilver?: number };

// ——— The demo catalogue ———
// Stats grow with tier; silver tanks of a line, a few premium tanks for gold.
const t = (
  id: number,
  nameRu: string,
  nameEn: string,
  nation: (typeof NATIONS)[number],
  type: (typeof TANK_TYPES)[number],
  tier: number,
  premium = false,
): TankRow => {
  const k = {
    light: [0.8, 0.7, 1.0, 0.5, 1.4],
    medium: [1, 1, 1, 1, 1],
    heavy: [1.35, 1.3, 1.05, 1.6, 0.7],
    td: [0.85, 1.45, 1.3, 0.9, 0.8],
    spg: [0.6, 2.2, 0.9, 0.2, 0.75],
  }[type];
  return {
    id,
    nameRu,
    nameEn,
    nation,
    type,
    tier,
    premium,
    requiredLevel: Math.max(1, (tier - 1) * 3),
    hp: Math.round((150 + tier * 120) * k[0]),
    damage: Math.round((30 + tier * 28) * k[1]),
    penetration: Math.round((35 + tier * 22) * k[2]),
    armor: Math.round((15 + tier * 18) * k[3]),
    speed: Math.round(58 - tier * 1.5 + (k[4] - 1) * 20),
    rateOfFire: Math.round(160 - tier * 10),
    priceGold: premium ? 500 + tier * 1250 : 0,
    priceSilver: premium ? 0 : tier === 1 ? 0 : Math.round((2_500 * 2.4 ** (tier - 1)) / 100) * 100,
    sortOrder: tier * 100 + (id % 100),
    active: true,
  };
};

export const DEMO_TANKS: TankRow[] = [
  t(1, "МС-1", "MS-1", "ussr", "light", 1),
  t(2, "Т-26", "T-26", "ussr", "light", 2),
  t(3, "Т-46", "T-46", "ussr", "light", 3),
  t(4, "Т-28", "T-28", "ussr", "medium", 4),
  t(5, "Т-34", "T-34", "ussr", "medium", 5),
  t(6, "Т-34-85", "T-34-85", "ussr", "medium", 6),
  t(7, "КВ-1", "KV-1", "ussr", "heavy", 5),
  t(8, "ИС", "IS", "ussr", "heavy", 7),
  t(9, "ИС-3", "IS-3", "ussr", "heavy", 8),
  t(10, "СУ-85", "SU-85", "ussr", "td", 5),
  t(11, "СУ-100", "SU-100", "ussr", "td", 6),
  t(12, "Т-62А", "T-62A", "ussr", "medium", 10),
  t(21, "Лёгкий трактор", "Leichttraktor", "germany", "light", 1),
  t(22, "Pz. II", "Pz. II", "germany", "light", 2),
  t(23, "Pz. III", "Pz. III", "germany", "medium", 4),
  t(24, "Pz. IV", "Pz. IV", "germany", "medium", 5),
  t(25, "Пантера", "Panther", "germany", "medium", 7),
  t(26, "Тигр I", "Tiger I", "germany", "heavy", 7),
  t(27, "Тигр II", "Tiger II", "germany", "heavy", 8),
  t(28, "Ягдпантера", "Jagdpanther", "germany", "td", 7),
  t(29, "Хуммель", "Hummel", "germany", "spg", 6),
  t(41, "T1 Cunningham", "T1 Cunningham", "usa", "light", 1),
  t(42, "M2 Light", "M2 Light", "usa", "light", 2),
  t(43, "M4 Шерман", "M4 Sherman", "usa", "medium", 5),
  t(44, "M26 Першинг", "M26 Pershing", "usa", "medium", 8),
  t(45, "T29", "T29", "usa", "heavy", 7),
  t(46, "M36 Джексон", "M36 Jackson", "usa", "td", 6),
  t(61, "Vickers Medium I", "Vickers Medium Mk. I", "uk", "medium", 1),
  t(62, "Матильда", "Matilda", "uk", "medium", 4),
  t(63, "Черчилль VII", "Churchill VII", "uk", "heavy", 6),
  t(64, "Центурион I", "Centurion Mk. I", "uk", "medium", 8),
  t(81, "Renault FT", "Renault FT", "france", "light", 1),
  t(82, "B1", "B1", "france", "heavy", 4),
  t(83, "AMX 13 75", "AMX 13 75", "france", "light", 7),
  t(101, "Ха-Го", "Ha-Go", "japan", "light", 2),
  t(102, "Чи-Ха", "Chi-Ha", "japan", "medium", 3),
  t(121, "Тип 59", "Type 59", "china", "medium", 8, true),
  t(122, "КВ-5", "KV-5", "ussr", "heavy", 8, true),
  t(123, "Т-34-85М", "T-34-85M", "ussr", "medium", 6, true),
  t(124, "Löwe", "Löwe", "germany", "heavy", 8, true),
  t(125, "Pz. II J", "Pz. II J", "germany", "light", 3, true),
  t(126, "T34", "T34", "usa", "heavy", 8, true),
  t(127, "Черчилль III", "Churchill III", "uk", "heavy", 5, true),
  t(128, "ФКМ 36", "FCM 36 Pak 40", "france", "td", 3, true),
];

export const DEMO_CONSUMABLES: z.input<typeof consumableSchema>[] = [
  {
    id: 1,
    nameRu: "Малый ремкомплект",
    nameEn: "Small Repair Kit",
    descriptionRu: "Чинит один повреждённый модуль.",
    descriptionEn: "Repairs one damaged module.",
    kind: "repair",
    cooldown: 90,
    effect: 100,
    priceSilver: 3_000,
    sortOrder: 1,
  },
  {
    id: 2,
    nameRu: "Большой ремкомплект",
    nameEn: "Large Repair Kit",
    descriptionRu: "Чинит все модули и ускоряет ремонт на 100%.",
    descriptionEn: "Repairs all modules and doubles repair speed.",
    kind: "repair",
    cooldown: 60,
    effect: 200,
    priceGold: 10,
    requiredLevel: 5,
    sortOrder: 2,
  },
  {
    id: 3,
    nameRu: "Малая аптечка",
    nameEn: "Small First Aid Kit",
    descriptionRu: "Лечит одного члена экипажа.",
    descriptionEn: "Heals one crew member.",
    kind: "medkit",
    cooldown: 90,
    effect: 100,
    priceSilver: 3_000,
    sortOrder: 3,
  },
  {
    id: 4,
    nameRu: "Большая аптечка",
    nameEn: "Large First Aid Kit",
    descriptionRu: "Лечит весь экипаж и защищает его от ранений.",
    descriptionEn: "Heals the whole crew and protects it from injuries.",
    kind: "medkit",
    cooldown: 60,
    effect: 150,
    priceGold: 10,
    requiredLevel: 5,
    sortOrder: 4,
  },
  {
    id: 5,
    nameRu: "Ручной огнетушитель",
    nameEn: "Manual Fire Extinguisher",
    descriptionRu: "Тушит пожар.",
    descriptionEn: "Puts out a fire.",
    kind: "extinguisher",
    cooldown: 60,
    effect: 100,
    priceSilver: 3_000,
    sortOrder: 5,
  },
  {
    id: 6,
    nameRu: "Автоматический огнетушитель",
    nameEn: "Automatic Fire Extinguisher",
    descriptionRu: "Тушит пожар сам и снижает шанс возгорания на 10%.",
    descriptionEn: "Puts out fires on its own and lowers the fire chance by 10%.",
    kind: "extinguisher",
    effect: 110,
    priceGold: 10,
    requiredLevel: 5,
    sortOrder: 6,
  },
  {
    id: 7,
    nameRu: "Бронебойные снаряды (30 шт.)",
    nameEn: "Armour-piercing shells (30)",
    descriptionRu: "Дополнительный боекомплект.",
    descriptionEn: "Extra ammunition.",
    kind: "ammo",
    priceSilver: 6_000,
    sortOrder: 7,
  },
  {
    id: 8,
    nameRu: "Подкалиберные снаряды (10 шт.)",
    nameEn: "APCR shells (10)",
    descriptionRu: "Пробитие +25%.",
    descriptionEn: "+25% penetration.",
    kind: "ammo",
    effect: 25,
    priceGold: 20,
    requiredLevel: 3,
    sortOrder: 8,
  },
  {
    id: 9,
    nameRu: "Шоколад",
    nameEn: "Chocolate",
    descriptionRu: "Экипаж работает на 10% лучше в этом бою.",
    descriptionEn: "Crew performs 10% better for the battle.",
    kind: "food",
    effect: 10,
    priceGold: 10,
    requiredLevel: 4,
    sortOrder: 9,
  },
  {
    id: 10,
    nameRu: "Бустер опыта x2",
    nameEn: "XP booster x2",
    descriptionRu: "Двойной опыт на 1 час.",
    descriptionEn: "Double experience for 1 hour.",
    kind: "boost",
    cooldown: 3_600,
    effect: 100,
    priceGold: 50,
    sortOrder: 10,
  },
  {
    id: 11,
    nameRu: "Досылатель",
    nameEn: "Gun Rammer",
    descriptionRu: "Перезарядка быстрее на 10%. Не расходуется.",
    descriptionEn: "Reloads 10% faster. Not used up.",
    kind: "boost",
    consumable: false,
    effect: 10,
    priceSilver: 200_000,
    requiredLevel: 8,
    sortOrder: 11,
  },
  {
    id: 12,
    nameRu: "Просветлённая оптика",
    nameEn: "Coated Optics",
    descriptionRu: "Обзор +10%. Не расходуется.",
    descriptionEn: "+10% view range. Not used up.",
    kind: "boost",
    consumable: false,
    effect: 10,
    priceSilver: 150_000,
    requiredLevel: 6,
    sortOrder: 12,
  },
  {
    id: 13,
    nameRu: "Маскировочная сеть",
    nameEn: "Camouflage Net",
    descriptionRu: "Маскировка стоящего танка +15%. Не расходуется.",
    descriptionEn: "+15% concealment while standing. Not used up.",
    kind: "boost",
    consumable: false,
    effect: 15,
    priceSilver: 100_000,
    requiredLevel: 4,
    sortOrder: 13,
  },
];

export const DEMO_CAMOUFLAGES: z.input<typeof camouflageSchema>[] = [
  {
    id: 1,
    nameRu: "Лесной",
    nameEn: "Forest",
    season: "summer",
    concealment: 4,
    priceSilver: 50_000,
    durationDays: 30,
    sortOrder: 1,
  },
  {
    id: 2,
    nameRu: "Зимний",
    nameEn: "Winter",
    season: "winter",
    concealment: 4,
    priceSilver: 50_000,
    durationDays: 30,
    sortOrder: 2,
  },
  {
    id: 3,
    nameRu: "Пустынный",
    nameEn: "Desert",
    season: "desert",
    concealment: 4,
    priceSilver: 50_000,
    durationDays: 30,
    sortOrder: 3,
  },
  { id: 4, nameRu: "Цифровой", nameEn: "Digital", season: "universal", concealment: 5, priceGold: 250, sortOrder: 4 },
  {
    id: 5,
    nameRu: "Красная звезда",
    nameEn: "Red Star",
    season: "universal",
    concealment: 5,
    nation: "ussr",
    priceGold: 375,
    sortOrder: 5,
  },
  {
    id: 6,
    nameRu: "Дюнкерк",
    nameEn: "Dunkirk",
    season: "summer",
    concealment: 5,
    nation: "uk",
    priceGold: 300,
    sortOrder: 6,
  },
  {
    id: 7,
    nameRu: "Хинтерланд",
    nameEn: "Hinterland",
    season: "summer",
    concealment: 5,
    nation: "germany",
    priceGold: 300,
    sortOrder: 7,
  },
  {
    id: 8,
    nameRu: "Арденны",
    nameEn: "Ardennes",
    season: "winter",
    concealment: 5,
    nation: "usa",
    priceGold: 300,
    sortOrder: 8,
  },
];

export const DEMO_DECALS: z.input<typeof decalSchema>[] = [
  { id: 1, nameRu: "Красная звезда", nameEn: "Red Star", kind: "emblem", priceSilver: 20_000, sortOrder: 1 },
  { id: 2, nameRu: "Балканский крест", nameEn: "Balkan Cross", kind: "emblem", priceSilver: 20_000, sortOrder: 2 },
  { id: 3, nameRu: "Белая звезда", nameEn: "White Star", kind: "emblem", priceSilver: 20_000, sortOrder: 3 },
  { id: 4, nameRu: "Череп", nameEn: "Skull", kind: "emblem", priceGold: 150, requiredLevel: 10, sortOrder: 4 },
  { id: 5, nameRu: "Волк", nameEn: "Wolf", kind: "emblem", priceGold: 150, requiredLevel: 10, sortOrder: 5 },
  {
    id: 6,
    nameRu: "«За Родину!»",
    nameEn: '"For the Motherland!"',
    kind: "inscription",
    priceSilver: 30_000,
    sortOrder: 6,
  },
  {
    id: 7,
    nameRu: "«На Берлин!»",
    nameEn: '"To Berlin!"',
    kind: "inscription",
    priceSilver: 30_000,
    requiredLevel: 5,
    sortOrder: 7,
  },
  {
    id: 8,
    nameRu: "«Стальной кулак»",
    nameEn: '"Steel Fist"',
    kind: "inscription",
    priceGold: 100,
    requiredLevel: 8,
    sortOrder: 8,
  },
];

const SLOT_NAMES: Record<(typeof MODULE_SLOTS)[number], [string, string, number]> = {
  gun: ["Орудие", "Gun", 12],
  turret: ["Башня", "Turret", 8],
  engine: ["Двигатель", "Engine", 10],
  tracks: ["Ходовая", "Suspension", 6],
  radio: ["Радиостанция", "Radio", 5],
};
const ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"];
export const DEMO_MODULE_TYPES: z.input<typeof moduleTypeSchema>[] = MODULE_SLOTS.flatMap((slot, s) =>
  [1, 2, 3, 4, 5].map((tier) => ({
    id: (s + 1) * 100 + tier,
    nameRu: `${SLOT_NAMES[slot][0]} ${ROMAN[tier - 1]}`,
    nameEn: `${SLOT_NAMES[slot][1]} ${ROMAN[tier - 1]}`,
    slot,
    tier,
    bonus: SLOT_NAMES[slot][2] * tier,
    priceSilver: tier < 5 ? 15_000 * 3 ** (tier - 1) : 0,
    priceGold: tier === 5 ? 900 : 0,
    sortOrder: (s + 1) * 10 + tier,
  })),
);

export const DEMO_KITS: z.input<typeof kitSchema>[] = [
  {
    id: 1,
    nameRu: "Набор новобранца",
    nameEn: "Recruit Kit",
    items: [
      { kind: "consumable", id: 1, count: 5 },
      { kind: "consumable", id: 3, count: 5 },
      { kind: "consumable", id: 5, count: 5 },
    ],
    priceSilver: 35_000,
    sortOrder: 1,
  },
  {
    id: 2,
    nameRu: "Набор танкиста",
    nameEn: "Tanker Kit",
    items: [
      { kind: "consumable", id: 2, count: 10 },
      { kind: "consumable", id: 4, count: 10 },
      { kind: "consumable", id: 6, count: 10 },
    ],
    priceGold: 250,
    requiredLevel: 5,
    sortOrder: 2,
  },
  {
    id: 3,
    nameRu: "Стартовый премиум: Т-34-85М",
    nameEn: "Premium starter: T-34-85M",
    items: [
      { kind: "tank", id: 123, count: 1 },
      { kind: "camouflage", id: 5, count: 1 },
      { kind: "decal", id: 1, count: 1 },
    ],
    priceGold: 7_500,
    requiredLevel: 10,
    sortOrder: 3,
  },
  {
    id: 4,
    nameRu: "Боевой запас",
    nameEn: "Battle Supplies",
    items: [
      { kind: "consumable", id: 8, count: 50 },
      { kind: "consumable", id: 9, count: 10 },
    ],
    priceGold: 800,
    requiredLevel: 3,
    sortOrder: 4,
  },
  {
    id: 5,
    nameRu: "Модернизация орудия",
    nameEn: "Gun Upgrade",
    items: [
      { kind: "module", id: 103, count: 1 },
      { kind: "consumable", id: 11, count: 1 },
    ],
    priceSilver: 300_000,
    requiredLevel: 8,
    sortOrder: 5,
  },
];

type Table =
  | typeof contentTanks
  | typeof contentConsumables
  | typeof contentCamouflages
  | typeof contentDecals
  | typeof contentModuleTypes
  | typeof contentKits;

/** The content kinds: each one's table and schema, in the order a catalogue is written. */
export const CONTENT_KINDS = {
  tank: { table: contentTanks, schema: tankSchema },
  consumable: { table: contentConsumables, schema: consumableSchema },
  camouflage: { table: contentCamouflages, schema: camouflageSchema },
  decal: { table: contentDecals, schema: decalSchema },
  moduleType: { table: contentModuleTypes, schema: moduleTypeSchema },
  kit: { table: contentKits, schema: kitSchema },
} as const;
export type ContentKind = keyof typeof CONTENT_KINDS;

/** A validated item as its row (kits' items as JSON text). */
export function contentRow(kind: ContentKind, input: unknown, at: number): Record<string, unknown> {
  const parsed = CONTENT_KINDS[kind].schema.parse(input) as Record<string, unknown>;
  return { ...parsed, ...(kind === "kit" ? { items: JSON.stringify(parsed.items) } : {}), updatedAt: at };
}

/** Inserts or replaces items of one kind (validated), in one transaction. */
export async function putContent(db: Db, kind: ContentKind, items: unknown[], at: number) {
  const table = CONTENT_KINDS[kind].table as Table;
  const rows = items.map((i) => contentRow(kind, i, at));
  await db.transaction(async (tx) => {
    for (const row of rows) {
      const { id: _id, ...set } = row;
      // One statement for every kind's table: drizzle types a row by its table, which is chosen at run time.
      await tx
        .insert(table)
        // biome-ignore lint/suspicious/noExplicitAny: the row is the chosen table's (contentRow)
        .values(row as any)
        // biome-ignore lint/suspicious/noExplicitAny: the same row without its id
        .onConflictDoUpdate({ target: (table as typeof contentTanks).id, set: set as any });
    }
  });
}

/** The demo world's catalogue; runs before any step that buys things. */
export const contentStep: WorldStep = async ({ db, opts }) => {
  const at = opts.now - opts.days * 86_400_000;
  await putContent(db, "tank", DEMO_TANKS, at);
  await putContent(db, "consumable", DEMO_CONSUMABLES, at);
  await putContent(db, "camouflage", DEMO_CAMOUFLAGES, at);
  await putContent(db, "decal", DEMO_DECALS, at);
  await putContent(db, "moduleType", DEMO_MODULE_TYPES, at);
  await putContent(db, "kit", DEMO_KITS, at);
};
