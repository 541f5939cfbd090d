// The demo world, built through the domain code so its events reach the warehouse by the
// real path (outbox → shipper). Deterministic for a given seed number.
import { count } from "drizzle-orm";
import type { Db } from "../index.ts";
import { players } from "../schema/players.ts";
import { registerPlayer, recordActivity } from "../../domain/players.ts";
import { worldSteps } from "./steps.ts";

export interface WorldOptions {
  players: number;
  days: number;
  /** The world ends now and starts `days` before. */
  now: number;
  seed?: number;
  onProgress?: (done: number, total: number) => void;
}

/** Small, fast, seedable PRNG (mulberry32). */
export function rng(seed: number) {
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
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
    weighted: <T>(items: readonly (readonly [T, number])[]) => {
      const total = items.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [v, w] of items) if ((r -= w) < 0) return v;
      return items[items.length - 1][0];
    },
  };
}

export const COUNTRIES = [["RU", 40], ["KZ", 8], ["BY", 7], ["UA", 6], ["DE", 6], ["US", 8], ["PL", 5], ["GB", 4], ["FR", 4], ["BR", 6], ["TR", 6]] as const;
export const PLATFORMS = [["web", 45], ["android", 30], ["ios", 15], ["vk", 10]] as const;
export const SOURCES = [["organic", 50], ["vk_ads", 15], ["google_ads", 12], ["yandex_direct", 13], ["facebook", 10]] as const;
const NAME_PARTS = ["Steel", "Iron", "Red", "Storm", "Wolf", "Tiger", "Hawk", "Bear", "Ghost", "Viper", "Panzer", "Falcon", "Titan", "Blitz", "Frost", "Shadow"];

export type WorldStep = (ctx: { db: Db; r: ReturnType<typeof rng>; playerIds: number[]; opts: WorldOptions }) => Promise<void>;
export type Rng = ReturnType<typeof rng>;


export async function isEmpty(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(players);
  return n === 0;
}

export async function buildWorld(db: Db, opts: WorldOptions): Promise<{ players: number }> {
  const r = rng(opts.seed ?? 42);
  const start = opts.now - opts.days * 86_400_000;
  const playerIds: number[] = [];
  for (let i = 0; i < opts.players; i++) {
    // Registrations grow over the period, as a live game's do.
    const at = Math.floor(start + Math.sqrt(r.next()) * (opts.now - start - 3_600_000));
    const nickname = `${r.pick(NAME_PARTS)}${r.pick(NAME_PARTS)}${i + 1}`;
    const { playerId } = await registerPlayer(db, {
      nickname,
      email: r.next() < 0.6 ? `${nickname.toLowerCase()}@example.com` : null,
      country: r.weighted(COUNTRIES),
      platform: r.weighted(PLATFORMS),
      source: r.weighted(SOURCES),
      locale: r.next() < 0.7 ? "ru" : "en",
      identity: { network: r.pick(["vk", "ok", "google", "device"]), uid: `demo-${i + 1}` },
      at,
    });
    playerIds.push(playerId);
    // Logins on the days after registration, thinning out as players churn.
    const loyalty = r.next();
    await db.transaction(async (tx) => {
      for (let day = 0; at + day * 86_400_000 < opts.now; day++) {
        if (r.next() > loyalty ** (day / 10 + 1) + (day === 0 ? 1 : 0)) continue;
        const loginAt = Math.min(opts.now - 60_000, at + day * 86_400_000 + r.int(0, 12 * 3_600_000));
        await recordActivity(tx, playerId, "login", loginAt);
      }
    });
    opts.onProgress?.(i + 1, opts.players);
  }
  for (const step of worldSteps) await step({ db, r, playerIds, opts });
  return { players: playerIds.length };
}
