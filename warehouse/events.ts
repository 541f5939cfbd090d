// The facts the warehouse keeps: one ClickHouse table per kind of event, one row type each.
// Rows travel through the libSQL outbox as the JSONEachRow line the table takes.
// Times are UTC strings 'YYYY-MM-DD hh:mm:ss.sss' (DateTime64(3,'UTC')); money is integer
// minor units; the reporting currency is USD cents (amount_usd_cents).

interface Base {
  event_id: string; // UUID, unique per event: the dedup key of a retried batch
  ts: string;
}

export interface EventTables {
  registrations: Base & { player_id: number; country: string; platform: string; source: string; locale: string };
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
    /** paid adds revenue; refunded and chargeback carry negative amounts. */
    status: "paid" | "refunded" | "chargeback";
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
  };
  /** Items gained (+1) or lost (-1): tanks, crews, consumables, camouflages… */
  items: Base & { player_id: number; item_type: string; item_id: string; delta: number; source: string };
  ad_views: Base & { player_id: number; campaign: string; placement: string; kind: "impression" | "click" | "reward" };
  admin_actions: Base & { admin_id: number; admin_username: string; role: string; action: string; target_type: string; target_id: string };
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
] as const satisfies readonly WarehouseTable[];

export const newEventId = () => crypto.randomUUID();

/** Epoch milliseconds to ClickHouse DateTime64(3,'UTC') text. */
export function toCHDateTime(ms: number): string {
  return new Date(ms).toISOString().replace("T", " ").replace("Z", "");
}
