import { describe, test, expect } from "bun:test";
import { paypalSuite } from "../test/billing.ts";
import { eq } from "drizzle-orm";
import { signedInPlayer } from "../test/billing-world.ts";
import { ledgerEntries } from "../db/schema/index.ts";
import { orderEvents } from "../db/schema/billing.ts";
import { findOrder } from "../domain/billing/orders.ts";
import { verifyOrder } from "./registry.ts";

describe("PayPal", () => {
  const suite = paypalSuite();
  const { gold, snapshot } = suite;

  const post = (path: string, body?: unknown, headers: Record<string, string> = suite.buyer.headers) =>
    suite.w.app.request(path, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  async function approved() {
    const r = await post("/billing/paypal/order/create", { item_id: "gold_500" });
    expect(r.status).toBe(200);
    const body = (await r.json()) as { id: string; order: { id: number; status: string }; approveUrl: string };
    expect(body.order.status).toBe("pending");
    suite.standin.approve(body.id);
    return body;
  }

  test("capture credits once; 5 replays and 20 concurrent captures credit nothing more", async () => {
    const a = await approved();
    expect(suite.standin.orders.get(a.id)!.amount).toEqual({ currency_code: "USD", value: "1.99" });
    const before = await gold();
    const r = await post(`/billing/paypal/order/${a.id}/capture`);
    expect(r.status).toBe(200);
    expect((await r.json()).order.status).toBe("paid");
    expect(await gold()).toBe(before + 550);
    for (let i = 0; i < 5; i++) expect((await post(`/billing/paypal/order/${a.id}/capture`)).status).toBe(200);
    const b = await approved();
    const all = await Promise.all(Array.from({ length: 20 }, () => post(`/billing/paypal/order/${b.id}/capture`)));
    expect(all.every((x) => x.status === 200)).toBe(true);
    expect(await gold()).toBe(before + 1100);
    expect(
      (
        await suite.w.deps.db
          .select()
          .from(ledgerEntries)
          .where(eq(ledgerEntries.ref, `order:${b.order.id}`))
      ).length,
    ).toBe(1);
  });

  test("a forged or foreign capture, a wrong amount, an unknown order, a malformed id: 4xx and nothing changes", async () => {
    const a = await approved();
    const other = await signedInPlayer(suite.w.deps.db, suite.w.clock.now());
    const before = await snapshot();
    // No CSRF token (a forged cross-site request), another player's session.
    expect(
      (await post(`/billing/paypal/order/${a.id}/capture`, undefined, { cookie: suite.buyer.headers.cookie })).status,
    ).toBe(403);
    expect((await post(`/billing/paypal/order/${a.id}/capture`, undefined, other.headers)).status).toBe(404);
    // PayPal captures a different amount than the order's: refused.
    suite.standin.state.captureAmountOverride = { currency_code: "USD", value: "0.01" };
    expect((await post(`/billing/paypal/order/${a.id}/capture`)).status).toBe(400);
    suite.standin.state.captureAmountOverride = null;
    expect((await post(`/billing/paypal/order/UNKNOWN123/capture`)).status).toBe(404);
    expect((await post(`/billing/paypal/order/${encodeURIComponent("bad id!")}/capture`)).status).toBe(400);
    expect((await post(`/billing/paypal/order/create`, { item_id: "" })).status).toBe(400);
    expect(
      (
        await suite.w.app.request(`/billing/paypal/order/${a.id}/capture`, {
          method: "GET",
          headers: suite.buyer.headers,
        })
      ).status,
    ).toBe(405);
    expect(await snapshot()).toEqual(before);
  });

  test("PayPal down: the order stays pending; verify completes it later (reading or capturing)", async () => {
    const a = await approved();
    const before = await gold();
    suite.standin.state.down = true;
    expect((await post(`/billing/paypal/order/${a.id}/capture`)).status).toBe(503);
    expect((await findOrder(suite.w.deps.db, a.order.id))!.status).toBe("pending");
    await expect(
      verifyOrder(suite.w.deps, (await findOrder(suite.w.deps.db, a.order.id))!, "verify"),
    ).rejects.toThrow();
    suite.standin.state.down = false;
    expect(
      (await verifyOrder(suite.w.deps, (await findOrder(suite.w.deps.db, a.order.id))!, "verify")).order.status,
    ).toBe("paid");
    expect(await gold()).toBe(before + 550);
    // Captured at PayPal, but the answer was lost: verify reads the capture.
    const b = await approved();
    suite.standin.state.loseCaptureAnswer = true;
    expect((await post(`/billing/paypal/order/${b.id}/capture`)).status).toBe(503);
    suite.standin.state.loseCaptureAnswer = false;
    expect(
      (await verifyOrder(suite.w.deps, (await findOrder(suite.w.deps.db, b.order.id))!, "verify")).order.status,
    ).toBe("paid");
    expect(await gold()).toBe(before + 1100);
    // A refund at PayPal is seen by verify and reverses.
    suite.standin.refund(b.id);
    expect(
      (await verifyOrder(suite.w.deps, (await findOrder(suite.w.deps.db, b.order.id))!, "verify")).order.status,
    ).toBe("refunded");
    expect(await gold()).toBe(before + 550);
  });

  test("cancel cancels the player's unpaid order", async () => {
    const r = await post("/billing/paypal/order/create", { item_id: "gold_500" });
    const { id } = await r.json();
    const c = await post(`/billing/paypal/order/${id}/cancel`);
    expect((await c.json()).order.status).toBe("cancelled");
    expect((await post(`/billing/paypal/order/${id}/cancel`)).status).toBe(200);
  });

  const hook = (d: { body: string; headers: Record<string, string> }) =>
    suite.w.app.request("/billing/paypal/webhook", { method: "POST", headers: d.headers, body: d.body });
  async function captured() {
    const a = await approved();
    expect((await post(`/billing/paypal/order/${a.id}/capture`)).status).toBe(200);
    return a;
  }

  test("every Orders call asks for the whole resource (Prefer: return=representation); a refused token is renewed once", async () => {
    suite.standin.requests.length = 0;
    const a = await captured();
    const calls = suite.standin.requests.filter((r) => r.path.startsWith("/v2/"));
    expect(calls.length).toBeGreaterThan(1);
    expect(calls.every((r) => r.prefer === "return=representation")).toBe(true);
    expect((await findOrder(suite.w.deps.db, a.order.id))!.status).toBe("paid");
    // The cached token stops working: one new token, the call goes through.
    suite.standin.expireTokens();
    const before = await gold();
    const b = await approved();
    expect((await post(`/billing/paypal/order/${b.id}/capture`)).status).toBe(200);
    expect(await gold()).toBe(before + 550);
  });

  test("webhook: a completed capture credits once (5 replays, 20 at once); a forged event is refused; foreign ones are acknowledged", async () => {
    const a = await approved();
    // The buyer approved and PayPal captured (e.g. a PENDING capture that completed later).
    suite.standin.orders.get(a.id)!.status = "COMPLETED";
    suite.standin.orders.get(a.id)!.capture = {
      id: "CAP1TEST",
      status: "COMPLETED",
      amount: { currency_code: "USD", value: "1.99" },
    };
    const before = await gold();
    const ev = await suite.standin.captureEvent(a.id);
    expect((await hook(ev)).status).toBe(200);
    expect(await gold()).toBe(before + 550);
    for (let i = 0; i < 5; i++) expect((await hook(ev)).status).toBe(200);
    const all = await Promise.all(Array.from({ length: 20 }, () => hook(ev)));
    expect(all.every((r) => r.status === 200)).toBe(true);
    expect(await gold()).toBe(before + 550);
    expect((await findOrder(suite.w.deps.db, a.order.id))!.providerTxId).toBe("CAP1TEST");
    const snap = await snapshot();
    // Tampered body under the original signature; no signature; a wrong webhook id.
    expect((await hook({ body: ev.body.replace('"1.99"', '"0.01"'), headers: ev.headers })).status).toBe(400);
    const { "paypal-transmission-sig": _s, ...unsigned } = ev.headers;
    expect((await hook({ body: ev.body, headers: unsigned })).status).toBe(400);
    expect((await hook({ body: "{nope", headers: ev.headers })).status).toBe(400);
    expect(await snapshot()).toEqual(snap);
    // A correctly signed event for a capture that is not ours: 200, nothing changes.
    const foreign = await suite.standin.webhook("PAYMENT.CAPTURE.COMPLETED", {
      id: "CAPX",
      status: "COMPLETED",
      amount: { currency_code: "USD", value: "5.00" },
      custom_id: "999999",
    });
    expect((await hook(foreign)).status).toBe(200);
    expect(await snapshot()).toEqual(snap);
  });

  test("webhook: a full refund takes the gold back, a partial one does not, a reversal (chargeback) does; verify sees REVERSED", async () => {
    const a = await captured();
    const before = await gold();
    expect((await hook(await suite.standin.refundEvent(a.id, "0.50"))).status).toBe(200);
    expect(await gold()).toBe(before);
    const full = await suite.standin.refundEvent(a.id);
    expect((await hook(full)).status).toBe(200);
    expect((await hook(full)).status).toBe(200);
    expect(await gold()).toBe(before - 550);
    expect((await findOrder(suite.w.deps.db, a.order.id))!.status).toBe("refunded");

    const b = await captured();
    const mid = await gold();
    expect((await hook(await suite.standin.reverseEvent(b.id))).status).toBe(200);
    expect(await gold()).toBe(mid - 550);
    const events = await suite.w.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, b.order.id));
    expect(events.at(-1)!.source).toBe("chargeback");

    // A reversal seen only by verify (the webhook lost) is a reversal too, not "pending".
    const c = await captured();
    const had = await gold();
    suite.standin.orders.get(c.id)!.capture!.status = "REVERSED";
    expect(
      (await verifyOrder(suite.w.deps, (await findOrder(suite.w.deps.db, c.order.id))!, "verify")).order.status,
    ).toBe("refunded");
    expect(await gold()).toBe(had - 550);
  });
});
