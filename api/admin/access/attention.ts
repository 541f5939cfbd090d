// What needs an operator's attention, for the start page: each area adds a counter with the
// screen it links to (its words are the start page's: ui/areas/access/HomePage.tsx ATTENTION).
import type { DbOrTx } from "../../db/index.ts";
import { countStuckBattles } from "../../domain/battles.ts";
import { countPendingAvatars } from "../../domain/avatars.ts";
import { countAwaitingVerification, countOpenTickets } from "../../domain/start-page.ts";

export interface AttentionCounter {
  key: string;
  href: string;
  count(db: DbOrTx, now: number): Promise<number>;
}

export const attentionCounters: AttentionCounter[] = [
  {
    key: "paymentsAwaitingVerification",
    // A payment pending for over 30 minutes has likely lost its callback: the orders screen lists them.
    href: "/admin/billing/orders/?awaiting=1",
    count: (db, now) => countAwaitingVerification(db, now),
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
    count: (db) => countOpenTickets(db),
  },
  {
    key: "avatarsToModerate",
    href: "/admin/playerAvatars/",
    count: (db) => countPendingAvatars(db),
  },
];
