// The demo world, built through the domain code so its events reach the warehouse by the
// real path (outbox → shipper). Deterministic for a given seed number.
import { count } from "drizzle-orm";
import type { Db } from "../index.ts";
import { rng, type WorldOptions } from "../demo.ts";
// What a step gets and the PRNG live below the seed (api/db/demo.ts), so areas never import the seed;
// these names stay here for the tests and scripts that read them from the seed.
export { rng, type Rng, type WorldOptions, type WorldStep } from "../demo.ts";
import { players } from "../schema/players.ts";
import { registerPlayer, recordActivity } from "../../domain/players.ts";
import { worldSteps } from "./steps.ts";

export const COUNTRIES = [
  ["RU", 40],
  ["KZ", 8],
  ["BY", 7],
  ["UA", 6],
  ["DE", 6],
  ["US", 8],
  ["PL", 5],
  ["GB", 4],
  ["FR", 4],
  ["BR", 6],
  ["TR", 6],
] as const;
export const PLATFORMS = [
  ["web", 45],
  ["android", 30],
  ["ios", 15],
  ["vk", 10],
] as const;
export const SOURCES = [
  ["organic", 50],
  ["vk_ads", 15],
  ["google_ads", 12],
  ["yandex_direct", 13],
  ["facebook", 10],
] as const;
const NAME_PARTS = [
  "Steel",
  "Iron",
  "Red",
  "Storm",
  "Wolf",
  "Tiger",
  "Hawk",
  "Bear",
  "Ghost",
  "Viper",
  "Panzer",
  "Falcon",
  "Titan",
  "Blitz",
  "Frost",
  "Shadow",
];

export async function isEmpty(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(players);
  return n === 0;
}

export async function buildWorld(db: Db, opts: WorldOptions): Promise<{ players: number }> {
  const r = rng(opts.seed ?? 42);
  const start = opts.now - opts.days * 86_400_000;
  const playerIds: number[] = [];
  const logins = new Map<number, number[]>();
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
    const mine: number[] = [];
    await db.transaction(async (tx) => {
      for (let day = 0; at + day * 86_400_000 < opts.now; day++) {
        if (r.next() > loyalty ** (day / 10 + 1) + (day === 0 ? 1 : 0)) continue;
        const loginAt = Math.min(opts.now - 60_000, at + day * 86_400_000 + r.int(0, 12 * 3_600_000));
        await recordActivity(tx, playerId, "login", loginAt);
        mine.push(loginAt);
      }
    });
    logins.set(playerId, mine);
    opts.onProgress?.(i + 1, opts.players);
  }
  for (const step of worldSteps) await step({ db, r, playerIds, opts, logins });
  return { players: playerIds.length };
}
