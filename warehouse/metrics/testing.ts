// For the metrics tests: a deterministic world of events (written straight into the warehouse)
// and an independent computation of every metric in TypeScript from the same events. Nothing
// here reads ClickHouse: it is the yardstick the SQL is measured against.
import type { EventTables, WarehouseTable } from "../events.ts";
import { toCHDateTime } from "../events.ts";

const DAY = 86_400_000;

/** mulberry32: small, seedable, the same as the demo world's. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)],
  };
}

export interface Ev<T extends WarehouseTable> {
  at: number;
  row: EventTables[T];
}
export type World = { [T in WarehouseTable]: Ev<T>[] };

const COUNTRIES = ["RU", "KZ", "DE", "US", "BR"];
const PLATFORMS = ["web", "android", "ios"];
const SOURCES = ["organic", "vk_ads", "google_ads"];
const MARKETS = ["web", "google_play", "app_store"];
const ITEMS = ["gold_100", "gold_550", "premium_30d", "starter_pack"];
const PRICES = [99, 499, 999, 1999];
const TANKS = [1, 2, 3, 4, 5, 6];
const CREWS = ["c1", "c2", "c3"];

let seq = 0;
const uuid = (r: ReturnType<typeof prng>) => {
  const h = (n: number) =>
    Math.floor(r.next() * 16 ** n)
      .toString(16)
      .padStart(n, "0");
  seq++;
  return `${h(8)}-${h(4)}-4${h(3)}-a${h(3)}-${h(4)}${seq.toString(16).padStart(8, "0")}`;
};

/** A world of `players` players registering between `start` and `now`, with everything they do. */
export function generateWorld(seed: number, players: number, start: number, now: number): World {
  const r = prng(seed);
  const w: World = {
    registrations: [],
    activity: [],
    battles: [],
    payments: [],
    currency_movements: [],
    items: [],
    ad_views: [],
    admin_actions: [],
    progression: [],
    claims: [],
  };
  const push = <T extends WarehouseTable>(t: T, at: number, row: Omit<EventTables[T], "event_id" | "ts">) =>
    (w[t] as Ev<T>[]).push({ at, row: { event_id: uuid(r), ts: toCHDateTime(at), ...row } as EventTables[T] });
  let battleId = 0;
  let ledgerId = 0; // the store's ledger entry ids: each movement's seq, in the order applied
  for (let i = 0; i < players; i++) {
    const id = 1000 + i;
    const regAt = start + Math.floor(r.next() * (now - start - 3 * 3_600_000));
    const country = r.pick(COUNTRIES);
    const platform = r.pick(PLATFORMS);
    const source = r.pick(SOURCES);
    const reg_ts = toCHDateTime(regAt);
    push("registrations", regAt, { player_id: id, country, platform, source, locale: r.next() < 0.7 ? "ru" : "en" });
    const bal = { gold: 0, silver: 0 };
    let level = 1;
    let t = regAt;
    const move = (currency: "gold" | "silver", delta: number, reason: string) => {
      if (delta === 0 || bal[currency] + delta < 0) return;
      bal[currency] += delta;
      push("currency_movements", (t += 1000), {
        player_id: id,
        currency,
        delta,
        balance_after: bal[currency],
        reason,
        ref: `r${t}`,
        player_level: level,
        seq: ++ledgerId,
      });
    };
    move("gold", 50, "registration");
    move("silver", 5000, "registration");
    const tanks = new Set<number>([1]);
    push("items", (t += 1000), { player_id: id, item_type: "tank", item_id: "1", delta: 1, source: "starter" });
    push("items", (t += 1000), {
      player_id: id,
      item_type: "crew",
      item_id: r.pick(CREWS),
      delta: 1,
      source: "starter",
    });
    const loyalty = r.next();
    for (let day = 0; regAt + day * DAY < now; day++) {
      if (day > 0 && r.next() > loyalty ** (day / 15 + 1)) continue;
      const dayStart = Math.max(t + 1000, regAt + day * DAY + (day === 0 ? 60_000 : r.int(0, 10 * 3_600_000)));
      if (dayStart >= now - 3_600_000) break;
      t = dayStart;
      push("activity", t, { player_id: id, kind: "login", country, platform, reg_ts });
      if (r.next() < 0.3) push("activity", (t += 60_000), { player_id: id, kind: "battle", country, platform, reg_ts });
      const nBattles = r.int(0, 3);
      for (let b = 0; b < nBattles; b++) {
        const tank = r.pick([...tanks]);
        const exp = r.int(10, 400);
        const earned = r.int(100, 3000);
        const spent = r.int(0, 1500);
        const gold = r.next() < 0.1 ? r.int(1, 5) : 0;
        t += 300_000;
        push("battles", t, {
          battle_id: ++battleId,
          player_id: id,
          tank_id: tank,
          mode: r.pick(["random", "ranked"]),
          result: r.pick(["win", "loss", "draw"] as const),
          duration_s: r.int(120, 600),
          experience: exp,
          silver_earned: earned,
          silver_spent: spent,
          gold_earned: gold,
          kills: r.int(0, 5),
          damage: r.int(0, 4000),
          player_level: level,
        });
        move("silver", earned, "battle_reward");
        move("silver", -spent, "repair");
        move("gold", gold, "battle_reward");
        if (r.next() < 0.2) level = Math.min(10, level + 1);
      }
      if (r.next() < 0.15) {
        const tank = r.pick(TANKS);
        const price = tank * 2000;
        if (!tanks.has(tank) && bal.silver >= price) {
          move("silver", -price, "shop_tank");
          tanks.add(tank);
          push("items", (t += 1000), {
            player_id: id,
            item_type: "tank",
            item_id: String(tank),
            delta: 1,
            source: "shop",
          });
        } else if (tanks.has(tank) && tanks.size > 1) {
          tanks.delete(tank);
          push("items", (t += 1000), {
            player_id: id,
            item_type: "tank",
            item_id: String(tank),
            delta: -1,
            source: "sold",
          });
          move("silver", price / 2, "sell_tank");
        }
      }
      if (r.next() < 0.05)
        push("items", (t += 1000), {
          player_id: id,
          item_type: "crew",
          item_id: r.pick(CREWS),
          delta: r.next() < 0.7 ? 1 : -1,
          source: "shop",
        });
      if (r.next() < 0.1) move("gold", -r.int(1, 40), r.pick(["premium", "crew_training"]));
      if (r.next() < 0.08) {
        const k = r.int(0, 3);
        const order = `o${id}-${day}`;
        const pay = {
          order_id: order,
          player_id: id,
          provider: r.pick(["stripe", "paypal"]),
          market: r.pick(MARKETS),
          item_id: ITEMS[k],
          country,
          platform,
          source,
          currency: "USD",
          reg_ts,
        };
        t += 1000;
        push("payments", t, { ...pay, status: "paid", amount_minor: PRICES[k], amount_usd_cents: PRICES[k] });
        move("gold", (k + 1) * 100, "purchase");
        const u = r.next();
        if (u < 0.12) {
          const at = t + r.int(1, 5) * DAY;
          if (at < now)
            push("payments", at, {
              ...pay,
              status: u < 0.03 ? "chargeback" : "refunded",
              amount_minor: -PRICES[k],
              amount_usd_cents: -PRICES[k],
            });
        }
      }
    }
  }
  for (let i = 0; i < 40; i++) {
    const at = start + Math.floor(r.next() * (now - start - 60_000));
    const admin = r.int(1, 3);
    push("admin_actions", at, {
      admin_id: admin,
      admin_username: `op${admin}`,
      role: "operator",
      action: r.pick(["player.ban", "player.gold", "tank.save"]),
      target_type: "player",
      target_id: String(r.int(1000, 1000 + players)),
    });
  }
  return w;
}

// ---- the independent computation ----
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const monthOf = (ms: number) => `${new Date(ms).toISOString().slice(0, 7)}-01`;
export const hourOf = (ms: number) => `${new Date(ms).toISOString().slice(0, 13).replace("T", " ")}:00:00`;
export const inRange = (ms: number, from: string, to: string) =>
  ms >= Date.parse(`${from}T00:00:00Z`) && ms < Date.parse(`${to}T00:00:00Z`);
export const addDay = (d: string, n: number) => dayOf(Date.parse(`${d}T00:00:00Z`) + n * DAY);
export const round2 = (v: number) => Math.round(v * 100) / 100;
export const ratio4 = (a: number, b: number) => (b === 0 ? 0 : Math.round((a / b) * 10_000) / 10_000);

export function countBy<T>(xs: T[], key: (x: T) => string): Record<string, number> {
  const m: Record<string, number> = {};
  for (const x of xs) m[key(x)] = (m[key(x)] ?? 0) + 1;
  return m;
}
export function sumBy<T>(xs: T[], key: (x: T) => string, val: (x: T) => number): Record<string, number> {
  const m: Record<string, number> = {};
  for (const x of xs) m[key(x)] = (m[key(x)] ?? 0) + val(x);
  return m;
}
export function distinctBy<T>(xs: T[], key: (x: T) => string, who: (x: T) => number): Record<string, number> {
  const m: Record<string, Set<number>> = {};
  for (const x of xs) (m[key(x)] ??= new Set()).add(who(x));
  return Object.fromEntries(Object.entries(m).map(([k, s]) => [k, s.size]));
}
export const distinct = <T>(xs: T[], who: (x: T) => number) => new Set(xs.map(who));

/** Players active on any day in [from, to) (YYYY-MM-DD). */
export const activeIn = (w: World, from: string, to: string) =>
  distinct(
    w.activity.filter((e) => inRange(e.at, from, to)),
    (e) => e.row.player_id,
  );
export const payersIn = (w: World, from: string, to: string) =>
  distinct(
    w.payments.filter((e) => e.row.status === "paid" && inRange(e.at, from, to)),
    (e) => e.row.player_id,
  );
export const revenueIn = (w: World, from: string, to: string) =>
  w.payments.filter((e) => inRange(e.at, from, to)).reduce((s, e) => s + e.row.amount_usd_cents, 0);
