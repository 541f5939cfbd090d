// The progression content's shapes (validated on every write, admin and import alike) and the
// demo catalogue: crew roles, decorations, module upgrade levels, bot profiles, daily task
// templates and quests (the `quests` server option, see docs/decisions/progression.md).
import { z } from "zod";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/index.ts";
import { MODULE_SLOTS, TANK_TYPES } from "../db/schema/content.ts";
import { questsShape } from "./quests-shape.ts";
import {
  CREW_ROLES,
  DECORATION_KINDS,
  RARITIES,
  UPGRADE_STATS,
  DAILY_TASK_KINDS,
  REWARD_CURRENCIES,
  playerCrewMembers,
} from "../db/schema/progression.ts";

const id = z.coerce.number().int().min(1).max(2_147_483_647);
const name = z.string().trim().min(1).max(80);
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const price = int(0, 100_000_000);
const flag = z.union([
  z.boolean(),
  z.enum(["true", "false", "on", "1", "0"]).transform((v) => v === "true" || v === "on" || v === "1"),
]);
const order = int(-100_000, 100_000).default(0);

/** A list whose rows' `level` (or another key) must not repeat: answered as validation.unique on the repeat. */
function uniqueBy<T extends Record<string, unknown>>(key: keyof T & string) {
  return (rows: T[], ctx: z.core.$RefinementCtx<T[]>) => {
    const seen = new Set<unknown>();
    rows.forEach((r, i) => {
      if (seen.has(r[key])) ctx.addIssue({ code: "custom", path: [i, key], params: { rule: "unique" } });
      seen.add(r[key]);
    });
  };
}

export const CREW_GROUPS = ["recruit", "school", "academy"] as const;
export const crewGroupSchema = z.object({
  group: z.enum(CREW_GROUPS),
  startLevel: int(1, 100).default(1),
  priceSilver: price.default(0),
  priceGold: price.default(0),
});
export const crewGainsSchema = z.object({ win: int(0, 100_000), draw: int(0, 100_000), loss: int(0, 100_000) });
export const crewSchema = z.object({
  id: id.optional(),
  role: z.enum(CREW_ROLES),
  nameRu: name,
  nameEn: name,
  levelCap: int(1, 100).default(10),
  xpBase: int(1, 10_000_000).default(1000),
  /** Percent of the previous level's XP the next one needs (100–500). */
  xpGrowth: int(100, 500).default(150),
  groups: z.array(crewGroupSchema).max(10).superRefine(uniqueBy("group")).default([]),
  gains: crewGainsSchema.default({ win: 0, draw: 0, loss: 0 }),
  upgrades: z
    .array(z.object({ level: int(1, 100), priceSilver: price }))
    .max(100)
    .superRefine(uniqueBy("level"))
    .default([]),
  speedups: z
    .array(z.object({ level: int(1, 100), priceGold: price }))
    .max(100)
    .superRefine(uniqueBy("level"))
    .default([]),
  sortOrder: order,
  active: flag.default(true),
});
export type Crew = z.output<typeof crewSchema>;

/** Whether any player has a member of this crew role (a role with members stays: removing it would strand them). */
export async function crewHired(db: DbOrTx, crewId: number): Promise<boolean> {
  const [hired] = await db
    .select({ p: playerCrewMembers.playerId })
    .from(playerCrewMembers)
    .where(eq(playerCrewMembers.crewId, crewId))
    .limit(1);
  return !!hired;
}

export const decorationSchema = z.object({
  id: id.optional(),
  kind: z.enum(DECORATION_KINDS),
  rarity: z.enum(RARITIES).default("common"),
  nameRu: name,
  nameEn: name,
  requiredLevel: int(1, 100).default(1),
  groups: z
    .array(z.object({ days: int(0, 3650), priceSilver: price.default(0), priceGold: price.default(0) }))
    .max(10)
    .superRefine(uniqueBy("days"))
    .default([]),
  sortOrder: order,
  active: flag.default(true),
});

export const moduleUpgradeSchema = z.object({
  id: id.optional(),
  slot: z.enum(MODULE_SLOTS),
  level: int(1, 20),
  stat: z.enum(UPGRADE_STATS),
  bonus: int(0, 1000),
  priceSilver: price.default(0),
  priceGold: price.default(0),
});

const tier = int(1, 10);
export const botSchema = z
  .object({
    id: id.optional(),
    name: z.string().trim().min(2).max(40),
    minTier: tier.default(1),
    maxTier: tier.default(10),
    aimError: int(0, 300),
    reactionMs: int(50, 5000),
    aggression: int(0, 100),
    weight: int(0, 1000).default(10),
    active: flag.default(true),
    crewLevel: int(1, 50).default(1),
  })
  .superRefine((b, ctx) => {
    if (b.maxTier < b.minTier)
      ctx.addIssue({ code: "custom", path: ["maxTier"], params: { rule: "min", values: [b.minTier] } });
  });
export type BotProfile = z.output<typeof botSchema> & { id: number };

export const dailyTaskSchema = z
  .object({
    id: id.optional(),
    kind: z.enum(DAILY_TASK_KINDS),
    nameRu: name,
    nameEn: name,
    target: int(1, 10_000_000),
    tankType: z.preprocess((v) => (v === "" ? null : v), z.enum(TANK_TYPES).nullable()).default(null),
    minLevel: int(1, 100).default(1),
    maxLevel: int(1, 100).default(30),
    weight: int(0, 1000).default(10),
    rewardCurrency: z.enum(REWARD_CURRENCIES),
    rewardAmount: int(1, 1_000_000),
    active: flag.default(true),
  })
  .superRefine((t, ctx) => {
    if (t.maxLevel < t.minLevel)
      ctx.addIssue({ code: "custom", path: ["maxLevel"], params: { rule: "min", values: [t.minLevel] } });
    if (t.kind === "play_class" && !t.tankType)
      ctx.addIssue({ code: "custom", path: ["tankType"], params: { rule: "required" } });
  });

/** Quests: the shape lives in a zod-only file the back office loads too (api/domain/quests-shape.ts). */
export { questsShape };
export type Quest = z.output<typeof questsShape>[number];

// ——— The demo catalogue ———
const curve = (first: number, n: number, growth: number, step = 1) =>
  Array.from({ length: n }, (_, i) => ({ level: (i + 1) * step, p: Math.round((first * growth ** i) / 100) * 100 }));
const crew = (
  id: number,
  role: (typeof CREW_ROLES)[number],
  nameRu: string,
  nameEn: string,
  win: number,
): z.input<typeof crewSchema> => ({
  id,
  role,
  nameRu,
  nameEn,
  levelCap: 10,
  xpBase: 800 + id * 50,
  xpGrowth: 150,
  sortOrder: id,
  groups: [
    { group: "recruit", startLevel: 1, priceSilver: 0, priceGold: 0 },
    { group: "school", startLevel: 3, priceSilver: 20_000 },
    { group: "academy", startLevel: 5, priceGold: 200 },
  ],
  gains: { win, draw: Math.round(win * 0.6), loss: Math.round(win * 0.4) },
  upgrades: curve(10_000, 5, 2.2).map(({ level, p }) => ({ level, priceSilver: p })),
  speedups: curve(50, 5, 1.6).map(({ level, p }) => ({ level, priceGold: Math.max(10, Math.round(p / 100)) })),
});
export const DEMO_CREWS: z.input<typeof crewSchema>[] = [
  crew(1, "commander", "Командир", "Commander", 120),
  crew(2, "gunner", "Наводчик", "Gunner", 110),
  crew(3, "driver", "Механик-водитель", "Driver", 100),
  crew(4, "loader", "Заряжающий", "Loader", 100),
  crew(5, "radio", "Радист", "Radioman", 90),
];

export const DEMO_DECORATIONS: z.input<typeof decorationSchema>[] = [
  {
    id: 1,
    kind: "flag",
    rarity: "common",
    nameRu: "Флаг полка",
    nameEn: "Regiment flag",
    groups: [
      { days: 7, priceSilver: 15_000 },
      { days: 0, priceGold: 150 },
    ],
    sortOrder: 1,
  },
  {
    id: 2,
    kind: "flag",
    rarity: "rare",
    nameRu: "Гвардейский флаг",
    nameEn: "Guards flag",
    requiredLevel: 5,
    groups: [
      { days: 30, priceGold: 120 },
      { days: 0, priceGold: 350 },
    ],
    sortOrder: 2,
  },
  {
    id: 3,
    kind: "horn",
    rarity: "common",
    nameRu: "Клаксон «Победа»",
    nameEn: '"Victory" horn',
    groups: [{ days: 0, priceSilver: 40_000 }],
    sortOrder: 3,
  },
  {
    id: 4,
    kind: "trail",
    rarity: "epic",
    nameRu: "Огненный след",
    nameEn: "Fire trail",
    requiredLevel: 10,
    groups: [
      { days: 30, priceGold: 300 },
      { days: 0, priceGold: 900 },
    ],
    sortOrder: 4,
  },
  {
    id: 5,
    kind: "smoke",
    rarity: "rare",
    nameRu: "Цветной дым",
    nameEn: "Coloured smoke",
    requiredLevel: 3,
    groups: [
      { days: 7, priceSilver: 25_000 },
      { days: 30, priceSilver: 80_000 },
    ],
    sortOrder: 5,
  },
  {
    id: 6,
    kind: "skin",
    rarity: "legendary",
    nameRu: "Стальной волк",
    nameEn: "Steel Wolf",
    requiredLevel: 15,
    groups: [{ days: 0, priceGold: 2_500 }],
    sortOrder: 6,
  },
  {
    id: 7,
    kind: "skin",
    rarity: "epic",
    nameRu: "Зимний камуфляж «Буран»",
    nameEn: '"Blizzard" winter skin',
    requiredLevel: 8,
    groups: [
      { days: 30, priceGold: 450 },
      { days: 0, priceGold: 1_200 },
    ],
    sortOrder: 7,
  },
  {
    id: 8,
    kind: "horn",
    rarity: "rare",
    nameRu: "Сирена",
    nameEn: "Siren",
    requiredLevel: 4,
    groups: [{ days: 0, priceGold: 100 }],
    sortOrder: 8,
  },
];

const SLOT_STAT: Record<(typeof MODULE_SLOTS)[number], (typeof UPGRADE_STATS)[number]> = {
  gun: "damage",
  turret: "rateOfFire",
  engine: "speed",
  tracks: "armor",
  radio: "viewRange",
};
export const DEMO_MODULE_UPGRADES: z.input<typeof moduleUpgradeSchema>[] = MODULE_SLOTS.flatMap((slot, s) =>
  [1, 2, 3, 4, 5].map((level) => ({
    id: (s + 1) * 100 + level,
    slot,
    level,
    stat: SLOT_STAT[slot],
    bonus: level * 3,
    priceSilver: level < 5 ? 8_000 * 2 ** level : 0,
    priceGold: level === 5 ? 500 : 0,
  })),
);

export const DEMO_BOTS: z.input<typeof botSchema>[] = [
  {
    id: 1,
    name: "Новобранец",
    minTier: 1,
    maxTier: 3,
    aimError: 60,
    reactionMs: 900,
    aggression: 30,
    weight: 30,
    crewLevel: 1,
  },
  {
    id: 2,
    name: "Рядовой",
    minTier: 1,
    maxTier: 5,
    aimError: 45,
    reactionMs: 700,
    aggression: 45,
    weight: 30,
    crewLevel: 2,
  },
  {
    id: 3,
    name: "Сержант",
    minTier: 3,
    maxTier: 7,
    aimError: 30,
    reactionMs: 500,
    aggression: 55,
    weight: 25,
    crewLevel: 4,
  },
  {
    id: 4,
    name: "Снайпер",
    minTier: 4,
    maxTier: 10,
    aimError: 10,
    reactionMs: 450,
    aggression: 20,
    weight: 10,
    crewLevel: 6,
  },
  {
    id: 5,
    name: "Штурмовик",
    minTier: 3,
    maxTier: 10,
    aimError: 35,
    reactionMs: 350,
    aggression: 90,
    weight: 15,
    crewLevel: 5,
  },
  {
    id: 6,
    name: "Ветеран",
    minTier: 6,
    maxTier: 10,
    aimError: 15,
    reactionMs: 300,
    aggression: 60,
    weight: 15,
    crewLevel: 8,
  },
  {
    id: 7,
    name: "Ас",
    minTier: 8,
    maxTier: 10,
    aimError: 8,
    reactionMs: 250,
    aggression: 70,
    weight: 5,
    crewLevel: 10,
  },
  {
    id: 8,
    name: "Осторожный",
    minTier: 1,
    maxTier: 10,
    aimError: 40,
    reactionMs: 600,
    aggression: 10,
    weight: 10,
    crewLevel: 3,
  },
];

export const DEMO_DAILY_TASKS: z.input<typeof dailyTaskSchema>[] = [
  {
    id: 1,
    kind: "play_battles",
    nameRu: "Проведите 3 боя",
    nameEn: "Play 3 battles",
    target: 3,
    maxLevel: 10,
    weight: 30,
    rewardCurrency: "silver",
    rewardAmount: 5_000,
  },
  {
    id: 2,
    kind: "win_battles",
    nameRu: "Победите в 2 боях",
    nameEn: "Win 2 battles",
    target: 2,
    weight: 25,
    rewardCurrency: "silver",
    rewardAmount: 10_000,
  },
  {
    id: 3,
    kind: "deal_damage",
    nameRu: "Нанесите 2000 урона",
    nameEn: "Deal 2,000 damage",
    target: 2_000,
    maxLevel: 10,
    weight: 20,
    rewardCurrency: "silver",
    rewardAmount: 8_000,
  },
  {
    id: 4,
    kind: "deal_damage",
    nameRu: "Нанесите 8000 урона",
    nameEn: "Deal 8,000 damage",
    target: 8_000,
    minLevel: 8,
    weight: 20,
    rewardCurrency: "silver",
    rewardAmount: 25_000,
  },
  {
    id: 5,
    kind: "destroy_tanks",
    nameRu: "Уничтожьте 3 танка",
    nameEn: "Destroy 3 tanks",
    target: 3,
    weight: 20,
    rewardCurrency: "silver",
    rewardAmount: 12_000,
  },
  {
    id: 6,
    kind: "destroy_tanks",
    nameRu: "Уничтожьте 10 танков",
    nameEn: "Destroy 10 tanks",
    target: 10,
    minLevel: 10,
    weight: 10,
    rewardCurrency: "gold",
    rewardAmount: 25,
  },
  {
    id: 7,
    kind: "earn_silver",
    nameRu: "Заработайте 20 000 серебра",
    nameEn: "Earn 20,000 silver",
    target: 20_000,
    weight: 15,
    rewardCurrency: "silver",
    rewardAmount: 7_000,
  },
  {
    id: 8,
    kind: "play_class",
    nameRu: "Сыграйте 2 боя на тяжёлом танке",
    nameEn: "Play 2 battles in a heavy tank",
    target: 2,
    tankType: "heavy",
    minLevel: 5,
    weight: 10,
    rewardCurrency: "silver",
    rewardAmount: 9_000,
  },
  {
    id: 9,
    kind: "play_class",
    nameRu: "Сыграйте 2 боя на ПТ-САУ",
    nameEn: "Play 2 battles in a tank destroyer",
    target: 2,
    tankType: "td",
    minLevel: 5,
    weight: 10,
    rewardCurrency: "silver",
    rewardAmount: 9_000,
  },
  {
    id: 10,
    kind: "win_battles",
    nameRu: "Победите в 5 боях",
    nameEn: "Win 5 battles",
    target: 5,
    minLevel: 12,
    weight: 10,
    rewardCurrency: "gold",
    rewardAmount: 50,
  },
];

export const DEMO_QUESTS: z.input<typeof questsShape> = [
  {
    key: "first-steps",
    nameRu: "Первые шаги",
    nameEn: "First steps",
    steps: [
      { kind: "play_battles", target: 5 },
      { kind: "win_battles", target: 3 },
      { kind: "destroy_tanks", target: 5 },
    ],
    reward: { currency: "gold", amount: 100 },
  },
  {
    key: "heavy-hitter",
    nameRu: "Тяжёлая рука",
    nameEn: "Heavy hitter",
    minLevel: 5,
    steps: [
      { kind: "deal_damage", target: 10_000 },
      { kind: "play_class", target: 5, tankType: "heavy" },
    ],
    reward: { currency: "silver", amount: 100_000 },
  },
];

export { TANK_TYPES };
