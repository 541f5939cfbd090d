// What needs an operator's attention, for the start page: each area adds a counter with the
// screen it links to.
import { and, eq, lt, count } from "drizzle-orm";
import type { Db } from "../../db/index.ts";
import { orders } from "../../db/schema/billing.ts";
import { countStuckBattles } from "../../domain/battles.ts";
import { supportTickets } from "../../db/schema/support.ts";
import { countPendingAvatars } from "../../domain/avatars.ts";

export interface AttentionCounter {
  key: string;
  href: string;
  title: { en: string; ru: string };
  count(db: Db, now: number): Promise<number>;
}

// A payment still pending after this long has likely lost its callback and needs a verify.
const PENDING_STALE_MS = 30 * 60_000;

export const attentionCounters: AttentionCounter[] = [
  {
    key: "paymentsAwaitingVerification",
    href: "/admin/billing/",
    title: { en: "Payments awaiting verification", ru: "Платежи, ждущие проверки" },
    async count(db, now) {
      const [r] = await db.select({ n: count() }).from(orders).where(and(eq(orders.status, "pending"), lt(orders.updatedAt, now - PENDING_STALE_MS)));
      return r.n;
    },
  },
  {
    key: "stuckBattles",
    href: "/admin/battles/?status=stuck",
    title: { en: "Stuck battles", ru: "Зависшие бои" },
    count: (db, now) => countStuckBattles(db, now),
  },
  {
    // A ticket is "open" while the last word is the player's (domain/support.ts): an operator owes an answer.
    key: "ticketsAwaitingOperator",
    href: "/admin/feedback?status=open",
    title: { en: "Tickets awaiting an operator", ru: "Обращения ждут оператора" },
    async count(db) {
      const [r] = await db.select({ n: count() }).from(supportTickets).where(eq(supportTickets.status, "open"));
      return r.n;
    },
  },
  {
    key: "avatarsToModerate",
    href: "/admin/playerAvatars/",
    title: { en: "Avatars to moderate", ru: "Аватары на проверке" },
    count: (db) => countPendingAvatars(db),
  },
];
