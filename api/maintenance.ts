// Bounded storage: what the store no longer needs, deleted on a schedule — by the in-process
// shipper's timer on Bun and Deno (edge/boot.ts) and by the Cron Trigger on Workers
// (edge/worker.ts). Outbox rows go only once shipped (the cursor's shipped_to) and an hour old, so
// nothing the warehouse has not accepted is ever lost and a recent range can still be compared.
import type { Client } from "@libsql/client";
import type { Db } from "./db/index.ts";
import { pruneExpiredSessions } from "./http/session.ts";
import { pruneExpiredRequests } from "./domain/clans.ts";
import { pruneOutbox } from "../warehouse/shipper.ts";
import { pruneIdleGuests, pruneChallenges } from "./domain/guests.ts";
import { guestRules } from "./domain/options.ts";
import { pruneOAuthStates } from "./domain/oauth-states.ts";

/** How long shipped outbox rows are kept (for a look at what was sent lately). */
export const OUTBOX_KEEP_MS = 60 * 60_000;
/** How often the in-process timer runs the maintenance (the Workers cron runs it every minute). */
export const MAINTENANCE_EVERY_MS = 5 * 60_000;

export interface Pruned {
  outbox: number;
  sessions: number;
  clanRequests: number;
  /** Unclaimed guests idle past the operators' lifetime, pruned with their data (api/domain/guests.ts). */
  guests: number;
  /** Guest challenges and social sign-ins under way past their use. */
  challenges: number;
}

/** Deletes shipped outbox rows past their keep time, expired sessions and clan requests, idle guests, old challenges. */
export async function maintain(store: { db: Db; client: Client }, now: number): Promise<Pruned> {
  const outbox = await pruneOutbox(store.client, OUTBOX_KEEP_MS, now);
  const sessions = await pruneExpiredSessions(store.db, now);
  const clanRequests = await pruneExpiredRequests(store.db, now);
  const guests = await pruneIdleGuests(store.db, now, await guestRules(store.db, now));
  const challenges = (await pruneChallenges(store.db, now)) + (await pruneOAuthStates(store.db, now));
  return { outbox, sessions, clanRequests, guests, challenges };
}
