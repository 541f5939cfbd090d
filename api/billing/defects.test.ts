// Issue 25: money in any order of events. One test per sequence the issue found broken, each
// driven through the provider's own event shapes (Stripe's dispute and refund objects, PayPal's
// refund resource with its seller_payable_breakdown, Apple's signed REFUND_REVERSED), checking
// the buyer's gold and the order's ledger rows after every step.
import { describe, test, expect } from "bun:test";
import { eq } from "drizzle-orm";
import { appleSuite, paypalSuite, stripeSuite } from "../test/billing.ts";
import { ledgerEntries } from "../db/schema/index.ts";
import { findOrder } from "../domain/billing/orders.ts";
import { signedInAdmin } from "../test/billing-world.ts";
import type { TestWorld } from "../test/fixture.ts";

const ledgerOf = async (w: TestWorld, orderId: number) =>
  (
    await w.deps.db
      .select({ delta: ledgerEntries.delta, reason: ledgerEntries.reason })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.ref, `order:${orderId}`))
      .orderBy(ledgerEntries.id)
  ).map((r) => `${r.reason} ${r.delta}`);

describe("Stripe sequences (issue 25)", () => {
  const suite = stripeSuite();
  const deliver = async (
    d: Promise<{ payload: string; signature: string }> | { payload: string; signature: string },
  ) => {
    const { payload, signature } = await d;
    const r = await suite.w.app.request("/billing/stripe/event/handle", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    });
    expect(r.status).toBe(200);
    return ((await r.json()) as { outcome: string }).outcome;
  };
  async function newOrder() {
    const r = await suite.w.app.request("/billing/stripe/order/initialize", {
      method: "POST",
      headers: { ...suite.buyer.headers, "content-type": "application/json" },
      body: JSON.stringify({ item_id: "gold_500" }),
    });
    const body = (await r.json()) as { order: { id: number }; url: string };
    return { id: body.order.id, session: body.url.split("/pay/")[1] };
  }

  test("1. paid → dispute opened → won → full refund: the refund takes the gold again", async () => {
    const o = await newOrder();
    const before = await suite.gold();
    await deliver(suite.standin.complete(o.session));
    expect(await suite.gold()).toBe(before + 550);
    await deliver(suite.standin.dispute(o.session));
    expect(await suite.gold()).toBe(before);
    await deliver(suite.standin.disputeClosed(o.session, "won"));
    expect(await suite.gold()).toBe(before + 550);
    const refund = await suite.standin.refund(o.session);
    await deliver(refund);
    await deliver(refund); // a replay takes nothing more
    expect(await suite.gold()).toBe(before);
    expect((await findOrder(suite.w.deps.db, o.id))!.status).toBe("refunded");
    expect(await ledgerOf(suite.w, o.id)).toEqual([
      "payment.credit 550",
      "payment.chargeback -550",
      "payment.reinstate 550",
      "payment.refund -550",
    ]);
  });

  test("1. paid → dispute opened → won → an operator's remove takes the gold again, for good", async () => {
    const o = await newOrder();
    const admin = await signedInAdmin(suite.w.deps.db, suite.w.clock.now(), "admin");
    const remove = () =>
      suite.w.app.request("/admin/playerPayment/remove", {
        method: "POST",
        headers: { ...admin.headers, "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ orderId: o.id, reason: "charged back elsewhere" }),
      });
    const before = await suite.gold();
    await deliver(suite.standin.complete(o.session));
    await deliver(suite.standin.dispute(o.session));
    const won = await suite.standin.disputeClosed(o.session, "won");
    await deliver(won);
    expect(await suite.gold()).toBe(before + 550);
    expect((await remove()).status).toBe(200);
    expect(await suite.gold()).toBe(before);
    expect((await remove()).status).toBe(409);
    // The provider's later word (a replayed win, a refund) moves nothing: the remove stays.
    await deliver(won);
    await deliver(suite.standin.refund(o.session));
    expect(await suite.gold()).toBe(before);
    expect((await findOrder(suite.w.deps.db, o.id))!.status).toBe("refunded");
    expect(await ledgerOf(suite.w, o.id)).toEqual([
      "payment.credit 550",
      "payment.chargeback -550",
      "payment.reinstate 550",
      "payment.refund -550",
    ]);
  });

  test("2. an inquiry (warning_needs_response) takes nothing; warning_closed ends it; the order shows it", async () => {
    const o = await newOrder();
    const before = await suite.gold();
    await deliver(suite.standin.complete(o.session));
    await deliver(suite.standin.inquiry(o.session, "warning_needs_response"));
    expect(await suite.gold()).toBe(before + 550);
    expect((await findOrder(suite.w.deps.db, o.id))!.dispute).toBe("inquiry");
    await deliver(suite.standin.inquiry(o.session, "warning_closed", "charge.dispute.closed"));
    expect(await suite.gold()).toBe(before + 550);
    expect((await findOrder(suite.w.deps.db, o.id))!.dispute).toBe("inquiry_closed");
    // A dispute Stripe prevented (no funds withdrawn) takes nothing either.
    await deliver(suite.standin.inquiry(o.session, "prevented", "charge.dispute.created", `dp_prevented_${o.id}`));
    expect(await suite.gold()).toBe(before + 550);
    expect((await findOrder(suite.w.deps.db, o.id))!.dispute).toBe("inquiry_closed");
    expect(await ledgerOf(suite.w, o.id)).toEqual(["payment.credit 550"]);
    // The metrics see a payment and no chargeback.
    await suite.w.ship();
    const rows = await suite.w.deps.warehouse.query(
      `SELECT status FROM payments WHERE order_id = '${o.id}' ORDER BY ts`,
      {},
      (await import("zod")).z.object({ status: (await import("zod")).z.string() }),
    );
    expect(rows.map((r) => r.status)).toEqual(["paid"]);
  });

  test("movements delivered at once (20 copies each of a dispute, its win and a refund, interleaved) move gold exactly as in sequence", async () => {
    const o = await newOrder();
    const before = await suite.gold();
    await deliver(suite.standin.complete(o.session));
    const events = [
      await suite.standin.dispute(o.session),
      await suite.standin.disputeClosed(o.session, "won"),
      await suite.standin.refund(o.session),
    ];
    await Promise.all(Array.from({ length: 60 }, (_, i) => deliver(events[i % 3])));
    expect(await suite.gold()).toBe(before);
    expect((await findOrder(suite.w.deps.db, o.id))!.status).toBe("refunded");
    const rows = await ledgerOf(suite.w, o.id);
    // Credit, then one take; whether the dispute's take-and-give-back came between depends on the arrival.
    expect(rows[0]).toBe("payment.credit 550");
    expect(rows.reduce((a, r) => a + Number(r.split(" ")[1]), 0)).toBe(0);
    expect(rows.length % 2).toBe(0);
  });

  test("5. a refund that arrives before the payment is remembered and applied when the credit comes", async () => {
    const o = await newOrder();
    const before = await suite.gold();
    // The customer paid and was refunded at Stripe; charge.refunded overtakes checkout.session.completed.
    const completed = await suite.standin.complete(o.session);
    await deliver(suite.standin.refund(o.session));
    expect(await suite.gold()).toBe(before);
    await deliver(completed);
    expect(await suite.gold()).toBe(before);
    expect((await findOrder(suite.w.deps.db, o.id))!.status).toBe("refunded");
    // The return page reads the session as paid (a refunded session still says so): nothing more.
    await suite.w.app.request(`/billing/stripe/order/checkout?order=${o.id}`, {
      headers: { ...suite.buyer.headers, accept: "application/json" },
    });
    expect(await suite.gold()).toBe(before);
  });
});

describe("PayPal sequences (issue 25)", () => {
  const suite = paypalSuite();
  const post = (path: string, body?: unknown) =>
    suite.w.app.request(path, {
      method: "POST",
      headers: { ...suite.buyer.headers, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const hook = async (d: Promise<{ body: string; headers: Record<string, string> }>) => {
    const { body, headers } = await d;
    const r = await suite.w.app.request("/billing/paypal/webhook", { method: "POST", headers, body });
    expect(r.status).toBe(200);
    return ((await r.json()) as { outcome: string }).outcome;
  };

  test("4. partial refunds of 1.00 and 0.99 on a 1.99 capture take the gold back at the second", async () => {
    const created = (await (await post("/billing/paypal/order/create", { item_id: "gold_500" })).json()) as {
      id: string;
      order: { id: number };
    };
    suite.standin.approve(created.id);
    const before = await suite.gold();
    expect((await post(`/billing/paypal/order/${created.id}/capture`)).status).toBe(200);
    expect(await suite.gold()).toBe(before + 550);
    await hook(suite.standin.refundEvent(created.id, "1.00"));
    expect(await suite.gold()).toBe(before + 550);
    await hook(suite.standin.refundEvent(created.id, "0.99"));
    expect(await suite.gold()).toBe(before);
    expect((await findOrder(suite.w.deps.db, created.order.id))!.status).toBe("refunded");
    expect(await ledgerOf(suite.w, created.order.id)).toEqual(["payment.credit 550", "payment.refund -550"]);
  });
});

describe("Apple sequences (issue 25)", () => {
  const suite = appleSuite();
  const post = async (body: unknown) => {
    const r = await suite.callback("/billing/apple/")(body);
    expect(r.status).toBe(200);
  };

  test("3. REFUND_REVERSED gives the gold back, once", async () => {
    const start = (await (await suite.startOrder("apple")).json()) as { order: { id: number }; ref: string };
    const t = suite.standin.buy("gold_500", start.ref, 1990, "USD");
    const before = await suite.gold();
    await post({ signedPayload: await suite.standin.notification("ONE_TIME_CHARGE", t.transactionId) });
    expect(await suite.gold()).toBe(before + 550);
    suite.standin.revoke(t.transactionId);
    await post({ signedPayload: await suite.standin.notification("REFUND", t.transactionId) });
    expect(await suite.gold()).toBe(before);
    suite.standin.unrevoke(t.transactionId);
    const reversed = await suite.standin.notification("REFUND_REVERSED", t.transactionId);
    await post({ signedPayload: reversed });
    await post({ signedPayload: reversed });
    expect(await suite.gold()).toBe(before + 550);
    expect((await findOrder(suite.w.deps.db, start.order.id))!.status).toBe("paid");
    expect(await ledgerOf(suite.w, start.order.id)).toEqual([
      "payment.credit 550",
      "payment.refund -550",
      "payment.reinstate 550",
    ]);
  });
});
