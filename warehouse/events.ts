// The facts the warehouse keeps: one ClickHouse table per kind of event, one row type each.
// Rows travel through the libSQL outbox as the JSONCompactEachRow line the table takes (the
// values in EVENT_COLUMNS order): ClickHouse parses that about 1.5x faster than JSONEachRow
// objects (bench/outbox.ts) and the outbox stores no key names.
// Times are UTC strings 'YYYY-MM-DD hh:mm:ss.sss' (DateTime64(3,'UTC')); money is integer
// minor units; the reporting currency is USD cents (amount_usd_cents).

interface Base {
  event_id: string; // UUID, unique per event: the dedup key of a retried batch
  ts: string;
}

export interface EventTables {
  /** kind: game | guest | email | social (api/domain/players.ts, REGISTRATION_KINDS); absent: game (the column's default). */
  registrations: Base & {
    player_id: number;
    country: string;
    platform: string;
    source: string;
    locale: string;
    kind?: string;
  };
  /** A guest kept the account: `method` email | social; reg_ts the guest's registration. */
  claims: Base & { player_id: number; method: string; country: string; platform: string; reg_ts: string };
  /** Anything a player does that makes them active that day (login, battle, purchase…). */
  activity: Base & { player_id: number; kind: string; country: string; platform: string; reg_ts: string };
  battles: Base & {
    battle_id: number;
    player_id: number;
    tank_id: number;
    mode: string;
    result: "win" | "loss" | "draw";
    duration_s: number;
    experience: number;
    silver_earned: number;
    silver_spent: number;
    gold_earned: number;
    kills: number;
    damage: number;
    player_level: number;
  };
  payments: Base & {
    order_id: string;
    player_id: number;
    provider: string;
    market: string;
    item_id: string;
    country: string;
    platform: string;
    source: string;
    /** paid, refund_reversed and chargeback_reversed (a dispute won) add revenue; refunded and chargeback carry negative amounts. */
    status: "paid" | "refunded" | "chargeback" | "refund_reversed" | "chargeback_reversed";
    amount_minor: number;
    currency: string;
    amount_usd_cents: number;
    reg_ts: string;
  };
  currency_movements: Base & {
    player_id: number;
    currency: "gold" | "silver";
    delta: number;
    balance_after: number;
    reason: string;
    ref: string;
    player_level: number;
    /**
     * The ledger entry's id (api/domain/ledger.ts): the order in which the store applied a
     * player's movements, even within one millisecond (balances_current_v2 keeps the highest).
     * 0 on rows written before it existed (an outbox line without it ships as 0).
     */
    seq: number;
  };
  /** Items gained (+1) or lost (-1): tanks, crews, consumables, camouflages… */
  items: Base & { player_id: number; item_type: string; item_id: string; delta: number; source: string };
  ad_views: Base & { player_id: number; campaign: string; placement: string; kind: "impression" | "click" | "reward" };
  admin_actions: Base & {
    admin_id: number;
    admin_username: string;
    role: string;
    action: string;
    target_type: string;
    target_id: string;
  };
  /** A player's progression: task_completed, quest_completed (value: reward), crew_level_up (value: new level, item: crew id), upgrade_bought (value: new skill level). */
  progression: Base & { player_id: number; kind: string; item_id: string; value: number; player_level: number };
}

export type WarehouseTable = keyof EventTables;
export type EventRow<T extends WarehouseTable> = EventTables[T];

export const WAREHOUSE_TABLES = [
  "registrations",
  "activity",
  "battles",
  "payments",
  "currency_movements",
  "items",
  "ad_views",
  "admin_actions",
  "progression",
  "claims",
] as const satisfies readonly WarehouseTable[];

/**
 * Each table's columns in the order of its DDL (migration 0001; a column added later comes last,
 * as ALTER TABLE ADD COLUMN puts it); the order of a stored line's values.
 */
export const EVENT_COLUMNS = {
  registrations: ["event_id", "ts", "player_id", "country", "platform", "source", "locale", "kind"],
  claims: ["event_id", "ts", "player_id", "method", "country", "platform", "reg_ts"],
  activity: ["event_id", "ts", "player_id", "kind", "country", "platform", "reg_ts"],
  battles: [
    "event_id",
    "ts",
    "battle_id",
    "player_id",
    "tank_id",
    "mode",
    "result",
    "duration_s",
    "experience",
    "silver_earned",
    "silver_spent",
    "gold_earned",
    "kills",
    "damage",
    "player_level",
  ],
  payments: [
    "event_id",
    "ts",
    "order_id",
    "player_id",
    "provider",
    "market",
    "item_id",
    "country",
    "platform",
    "source",
    "status",
    "amount_minor",
    "currency",
    "amount_usd_cents",
    "reg_ts",
  ],
  // seq last: it was added after the others, and a line written before it ends before it.
  currency_movements: [
    "event_id",
    "ts",
    "player_id",
    "currency",
    "delta",
    "balance_after",
    "reason",
    "ref",
    "player_level",
    "seq",
  ],
  items: ["event_id", "ts", "player_id", "item_type", "item_id", "delta", "source"],
  ad_views: ["event_id", "ts", "player_id", "campaign", "placement", "kind"],
  admin_actions: ["event_id", "ts", "admin_id", "admin_username", "role", "action", "target_type", "target_id"],
  progression: ["event_id", "ts", "player_id", "kind", "item_id", "value", "player_level"],
} as const satisfies { [T in WarehouseTable]: readonly (keyof EventRow<T>)[] };

// Every field of a row type is a column (a field missing from EVENT_COLUMNS fails to compile).
type Missing<T extends WarehouseTable> = Exclude<keyof EventRow<T>, (typeof EVENT_COLUMNS)[T][number]>;
const allColumnsListed: { [T in WarehouseTable]: Missing<T> extends never ? true : Missing<T> } = {
  registrations: true,
  activity: true,
  battles: true,
  payments: true,
  currency_movements: true,
  items: true,
  ad_views: true,
  admin_actions: true,
  progression: true,
  claims: true,
};
void allColumnsListed;

/** The outbox line of an event: its values in EVENT_COLUMNS order, as one JSONCompactEachRow line. */
export function eventLine<T extends WarehouseTable>(table: T, row: EventRow<T>): string {
  const columns = EVENT_COLUMNS[table] as readonly (keyof EventRow<T>)[];
  const values = new Array(columns.length);
  for (let i = 0; i < columns.length; i++) values[i] = row[columns[i]];
  return JSON.stringify(values);
}

/** The event back from its outbox line (either format the outbox has held: compact values or a JSONEachRow object). */
export function eventFromLine<T extends WarehouseTable>(table: T, line: string): EventRow<T> {
  const parsed = JSON.parse(line) as unknown;
  if (!Array.isArray(parsed)) return parsed as EventRow<T>;
  const columns = EVENT_COLUMNS[table];
  return Object.fromEntries(columns.map((c, i) => [c, parsed[i]])) as EventRow<T>;
}

export const newEventId = () => crypto.randomUUID();

/** Epoch milliseconds to ClickHouse DateTime64(3,'UTC') text. */
export function toCHDateTime(ms: number): string {
  return new Date(ms).toISOString().replace("T", " ").replace("Z", "");
}
