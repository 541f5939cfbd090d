// Issue 31, support from one screen: the ticket page reads the player's case (balance, orders
// with their provider state, battles, bans, the ticket's status history) and settles it with
// "credit and reply": credited through the ledger as a compensation (no revenue, no payer),
// answered in the thread, one admin log row, all or nothing; a role's cap is refused under its field.
import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { eq } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { signInAdmin, type Actor } from "../test/sign-in.ts";
import { registerPlayer } from "../domain/players.ts";
import { openTicket } from "../domain/support.ts";
import { isPayer } from "../domain/payers.ts";
import { GOLD_PACK, putItem } from "../test/billing-world.ts";
import { createOrder } from "../domain/billing/provider-orders.ts";
import { players } from "../db/schema/players.ts";
import { adminLog } from "../db/schema/access.ts";
import { supportMessages } from "../db/schema/support.ts";
import { ledgerEntries } from "../db/schema/ledger.ts";

describe("a support case settled from the ticket page", () => {
  let w: TestWorld;
  let support: Actor;
  let operator: Actor;
  let playerId: number;
  let ticketId: number;
  let orderId: number;
  let gold0: number;
  beforeAll(async () => {
    w = await makeWorld();
    const db = w.deps.db;
    await putItem(db, GOLD_PACK, w.clock.now());
    playerId = (
      await registerPlayer(db, {
        nickname: "NoGold",
        country: "RU",
        platform: "web",
        source: "organic",
        locale: "ru",
        at: w.clock.now(),
      })
    ).playerId;
    gold0 = (await db.select().from(players).where(eq(players.id, playerId)))[0].gold;
    // The order the player paid for (the provider's callback never came: it stays pending).
    orderId = (
      await createOrder(db, {
        playerId,
        itemId: GOLD_PACK.id,
        provider: "stripe",
        market: "web",
        currency: "RUB",
        at: w.clock.now(),
      })
    ).id;
    ticketId = (
      await openTicket(db, {
        playerId,
        category: "payments",
        subCategory: "not_credited",
        subject: "Не пришло золото после оплаты",
        body: "Оплатил 500 золота, золота нет.",
        at: w.clock.now() + 1000,
      })
    ).id;
    support = await signInAdmin(w, "support", "casesupport");
    operator = await signInAdmin(w, "operator", "caseoperator");
  });
  afterAll(() => w.close());
  const call = (who: Actor, path: string, body?: unknown) =>
    w.app.request(path, {
      method: body ? "POST" : "GET",
      headers: who.headers({ "accept-language": "en" }),
      body: body ? JSON.stringify(body) : undefined,
    });

  test("the case: balance, the order with its state, the status history, the role's cap", async () => {
    const r = await call(support, `/admin/feedback/${ticketId}/case`);
    expect(r.status).toBe(200);
    const c = await r.json();
    expect(c.player).toMatchObject({ id: playerId, nickname: "NoGold", gold: gold0 });
    expect(c.orders).toHaveLength(1);
    expect(c.orders[0]).toMatchObject({ id: orderId, provider: "stripe", status: "created", currency: "RUB" });
    expect(c.history.map((h: { to: string }) => h.to)).toEqual(["open"]);
    expect(c.creditCap.gold).toBe(500);
    expect((await (await call(operator, `/admin/feedback/${ticketId}/case`)).json()).creditCap.gold).toBe(5000);
    expect((await call(support, "/admin/feedback/999999/case")).status).toBe(404);
  });

  test("over the role's cap: refused under the field, nothing credited, nothing answered", async () => {
    const r = await call(support, `/admin/feedback/${ticketId}/creditAndReply`, {
      gold: 600,
      reason: "no gold after payment",
      reply: "Начислили",
    });
    expect(r.status).toBe(400);
    expect((await r.json()).error.fields.gold).toContain("at most 500");
    const [p] = await w.deps.db.select().from(players).where(eq(players.id, playerId));
    expect(p.gold).toBe(gold0);
    expect(await w.deps.db.select().from(supportMessages).where(eq(supportMessages.ticketId, ticketId))).toHaveLength(
      1,
    );
  });

  test("credit and reply: gold through the ledger, the reply in the thread, one admin log row; not a payer", async () => {
    const logBefore = (await w.deps.db.select().from(adminLog)).length;
    const r = await call(support, `/admin/feedback/${ticketId}/creditAndReply`, {
      gold: 500,
      reason: "no gold after payment, order pending at the provider",
      reply: "Здравствуйте! Начислили 500 золота.",
    });
    expect(r.status, await r.clone().text()).toBe(200);
    const out = await r.json();
    expect(out.balance.gold).toBe(gold0 + 500);
    const ledger = await w.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.playerId, playerId));
    expect(ledger.at(-1)).toMatchObject({ currency: "gold", delta: 500, balanceAfter: gold0 + 500 });
    const thread = await w.deps.db.select().from(supportMessages).where(eq(supportMessages.ticketId, ticketId));
    expect(thread.at(-1)).toMatchObject({ author: "support", adminUsername: "casesupport" });
    const log = (await w.deps.db.select().from(adminLog)).slice(logBefore);
    expect(log.map((l) => [l.action, l.targetType, l.targetId])).toEqual([
      ["ticket.creditAndReply", "ticket", String(ticketId)],
    ]);
    expect(await isPayer(w.deps.db, playerId)).toBe(false);
    const c = await (await call(support, `/admin/feedback/${ticketId}/case`)).json();
    expect(c.history.map((h: { to: string; by: string | null }) => [h.to, h.by])).toEqual([
      ["open", null],
      ["answered", "casesupport"],
    ]);
    expect(c.orders[0]).toMatchObject({ provider: "manual", status: "paid", gold: 500 });
  });

  test("a closed ticket is refused (reopen it first); bad input is a 400", async () => {
    await call(support, "/admin/feedback/ticket/set", { ticketId, status: "closed" });
    const r = await call(support, `/admin/feedback/${ticketId}/creditAndReply`, {
      gold: 1,
      reason: "again",
      reply: "x",
    });
    expect(r.status).toBe(409);
    expect((await call(support, `/admin/feedback/${ticketId}/creditAndReply`, { gold: 1, reply: "x" })).status).toBe(
      400,
    );
  });
});
