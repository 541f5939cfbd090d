// Demo world: the support case operators meet most at 3 a.m. — "no gold after payment" — with the
// order behind it: a player signs in, starts a 500-gold purchase whose provider callback never
// comes (the order stays pending), and writes a ticket naming the order 40 minutes later. The
// ticket is open, waiting for an operator; the ticket page shows the order with "verify".
import { and, desc, eq, lt } from "drizzle-orm";
import { players } from "../schema/players.ts";
import { createOrder, markPending } from "../../domain/billing/provider-orders.ts";
import { openTicket } from "../../domain/support.ts";
import { recordActivity } from "../../domain/players.ts";
import { banPlayer, unbanPlayers } from "../../domain/bans.ts";
import { admins } from "../schema/access.ts";
import type { WorldStep } from "../demo.ts";

const MINUTE = 60_000;

export const noGoldCaseStep: WorldStep = async ({ db, r, playerIds, opts }) => {
  if (!playerIds.length) return;
  const at = opts.now - r.int(2 * 60, 5 * 60) * MINUTE;
  const [p] = await db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.country, "RU"), lt(players.createdAt, at - 2 * 86_400_000)))
    .orderBy(desc(players.lastLoginAt))
    .limit(1);
  const playerId = p?.id ?? playerIds[0];
  await db.transaction((tx) => recordActivity(tx, playerId, "login", at - 5 * MINUTE));
  const order = await createOrder(db, {
    playerId,
    itemId: "gold_500",
    provider: "robokassa",
    market: "web",
    currency: "RUB",
    at,
  });
  await markPending(db, order.id, `demo-ref-${order.id}`, at + MINUTE);
  await openTicket(db, {
    playerId,
    category: "payments",
    subCategory: "not_credited",
    subject: "Не пришло золото после оплаты",
    body: `Оплатил 500 золота картой (заказ №${order.id}), деньги списались, а золота нет.`,
    at: at + 40 * MINUTE,
  });
};

/**
 * A few bans by the demo operator, so the ban log is not empty: two running (7 and 30 days, for a
 * cheat and for abuse in the chat), one lifted after an appeal.
 */
export const bansStep: WorldStep = async ({ db, r, playerIds, opts }) => {
  const [admin] = await db.select({ id: admins.id, username: admins.username }).from(admins).limit(1);
  if (!admin || playerIds.length < 3) return;
  const by = { adminId: admin.id, adminUsername: admin.username };
  const [cheater, abuser, appealed] = [r.pick(playerIds), r.pick(playerIds), r.pick(playerIds)];
  const day = 86_400_000;
  await db.transaction(async (tx) => {
    const at1 = opts.now - r.int(1, 3) * day;
    await banPlayer(tx, {
      ...by,
      at: at1,
      playerId: cheater,
      reason: "Читы: урон выше нормы тира",
      until: at1 + 7 * day,
    });
    const at2 = opts.now - r.int(2, 5) * day;
    await banPlayer(tx, { ...by, at: at2, playerId: abuser, reason: "Оскорбления в чате", until: at2 + 30 * day });
    const at3 = opts.now - r.int(3, 6) * day;
    await banPlayer(tx, { ...by, at: at3, playerId: appealed, reason: "Подозрение на бота", until: at3 + 7 * day });
    await unbanPlayers(tx, { ...by, at: at3 + day, playerIds: [appealed], reason: "Апелляция принята" });
  });
};
