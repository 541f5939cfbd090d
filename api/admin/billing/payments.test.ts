import { describe, test, expect, beforeAll } from "bun:test";
import { stripeSuite } from "../../test/billing.ts";
import { eq } from "drizzle-orm";
import { signedInAdmin } from "../../test/billing-world.ts";
import { adminLog } from "../../db/schema/index.ts";
import { orders } from "../../db/schema/billing.ts";

describe("Admin: player payments", () => {
  const suite = stripeSuite({ country: "DE" });
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  beforeAll(async () => {
    admin = await signedInAdmin(suite.w.deps.db, suite.w.clock.now(), "admin");
  });
  const { gold } = suite;

  const adminPost = (path: string, body: unknown, headers: Record<string, string> = admin.headers) =>
    suite.w.app.request(path, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", accept: "application/json", "accept-language": "en" },
      body: JSON.stringify(body),
    });
  async function pendingOrder() {
    const r = await suite.w.app.request("/billing/stripe/order/initialize", {
      method: "POST",
      headers: { ...suite.buyer.headers, "content-type": "application/json" },
      body: JSON.stringify({ item_id: "gold_500" }),
    });
    const body = await r.json();
    return { id: body.order.id as number, sessionId: (body.url as string).split("/pay/")[1] };
  }

  test("the page and getPayments list the player's orders, paged and sorted; bad input is a 400", async () => {
    const a = await pendingOrder();
    expect(a.id).toBeGreaterThan(0);
    const p = await suite.w.app.request(`/admin/playerPayment/${suite.buyer.playerId}`, {
      headers: { ...admin.headers, accept: "application/json" },
    });
    expect(p.status).toBe(200);
    const page = await p.json();
    expect(page.player.id).toBe(suite.buyer.playerId);
    expect(page.payments.rows[0].currency).toBe("EUR");
    // The item by its catalogue title, not its id (gold_500), in both languages.
    expect(page.payments.rows[0].itemTitle).toEqual({ ru: expect.any(String), en: expect.any(String) });
    expect(page.payments.rows[0].itemTitle.en).not.toBe("gold_500");
    const list = await adminPost("/admin/playerPayment/getPayments", {
      playerId: suite.buyer.playerId,
      size: 1,
      sort: "createdAt",
      dir: "asc",
    });
    expect((await list.json()).total).toBe(1);
    const bad = await adminPost("/admin/playerPayment/getPayments", { playerId: "x", size: 1000 });
    expect(bad.status).toBe(400);
    const j = await bad.json();
    expect(Object.keys(j.error.fields).sort()).toEqual(["playerId", "size"]);
    expect((await adminPost("/admin/playerPayment/getPayments", { playerId: 99999 })).status).toBe(404);
    expect(
      (await suite.w.app.request(`/admin/playerPayment/getPayments?playerId=${suite.buyer.playerId}`)).status,
    ).toBe(401);
  });

  test("cashbox/request asks Stripe and changes nothing; verify credits once and is audited", async () => {
    const o = await pendingOrder();
    await suite.standin.complete(o.sessionId);
    const before = await gold();
    const ask = await adminPost("/admin/playerPayment/cashbox/request", { orderId: o.id });
    expect(ask.status).toBe(200);
    expect((await ask.json()).provider.status).toBe("paid");
    expect(await gold()).toBe(before);
    suite.standin.state.down = true;
    const down = await adminPost("/admin/playerPayment/verify", { orderId: o.id });
    expect(down.status).toBe(503);
    expect(await gold()).toBe(before);
    suite.standin.state.down = false;
    const ok = await adminPost("/admin/playerPayment/verify", { orderId: o.id });
    expect(ok.status).toBe(200);
    expect((await ok.json()).order.status).toBe("paid");
    const again = await adminPost("/admin/playerPayment/verify", { orderId: o.id });
    expect((await again.json()).order.status).toBe("paid");
    expect(await gold()).toBe(before + 550);
    const log = await suite.w.deps.db
      .select()
      .from(adminLog)
      .where(eq(adminLog.targetId, String(o.id)));
    expect(log.map((l) => l.summary)).toEqual([
      "verify: provider not answering, order stays pending",
      "verified: pending → paid",
      "verified: provider says paid, order stays paid",
    ]);
    expect(
      (await adminPost("/admin/playerPayment/verify", { orderId: o.id }, { cookie: admin.headers.cookie })).status,
    ).toBe(403);
  });

  test("add credits manually with a reason; edit keeps a note; remove reverses, keeping history", async () => {
    const before = await gold();
    const add = await adminPost("/admin/playerPayment/add", {
      playerId: suite.buyer.playerId,
      gold: 100,
      reason: "compensation for outage",
    });
    expect(add.status).toBe(200);
    const manual = (await add.json()).order;
    expect(await gold()).toBe(before + 100);
    expect((await adminPost("/admin/playerPayment/add", { playerId: suite.buyer.playerId, reason: "x" })).status).toBe(
      400,
    );
    expect(await gold()).toBe(before + 100);
    const edit = await adminPost("/admin/playerPayment/edit", { orderId: manual.id, note: "ticket #42" });
    expect((await edit.json()).order.note).toBe("ticket #42");
    const rm = await adminPost("/admin/playerPayment/remove", { orderId: manual.id, reason: "given twice" });
    expect(rm.status).toBe(200);
    expect((await rm.json()).order.status).toBe("refunded");
    expect(await gold()).toBe(before);
    expect((await adminPost("/admin/playerPayment/remove", { orderId: manual.id, reason: "given twice" })).status).toBe(
      409,
    );
    const [still] = await suite.w.deps.db.select().from(orders).where(eq(orders.id, manual.id));
    expect(still.status).toBe("refunded");
    const pend = await pendingOrder();
    const cancel = await adminPost("/admin/playerPayment/remove", { orderId: pend.id, reason: "player asked" });
    expect((await cancel.json()).order.status).toBe("cancelled");
    const support = await signedInAdmin(suite.w.deps.db, suite.w.clock.now(), "support");
    expect(
      (await adminPost("/admin/playerPayment/remove", { orderId: pend.id, reason: "x y z" }, support.headers)).status,
    ).toBe(403);
  });

  test("payment/find by transaction id, order id or player", async () => {
    const o = await pendingOrder();
    const d = await suite.standin.complete(o.sessionId);
    await suite.w.app.request("/billing/stripe/event/handle", {
      method: "POST",
      headers: { "stripe-signature": d.signature },
      body: d.payload,
    });
    const tx = suite.standin.sessions.get(o.sessionId)!.payment_intent!;
    const byTx = await (await adminPost("/admin/api/payment/find", { txId: tx })).json();
    expect(byTx.rows.map((r: { id: number }) => r.id)).toEqual([o.id]);
    const byRef = await (await adminPost("/admin/api/payment/find", { txId: o.sessionId })).json();
    expect(byRef.rows[0].id).toBe(o.id);
    const byPlayer = await (await adminPost("/admin/api/payment/find", { playerId: suite.buyer.playerId })).json();
    expect(byPlayer.rows.length).toBeGreaterThan(3);
    expect((await adminPost("/admin/api/payment/find", {})).status).toBe(400);
  });

  test("stream/payments follows new order events live, resuming from Last-Event-ID", async () => {
    const res = await suite.w.app.request(`/admin/playerPayment/stream/payments?playerId=${suite.buyer.playerId}`, {
      headers: admin.headers,
    });
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const reader = res.body!.getReader();
    const seen: string[] = [];
    const o = await pendingOrder();
    const d = await suite.standin.complete(o.sessionId);
    await suite.w.app.request("/billing/stripe/event/handle", {
      method: "POST",
      headers: { "stripe-signature": d.signature },
      body: d.payload,
    });
    let text = "";
    const until = Date.now() + 5000;
    const collect = () => {
      seen.length = 0;
      for (const m of text.matchAll(/^event: payment\ndata: (.*)$/gm)) {
        const msg = JSON.parse(m[1]);
        if (msg.order.id === o.id) seen.push(msg.event.to);
      }
    };
    while (Date.now() < until && !seen.includes("paid")) {
      const { value } = await reader.read();
      text += new TextDecoder().decode(value);
      collect();
    }
    await reader.cancel();
    expect(seen).toEqual(["created", "pending", "paid"]);
    const lastId = [...text.matchAll(/^id: (\d+)$/gm)].at(-1)![1];
    const resumed = await suite.w.app.request(`/admin/playerPayment/stream/payments`, {
      headers: { ...admin.headers, "last-event-id": lastId },
    });
    const r2 = resumed.body!.getReader();
    const first = new TextDecoder().decode((await r2.read()).value);
    await r2.cancel();
    expect(first).toContain("event: ping");
  });
});
