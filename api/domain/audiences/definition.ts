// A saved audience's definition and its one evaluator in two forms (docs/decisions/audiences.md):
// `matches` — a pure predicate over one player's facts (the events path), and `audienceWhere` —
// the same rules as SQL over `players p` (counting, previews, the sweep). Warehouse facts and
// experiment variants are resolved first into sets of player ids (`Resolved`) that both read, so
// the two forms cannot disagree on them. audiences.test.ts checks the forms against each other
// and against an independent recomputation.
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import * as f from "../fields.ts";
import { payerSql } from "../payers.ts";
import type { FactOp, WindowFact } from "../../../warehouse/metrics/audience_facts.ts";

export const DAY = 86_400_000;
export const AUDIENCE_PLATFORMS = ["web", "android", "ios"] as const;
export const ACCOUNT_KINDS = ["guest", "claimed", "registered"] as const;

const range = (max: number) => ({ min: f.optional(f.int(0, max)), max: f.optional(f.int(0, max)) });
const country = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/);

/** One rule about a player; an audience's members meet every rule of its definition. */
export const conditionSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("country"), in: z.array(country).min(1).max(250) }),
  z.object({ kind: z.literal("platform"), in: z.array(z.enum(AUDIENCE_PLATFORMS)).min(1).max(3) }),
  z.object({ kind: z.literal("level"), ...range(100) }),
  /** Owns a tank of a tier within the range. */
  z.object({ kind: z.literal("tierOwned"), ...range(10) }),
  /** A payer by api/domain/payers.ts (a kept provider payment), or not. */
  z.object({ kind: z.literal("payer"), is: f.bool() }),
  /** Net spend in USD cents from the warehouse's payment events, over the last `days` days or the whole life. */
  z.object({ kind: z.literal("spent"), ...range(100_000_000), days: f.optional(f.int(1, 3650)) }),
  /** Warehouse facts over the last `days` days (warehouse/metrics/audience_facts.ts): battles, wins, damage, experience, active days. */
  z.object({ kind: z.literal("battlesIn"), ...range(100_000_000), days: f.int(1, 3650) }),
  z.object({ kind: z.literal("winsIn"), ...range(100_000_000), days: f.int(1, 3650) }),
  z.object({ kind: z.literal("damageIn"), ...range(2_000_000_000), days: f.int(1, 3650) }),
  z.object({ kind: z.literal("experienceIn"), ...range(2_000_000_000), days: f.int(1, 3650) }),
  z.object({ kind: z.literal("activeDays"), ...range(3650), days: f.int(1, 3650) }),
  /** Days since the last paid payment (the warehouse's); a player who never paid meets no range. */
  z.object({ kind: z.literal("lastPurchaseDays"), ...range(36_500) }),
  z.object({ kind: z.literal("daysSinceInstall"), ...range(36_500) }),
  /** Days since the last sign-in (the registration when never signed in). */
  z.object({ kind: z.literal("lastSeenDays"), ...range(36_500) }),
  z.object({ kind: z.literal("battles"), ...range(100_000_000) }),
  z.object({ kind: z.literal("clan"), member: f.bool() }),
  /** In a variant of a running experiment (the bucket rule, an operator's override winning). */
  z.object({ kind: z.literal("variant"), experimentId: f.id(), variant: f.text(1, 64) }),
  /** An unclaimed guest, a claimed guest, or an account that never was a guest. */
  z.object({ kind: z.literal("account"), is: z.enum(ACCOUNT_KINDS) }),
]);
export type Condition = z.output<typeof conditionSchema>;

/** At least one of its conditions holds. */
export const groupSchema = z.object({ anyOf: z.array(conditionSchema).min(1).max(10) });
/**
 * Every condition holds AND each group has one condition that holds: all-of conditions, then
 * any-of groups (a condition alone is a group of one). Absent groups: none.
 */
export const definitionSchema = z.object({
  conditions: z.array(conditionSchema).max(20),
  groups: z.array(groupSchema).max(10).optional(),
});
export type Definition = z.output<typeof definitionSchema>;
/** Every condition of a definition, the groups' included (what resolving and checking walk). */
export const allConditions = (def: Definition): Condition[] => [
  ...def.conditions,
  ...(def.groups ?? []).flatMap((g) => g.anyOf),
];

/** What happens to a player entering or leaving: a grant through the ledger, an inbox notification, a variant. */
export const actionSchema = z.discriminatedUnion("kind", [
  z.object({
    on: z.enum(["enter", "exit"]),
    kind: z.literal("grant"),
    currency: z.enum(["gold", "silver"]),
    amount: f.int(1, 1_000_000),
  }),
  z.object({ on: z.enum(["enter", "exit"]), kind: z.literal("notify"), notificationId: f.id() }),
  z.object({
    on: z.enum(["enter", "exit"]),
    kind: z.literal("variant"),
    experimentId: f.id(),
    /** The variant's name; null takes the player out of the experiment. */
    variant: z.string().min(1).max(64).nullable(),
  }),
]);
export type AudienceAction = z.output<typeof actionSchema>;

/** The conditions resolved from the warehouse's sums over a window (spend, battles, wins…). */
export type WindowCondition = Extract<Condition, { kind: WindowFact }>;
export const WINDOW_KINDS: readonly WindowFact[] = [
  "spent",
  "battlesIn",
  "winsIn",
  "damageIn",
  "experienceIn",
  "activeDays",
];
export const isWindowCondition = (c: Condition): c is WindowCondition =>
  (WINDOW_KINDS as readonly string[]).includes(c.kind);
/** The key of a window: its days, or "life". */
export const spendKey = (days: number | undefined) => (days === undefined ? "life" : String(days));
const variantKey = (c: { experimentId: number; variant: string }) => `${c.experimentId}:${c.variant}`;

/**
 * A bound on a window's figure as a set of players: a player with no event in the window has 0
 * and is in no warehouse row, so "at least min > 0" is the players listed (`include`), while "at
 * least 0" and "at most max" are everyone but the players listed (below 0 — spend's refunds of
 * earlier payments — or above max). A last-purchase range is the players listed.
 */
export interface SpendSet {
  include: boolean;
  ids: Set<number>;
}
/** Facts from outside the players' rows, resolved first: each warehouse bound, who is in each variant. */
export interface Resolved {
  spend: Map<string, SpendSet>;
  variants: Map<string, Set<number>>;
}
export const spendSetKey = (c: { kind: WindowFact; days?: number }, bound: "min" | "max", v: number) =>
  `${c.kind}:${spendKey(c.days)}:${bound}:${v}`;
export const lastPurchaseKey = (c: { min?: number; max?: number }) => `lastPurchaseDays:${c.min ?? ""}:${c.max ?? ""}`;
/** The warehouse question a bound asks: players whose figure is `op` the bound, and whether they are the ones in. */
export const spendBound = (bound: "min" | "max", v: number): { op: FactOp; include: boolean } =>
  bound === "max" ? { op: ">", include: false } : v > 0 ? { op: ">=", include: true } : { op: "<", include: false };
const spendHolds = (s: SpendSet | undefined, id: number) => (s ? s.ids.has(id) === s.include : false);

/** The player's own facts the predicate reads (from the store). */
export interface PlayerFacts {
  id: number;
  country: string;
  platform: string;
  level: number;
  battles: number;
  createdAt: number;
  lastLoginAt: number | null;
  guest: boolean;
  claimedAt: number | null;
  erasedAt: number | null;
  payer: boolean;
  clan: boolean;
  tiers: number[];
}

const inRange = (v: number, c: { min?: number; max?: number }) =>
  (c.min === undefined || v >= c.min) && (c.max === undefined || v <= c.max);
const daysSince = (now: number, at: number) => Math.floor((now - at) / DAY);

/** Does the player meet one rule? */
function holds(c: Condition, p: PlayerFacts, r: Resolved, now: number): boolean {
  switch (c.kind) {
    case "country":
      return c.in.includes(p.country);
    case "platform":
      return (c.in as readonly string[]).includes(p.platform);
    case "level":
      return inRange(p.level, c);
    case "tierOwned":
      return p.tiers.some((t) => inRange(t, c));
    case "payer":
      return p.payer === c.is;
    case "spent":
    case "battlesIn":
    case "winsIn":
    case "damageIn":
    case "experienceIn":
    case "activeDays":
      return (
        (c.min === undefined || spendHolds(r.spend.get(spendSetKey(c, "min", c.min)), p.id)) &&
        (c.max === undefined || spendHolds(r.spend.get(spendSetKey(c, "max", c.max)), p.id))
      );
    case "lastPurchaseDays":
      return spendHolds(r.spend.get(lastPurchaseKey(c)), p.id);
    case "daysSinceInstall":
      return inRange(daysSince(now, p.createdAt), c);
    case "lastSeenDays":
      return inRange(daysSince(now, p.lastLoginAt ?? p.createdAt), c);
    case "battles":
      return inRange(p.battles, c);
    case "clan":
      return p.clan === c.member;
    case "variant":
      return !!r.variants.get(variantKey(c))?.has(p.id);
    case "account":
      return c.is === "guest"
        ? p.guest
        : c.is === "claimed"
          ? !p.guest && p.claimedAt !== null
          : !p.guest && p.claimedAt === null;
  }
}

/** Does the player meet every rule and one of each group's? (Erased players are in no audience.) */
export function matches(def: Definition, p: PlayerFacts, r: Resolved, now: number): boolean {
  const meets = (c: Condition) => holds(c, p, r, now);
  return p.erasedAt === null && def.conditions.every(meets) && (def.groups ?? []).every((g) => g.anyOf.some(meets));
}

const idsIn = (ids: Set<number> | undefined, include = true) =>
  sql`p.id ${include ? sql`in` : sql`not in`} (select value from json_each(${JSON.stringify([...(ids ?? [])])}))`;
const spendIn = (s: SpendSet | undefined) => (s ? idsIn(s.ids, s.include) : sql`0 = 1`);
const numberRange = (col: SQL, c: { min?: number; max?: number }) =>
  sql.join(
    [
      ...(c.min === undefined ? [] : [sql`${col} >= ${c.min}`]),
      ...(c.max === undefined ? [] : [sql`${col} <= ${c.max}`]),
      sql`1 = 1`,
    ],
    sql` and `,
  );
/** floor((now - at) / DAY) within the range, as comparisons of `at` (exact for any sign). */
const daysRange = (at: SQL, now: number, c: { min?: number; max?: number }) =>
  sql.join(
    [
      ...(c.min === undefined ? [] : [sql`${at} <= ${now - c.min * DAY}`]),
      ...(c.max === undefined ? [] : [sql`${at} > ${now - (c.max + 1) * DAY}`]),
      sql`1 = 1`,
    ],
    sql` and `,
  );

const and = (parts: SQL[]) =>
  parts.length
    ? sql.join(
        parts.map((p) => sql`(${p})`),
        sql` and `,
      )
    : sql`1 = 1`;

/** One rule as a condition over `players p`. */
function conditionSql(c: Condition, r: Resolved, now: number): SQL {
  switch (c.kind) {
    case "country":
      return sql`p.country in (select value from json_each(${JSON.stringify(c.in)}))`;
    case "platform":
      return sql`p.platform in (select value from json_each(${JSON.stringify(c.in)}))`;
    case "level":
      return numberRange(sql`p.level`, c);
    case "tierOwned":
      return sql`exists (select 1 from player_items i join content_tanks t on t.id = i.item_id
          where i.player_id = p.id and i.item_type = 'tank' and ${numberRange(sql`t.tier`, c)})`;
    case "payer":
      return c.is ? payerSql(sql`p.id`) : sql`not ${payerSql(sql`p.id`)}`;
    case "spent":
    case "battlesIn":
    case "winsIn":
    case "damageIn":
    case "experienceIn":
    case "activeDays":
      return and([
        ...(c.min === undefined ? [] : [spendIn(r.spend.get(spendSetKey(c, "min", c.min)))]),
        ...(c.max === undefined ? [] : [spendIn(r.spend.get(spendSetKey(c, "max", c.max)))]),
      ]);
    case "lastPurchaseDays":
      return spendIn(r.spend.get(lastPurchaseKey(c)));
    case "daysSinceInstall":
      return daysRange(sql`p.created_at`, now, c);
    case "lastSeenDays":
      return daysRange(sql`coalesce(p.last_login_at, p.created_at)`, now, c);
    case "battles":
      return numberRange(sql`p.battles`, c);
    case "clan":
      return sql`${c.member ? sql`` : sql`not `}exists (select 1 from clan_members m where m.player_id = p.id)`;
    case "variant":
      return idsIn(r.variants.get(variantKey(c)));
    case "account":
      return c.is === "guest"
        ? sql`p.guest = 1`
        : c.is === "claimed"
          ? sql`p.guest = 0 and p.claimed_at is not null`
          : sql`p.guest = 0 and p.claimed_at is null`;
  }
}

/** The same rules as `matches`, as a condition over `players p`. */
export function audienceWhere(def: Definition, r: Resolved, now: number): SQL {
  return and([
    sql`p.erased_at is null`,
    ...def.conditions.map((c) => conditionSql(c, r, now)),
    ...(def.groups ?? []).map((g) =>
      sql.join(
        g.anyOf.map((c) => sql`(${conditionSql(c, r, now)})`),
        sql` or `,
      ),
    ),
  ]);
}

export { variantKey };
