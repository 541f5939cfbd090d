import { z } from "zod";
import { describe, test, expect } from "bun:test";
import { stripeSuite } from "../test/billing.ts";
import { desc, eq } from "drizzle-orm";
import { signedInPlayer } from "../test/billing-world.ts";
import { ledgerEntries } from "../db/schema/index.ts";
import { orders, orderEvents } from "../db/schema/billing.ts";
import { findOrder } from "../domain/billing/orders.ts";
import { verifyOrder } from "./registry.ts";

const NUsdRow = z.object({ n: z.number(), usd: z.number() });
const StatusUsdRow = z.object({ status: z.string(), usd: z.number() });

describe("Stripe", () => {
  const suite = stripeSuite();
  const { gold, snapshot } = suite;

  const initialize = async (body: unknown = { item_id: "gold_500" }) =>
    suite.w.app.request("/billing/stripe/order/initialize", {
      method: "POST",
      headers: { ...suite.buyer.headers, "content-type": "application/json", "accept-language": "en" },
      body: JSON.stringify(body),
    });
  const deliver = (d: { payload: string; signature: string }) =>
    suite.w.app.request("/billing/stripe/event/handle", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": d.signature },
      body: d.payload,
    });
  async function newOrder() {
    const r = await initialize();
    expect(r.status).toBe(200);
    const body = (await r.json()) as {
      order: { id: number; status: string; amountMinor: number; currency: string };
      url: string;
    };
    const sessionId = body.url.split("/pay/")[1];
    return { ...body, sessionId };
  }

  test("initialize prices on the server and opens a checkout session; order is pending", async () => {
    const { order, url } = await newOrder();
    expect(order.status).toBe("pending");
    expect(order.amountMinor).toBe(199);
    expect(order.currency).toBe("USD");
    expect(url).toStartWith(`${suite.base}/pay/cs_test_`);
    expect((await initialize({ item_id: "nope" })).status).toBe(404);
    expect((await initialize({ item_id: "gold_500", currency: "XXX" })).status).toBe(400);
    const anon = await suite.w.app.request("/billing/stripe/order/initialize", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(anon.status).toBe(401);
  });

  test("Stripe down at the start: 503, the order stays created; no settings: 503 not configured", async () => {
    suite.standin.state.down = true;
    const r = await initialize();
    suite.standin.state.down = false;
    expect(r.status).toBe(503);
    const [last] = await suite.w.deps.db.select().from(orders).orderBy(desc(orders.id)).limit(1);
    expect(last.status).toBe("created");
    const key = suite.w.deps.settings.secrets.STRIPE_SECRET_KEY;
    suite.w.deps.settings.secrets.STRIPE_SECRET_KEY = undefined;
    const count = (await suite.w.deps.db.select().from(orders)).length;
    const none = await initialize();
    expect((await suite.w.deps.db.select().from(orders)).length).toBe(count);
    suite.w.deps.settings.secrets.STRIPE_SECRET_KEY = key;
    expect(none.status).toBe(503);
    expect((await none.json()).error.message).toBe("Payments through stripe are not configured.");
  });

  test("the purchase page's data lists the player's offers with the currency of each method", async () => {
    const r = await suite.w.app.request("/billing/stripe/order/checkout", {
      headers: { ...suite.buyer.headers, accept: "application/json" },
    });
    const d = await r.json();
    expect(d.currencies).toEqual({ stripe: "USD", robokassa: "RUB", ecommpay: "USD" });
    expect(d.offers.map((o: { id: string }) => o.id)).toEqual(["gold_500"]);
    expect(d.offers[0].grants).toEqual({ gold: 550, silver: 0, premiumDays: 0 });
    expect(d.offers[0].prices).toContainEqual({ currency: "USD", amount: 199 });
  });

  test("a valid webhook credits once; 5 replays and 20 concurrent copies change nothing more", async () => {
    const { order, sessionId } = await newOrder();
    const before = await gold();
    const delivery = await suite.standin.complete(sessionId);
    const r = await deliver(delivery);
    expect(r.status).toBe(200);
    expect(await gold()).toBe(before + 550);
    const o = (await findOrder(suite.w.deps.db, order.id))!;
    expect(o.status).toBe("paid");
    for (let i = 0; i < 5; i++) expect((await deliver(delivery)).status).toBe(200);
    const all = await Promise.all(Array.from({ length: 20 }, () => deliver(delivery)));
    expect(all.every((x) => x.status === 200)).toBe(true);
    expect(await gold()).toBe(before + 550);
    const credits = (
      await suite.w.deps.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.ref, `order:${order.id}`))
    ).length;
    expect(credits).toBe(1);
    const events = await suite.w.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => e.toStatus)).toEqual(["created", "pending", "paid"]);
    // The metrics see one payment of this order, in USD cents.
    await suite.w.ship();
    const rows = await suite.w.deps.warehouse.query(
      `SELECT count() AS n, sum(amount_usd_cents) AS usd FROM payments WHERE order_id = '${order.id}'`,
      {},
      NUsdRow,
    );
    expect(Number(rows[0].n)).toBe(1);
    expect(Number(rows[0].usd)).toBe(199);
  });

  test("20 concurrent first deliveries of a fresh payment credit once", async () => {
    const { order, sessionId } = await newOrder();
    const before = await gold();
    const delivery = await suite.standin.complete(sessionId);
    const all = await Promise.all(Array.from({ length: 20 }, () => deliver(delivery)));
    expect(all.every((x) => x.status === 200)).toBe(true);
    expect(await gold()).toBe(before + 550);
    expect((await findOrder(suite.w.deps.db, order.id))!.status).toBe("paid");
  });

  test("tampered signature, wrong amount, unknown order, malformed body: 4xx and nothing changes", async () => {
    const { sessionId } = await newOrder();
    const good = await suite.standin.complete(sessionId);
    const before = await snapshot();
    // Tampered: a different amount in a body signed for the original.
    const tampered = await deliver({
      payload: good.payload.replace('"amount_total":199', '"amount_total":1'),
      signature: good.signature,
    });
    expect(tampered.status).toBe(400);
    expect(
      (
        await deliver({
          payload: good.payload,
          signature: good.signature.replace(/v1=(.)/, (_, ch: string) => `v1=${ch === "0" ? "1" : "0"}`),
        })
      ).status,
    ).toBe(400);
    const noHeader = await suite.w.app.request("/billing/stripe/event/handle", { method: "POST", body: good.payload });
    expect(noHeader.status).toBe(400);
    // Old timestamp (replayed after the tolerance): refused.
    const stale = await suite.standin.signed(
      "checkout.session.completed",
      suite.standin.sessions.get(sessionId),
      suite.w.clock.now() - 3600_000,
    );
    expect((await deliver(stale)).status).toBe(400);
    // Correctly signed but the wrong amount or currency.
    const s = { ...suite.standin.sessions.get(sessionId)!, amount_total: 100 };
    expect((await deliver(await suite.standin.signed("checkout.session.completed", s))).status).toBe(400);
    const eur = { ...suite.standin.sessions.get(sessionId)!, currency: "eur" };
    expect((await deliver(await suite.standin.signed("checkout.session.completed", eur))).status).toBe(400);
    // Unknown order: acknowledged (200) so Stripe stops retrying, and nothing changes.
    const unknown = {
      ...suite.standin.sessions.get(sessionId)!,
      metadata: { order_id: "999999" },
      client_reference_id: "999999",
    };
    const unk = await deliver(await suite.standin.signed("checkout.session.completed", unknown));
    expect(unk.status).toBe(200);
    expect(((await unk.json()) as { outcome: string }).outcome).toStartWith("ignored");
    const foreign = await deliver(
      await suite.standin.signed("charge.refunded", {
        id: "ch_x",
        object: "charge",
        payment_intent: "pi_not_ours",
        amount: 500,
        amount_refunded: 500,
        refunded: true,
      }),
    );
    expect(foreign.status).toBe(200);
    // Malformed: signed non-JSON, signed JSON of the wrong shape.
    const t = Math.floor(suite.w.clock.now() / 1000);
    const { stripeSignature } = await import("./test-standins/stripe.ts");
    expect(
      (await deliver({ payload: "{nope", signature: await stripeSignature("whsec_test", "{nope", t) })).status,
    ).toBe(400);
    expect((await deliver(await suite.standin.signed("checkout.session.completed", { id: 5 }))).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  test("Stripe down: the return page leaves the order pending; verify completes it later", async () => {
    const { order, sessionId } = await newOrder();
    await suite.standin.complete(sessionId); // paid at Stripe, webhook lost
    const before = await gold();
    suite.standin.state.down = true;
    const back = await suite.w.app.request(`/billing/stripe/order/checkout?order=${order.id}&session_id=${sessionId}`, {
      headers: { ...suite.buyer.headers, accept: "application/json" },
    });
    expect(back.status).toBe(200);
    const view = await back.json();
    expect(view.order.status).toBe("pending");
    expect(view.providerDown).toBe(true);
    await expect(verifyOrder(suite.w.deps, (await findOrder(suite.w.deps.db, order.id))!, "verify")).rejects.toThrow();
    expect((await findOrder(suite.w.deps.db, order.id))!.status).toBe("pending");
    expect(await gold()).toBe(before);
    suite.standin.state.down = false;
    const done = await verifyOrder(suite.w.deps, (await findOrder(suite.w.deps.db, order.id))!, "verify");
    expect(done.order.status).toBe("paid");
    expect(await gold()).toBe(before + 550);
    // The late webhook changes nothing.
    expect((await deliver(await suite.standin.complete(sessionId))).status).toBe(200);
    expect(await gold()).toBe(before + 550);
  });

  test("the return page credits at once when the webhook has not come yet", async () => {
    const { order, sessionId } = await newOrder();
    await suite.standin.complete(sessionId);
    const before = await gold();
    const back = await suite.w.app.request(`/billing/stripe/order/checkout?order=${order.id}`, {
      headers: { ...suite.buyer.headers, accept: "application/json" },
    });
    expect((await back.json()).order.status).toBe("paid");
    expect(await gold()).toBe(before + 550);
    // Another player cannot read it.
    const other = await signedInPlayer(suite.w.deps.db, suite.w.clock.now());
    expect(
      (
        await suite.w.app.request(`/billing/stripe/order/checkout?order=${order.id}`, {
          headers: { ...other.headers, accept: "application/json" },
        })
      ).status,
    ).toBe(404);
  });

  test("every call to Stripe names the pinned API version", async () => {
    const { STRIPE_API_VERSION } = await import("./stripe.ts");
    suite.standin.state.versions.length = 0;
    await newOrder();
    expect(suite.standin.state.versions.length).toBeGreaterThan(0);
    expect(suite.standin.state.versions.every((v) => v === STRIPE_API_VERSION)).toBe(true);
  });

  test("a dispute takes the gold back when opened and gives it back when the merchant wins; a lost one stands", async () => {
    const a = await newOrder();
    await deliver(await suite.standin.complete(a.sessionId));
    const before = await gold();
    expect((await deliver(await suite.standin.dispute(a.sessionId))).status).toBe(200);
    expect(await gold()).toBe(before - 550);
    const won = await suite.standin.disputeClosed(a.sessionId, "won");
    for (let i = 0; i < 5; i++) expect((await deliver(won)).status).toBe(200);
    await Promise.all(Array.from({ length: 20 }, () => deliver(won)));
    expect(await gold()).toBe(before);
    expect((await findOrder(suite.w.deps.db, a.order.id))!.status).toBe("paid");
    const events = await suite.w.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, a.order.id));
    expect(events.map((e) => e.toStatus)).toEqual(["created", "pending", "paid", "refunded", "paid"]);

    const b = await newOrder();
    await deliver(await suite.standin.complete(b.sessionId));
    await deliver(await suite.standin.dispute(b.sessionId));
    const after = await gold();
    expect((await deliver(await suite.standin.disputeClosed(b.sessionId, "lost"))).status).toBe(200);
    expect(await gold()).toBe(after);
    expect((await findOrder(suite.w.deps.db, b.order.id))!.status).toBe("refunded");
  });

  test("a full refund takes the gold back; spent gold becomes the order's debt; a dispute reverses too", async () => {
    const a = await newOrder();
    await deliver(await suite.standin.complete(a.sessionId));
    const before = await gold();
    const refund = await suite.standin.refund(a.sessionId);
    expect((await deliver(refund)).status).toBe(200);
    expect((await deliver(refund)).status).toBe(200);
    expect(await gold()).toBe(before - 550);
    expect((await findOrder(suite.w.deps.db, a.order.id))!.status).toBe("refunded");

    const b = await newOrder();
    await deliver(await suite.standin.complete(b.sessionId));
    // The player spends almost everything.
    const { applyLedger } = await import("../domain/ledger.ts");
    const have = await gold();
    await suite.w.deps.db.transaction((tx) =>
      applyLedger(tx, {
        playerId: suite.buyer.playerId,
        currency: "gold",
        delta: -(have - 100),
        reason: "shop.tank",
        at: suite.w.clock.now(),
      }),
    );
    expect((await deliver(await suite.standin.dispute(b.sessionId))).status).toBe(200);
    const o = (await findOrder(suite.w.deps.db, b.order.id))!;
    expect(o.status).toBe("refunded");
    expect(await gold()).toBe(0);
    expect(o.debtGold).toBe(450);
    await suite.w.ship();
    const rows = await suite.w.deps.warehouse.query(
      `SELECT status, sum(amount_usd_cents) AS usd FROM payments WHERE order_id IN ('${a.order.id}','${b.order.id}') GROUP BY status ORDER BY status`,
      {},
      StatusUsdRow,
    );
    expect(rows.map((r) => [r.status, Number(r.usd)])).toEqual([
      ["chargeback", -199],
      ["paid", 398],
      ["refunded", -199],
    ]);
  });
});
