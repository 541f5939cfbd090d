// What needs an operator's attention, for the start page: each area adds a counter with the
// screen it links to (its words are the start page's: ui/areas/access/HomePage.tsx ATTENTION).
import { eq, count } from "drizzle-orm";
import type { Db } from "../../db/index.ts";
import { orders } from "../../db/schema/billing.ts";
import { awaitingVerification } from "../../billing/orders.ts";
import { countStuckBattles } from "../../domain/battles.ts";
import { supportTickets } from "../../db/schema/support.ts";
import { countPendingAvatars } from "../../domain/avatars.ts";

export interface AttentionCounter {
  key: string;
  href: string;
  count(db: Db, now: number): Promise<number>;
}

export const attentionCounters: AttentionCounter[] = [
  {
    key: "paymentsAwaitingVerification",
    // A payment pending for over 30 minutes has likely lost its callback: the orders screen lists them.
    href: "/admin/billing/orders/?awaiting=1",
    async count(db, now) {
      const [r] = await db.select({ n: count() }).from(orders).where(awaitingVerification(now));
      return r.n;
    },
  },
  {
    key: "stuckBattles",
    href: "/admin/battles/?status=stuck",
    count: (db, now) => countStuckBattles(db, now),
  },
  {
    // A ticket is "open" while the last word is the player's (domain/support.ts): an operator owes an answer.
    key: "ticketsAwaitingOperator",
    href: "/admin/feedback?status=open",
    async count(db) {
      const [r] = await db.select({ n: count() }).from(supportTickets).where(eq(supportTickets.status, "open"));
      return r.n;
    },
  },
  {
    key: "avatarsToModerate",
    href: "/admin/playerAvatars/",
    count: (db) => countPendingAvatars(db),
  },
];
