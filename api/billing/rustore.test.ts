import { describe, test, expect } from "bun:test";
import { RUSTORE_NOTIFY_KEY, rustoreSuite } from "../test/billing.ts";
import { eq } from "drizzle-orm";
import { orderEvents } from "../db/schema/billing.ts";
import { findOrder } from "../domain/billing/orders.ts";
import { verifyOrder } from "./registry.ts";

const randomKey = () => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));
const NOTIFY_KEY = RUSTORE_NOTIFY_KEY;
describe("RuStore", () => {
  const suite = rustoreSuite();
  const { gold, snapshot } = suite;

  const validate = suite.callback("/billing/rustore/purchase/validate");
  async function newOrder() {
    const r = await suite.startOrder("rustore");
    expect(r.status).toBe(200);
    return ((await r.json()) as { order: { id: number; amountMinor: number; currency: string; market: string } }).order;
  }

  test("a validated purchase credits once; 5 replays and 20 concurrent validations credit nothing more", async () => {
    const order = await newOrder();
    expect([order.market, order.currency, order.amountMinor]).toEqual(["rustore", "RUB", 9900]);
    const token = suite.standin.bought(String(order.id), 9900);
    const before = await gold();
    const r = await validate({ orderId: String(order.id), purchaseToken: token });
    expect(r.status).toBe(200);
    expect((await r.json()).order.status).toBe("paid");
    expect(await gold()).toBe(before + 550);
    for (let i = 0; i < 5; i++) expect((await validate({ orderId: order.id, purchaseToken: token })).status).toBe(200);
    const b = await newOrder();
    const t2 = suite.standin.bought(String(b.id), 9900);
    const all = await Promise.all(
      Array.from({ length: 20 }, () => validate({ orderId: String(b.id), purchaseToken: t2 })),
    );
    expect(all.every((x) => x.status === 200)).toBe(true);
    expect(await gold()).toBe(before + 1100);
  });

  test("another order's token, a wrong amount, an unknown token or order, a malformed body: 4xx and nothing changes", async () => {
    const order = await newOrder();
    const other = await newOrder();
    const before = await snapshot();
    const foreign = suite.standin.bought(String(other.id), 9900);
    expect((await validate({ orderId: String(order.id), purchaseToken: foreign })).status).toBe(404);
    const cheap = suite.standin.bought(String(order.id), 100);
    expect((await validate({ orderId: String(order.id), purchaseToken: cheap })).status).toBe(400);
    const usd = suite.standin.bought(String(order.id), 9900, "USD");
    expect((await validate({ orderId: String(order.id), purchaseToken: usd })).status).toBe(400);
    expect((await validate({ orderId: String(order.id), purchaseToken: "rs-does-not-exist" })).status).toBe(404);
    expect((await validate({ orderId: "999999", purchaseToken: suite.standin.bought("999999", 9900) })).status).toBe(
      404,
    );
    expect((await validate("{nope")).status).toBe(400);
    expect((await validate({ orderId: "abc", purchaseToken: "x" })).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  test("RuStore down: the order stays pending with its token; verify completes it later; a refund reverses", async () => {
    const order = await newOrder();
    const token = suite.standin.bought(String(order.id), 9900);
    const before = await gold();
    suite.standin.state.down = true;
    expect((await validate({ orderId: String(order.id), purchaseToken: token })).status).toBe(503);
    const o = (await findOrder(suite.w.deps.db, order.id))!;
    expect([o.status, o.providerRef]).toEqual(["pending", token]);
    await expect(verifyOrder(suite.w.deps, o, "verify")).rejects.toThrow();
    suite.standin.state.down = false;
    expect(
      (await verifyOrder(suite.w.deps, (await findOrder(suite.w.deps.db, order.id))!, "verify")).order.status,
    ).toBe("paid");
    expect(await gold()).toBe(before + 550);
    suite.standin.purchases.get(token)!.status = "refunded";
    expect(
      (await verifyOrder(suite.w.deps, (await findOrder(suite.w.deps.db, order.id))!, "verify")).order.status,
    ).toBe("refunded");
    expect(await gold()).toBe(before);
  });

  test("money on hold (paid) is not credited; only a confirmed purchase is; another application's purchase is refused", async () => {
    const order = await newOrder();
    const token = suite.standin.buy(String(order.id), 9900);
    const before = await gold();
    const held = await validate({ orderId: String(order.id), purchaseToken: token });
    expect(held.status).toBe(200);
    expect((await held.json()).order.status).toBe("pending");
    expect(await gold()).toBe(before);
    suite.standin.confirm(token);
    expect((await (await validate({ orderId: String(order.id), purchaseToken: token })).json()).order.status).toBe(
      "paid",
    );
    expect(await gold()).toBe(before + 550);
    // The same purchase read for an app with another code: not ours.
    const b = await newOrder();
    const t2 = suite.standin.bought(String(b.id), 9900);
    suite.w.deps.settings.secrets.RUSTORE_APPLICATION_CODE = "1111111";
    try {
      expect((await validate({ orderId: String(b.id), purchaseToken: t2 })).status).toBe(404);
    } finally {
      suite.w.deps.settings.secrets.RUSTORE_APPLICATION_CODE = "2063541234";
    }
    expect((await findOrder(suite.w.deps.db, b.id))!.status).toBe("pending");
  });

  const notify = suite.callback("/billing/rustore/notification");

  test("a purchase on hold is confirmed by our server (RuStore's confirm call), read again and credited once; replays confirm and credit nothing more", async () => {
    const order = await newOrder();
    const token = suite.standin.buy(String(order.id), 9900);
    const purchaseId = suite.standin.purchaseId(token);
    const before = await gold();
    const calls = suite.standin.confirmCalls;
    const r = await validate({ orderId: String(order.id), purchaseToken: token, purchaseId });
    expect(r.status).toBe(200);
    expect((await r.json()).order.status).toBe("paid");
    expect(suite.standin.purchases.get(token)!.status).toBe("confirmed");
    expect(suite.standin.confirmCalls).toBe(calls + 1);
    expect(await gold()).toBe(before + 550);
    for (let i = 0; i < 5; i++)
      expect((await validate({ orderId: String(order.id), purchaseToken: token, purchaseId })).status).toBe(200);
    const b = await newOrder();
    const t2 = suite.standin.buy(String(b.id), 9900);
    const all = await Promise.all(
      Array.from({ length: 20 }, () =>
        validate({ orderId: String(b.id), purchaseToken: t2, purchaseId: suite.standin.purchaseId(t2) }),
      ),
    );
    expect(all.map((x) => x.status)).toEqual(Array(20).fill(200));
    expect(suite.standin.confirmCalls).toBe(calls + 2);
    expect(await gold()).toBe(before + 1100);
  });

  test("a hold for the wrong amount is not confirmed (the money goes back to the buyer), and a bad purchase id is refused", async () => {
    const order = await newOrder();
    const cheap = suite.standin.buy(String(order.id), 100);
    const before = await snapshot();
    const calls = suite.standin.confirmCalls;
    expect(
      (await validate({ orderId: String(order.id), purchaseToken: cheap, purchaseId: suite.standin.purchaseId(cheap) }))
        .status,
    ).toBe(400);
    expect(suite.standin.purchases.get(cheap)!.status).toBe("paid");
    expect(suite.standin.confirmCalls).toBe(calls);
    expect((await validate({ orderId: String(order.id), purchaseToken: cheap, purchaseId: "not-a-uuid" })).status).toBe(
      400,
    );
    expect(await snapshot()).toEqual(before);
  });

  test("RuStore's notification of a hold the app never confirmed: our server confirms it and credits once; 5 replays and 20 at once change nothing", async () => {
    const order = await newOrder();
    const token = suite.standin.buy(String(order.id), 9900);
    const before = await gold();
    const n = await suite.standin.notification(token, "executed");
    const r = await notify(n);
    expect(r.status).toBe(200);
    expect((await r.json()).order.status).toBe("paid");
    expect(suite.standin.purchases.get(token)!.status).toBe("confirmed");
    expect(await gold()).toBe(before + 550);
    for (let i = 0; i < 5; i++) expect((await notify(n)).status).toBe(200);
    const all = await Promise.all(Array.from({ length: 20 }, () => notify(n)));
    expect(all.map((x) => x.status)).toEqual(Array(20).fill(200));
    expect(await gold()).toBe(before + 550);
    expect((await findOrder(suite.w.deps.db, order.id))!.providerRef).toBe(token);
  });

  test("a refund or a reversal notified by RuStore takes the gold back through the refund path, once", async () => {
    const order = await newOrder();
    const token = suite.standin.bought(String(order.id), 9900);
    const before = await gold();
    expect((await validate({ orderId: String(order.id), purchaseToken: token })).status).toBe(200);
    expect(await gold()).toBe(before + 550);
    suite.standin.purchases.get(token)!.status = "refunded";
    const n = await suite.standin.notification(token, "confirmed");
    const replies = [await notify(n), ...(await Promise.all(Array.from({ length: 20 }, () => notify(n))))];
    for (let i = 0; i < 5; i++) replies.push(await notify(n));
    expect(replies.map((x) => x.status)).toEqual(Array(26).fill(200));
    expect((await findOrder(suite.w.deps.db, order.id))!.status).toBe("refunded");
    expect(await gold()).toBe(before);
    // The notification's own status is not trusted: a "refunded" notice for a purchase RuStore reads as confirmed takes nothing.
    const b = await newOrder();
    const t2 = suite.standin.bought(String(b.id), 9900);
    expect((await validate({ orderId: String(b.id), purchaseToken: t2 })).status).toBe(200);
    const lie = await suite.standin.notification(t2, "confirmed");
    expect((await notify(lie)).status).toBe(200);
    expect((await findOrder(suite.w.deps.db, b.id))!.status).toBe("paid");
  });

  test("a notification that does not decrypt with our key, another app's, or malformed is refused; a test event or an unknown order is answered 200 and changes nothing", async () => {
    const order = await newOrder();
    const token = suite.standin.buy(String(order.id), 9900);
    const before = await snapshot();
    expect((await notify(await suite.standin.notification(token, "executed", { key: randomKey() }))).status).toBe(400);
    expect(
      (await notify({ ...(await suite.standin.notification(token, "executed")), payload: btoa("x".repeat(40)) }))
        .status,
    ).toBe(400);
    expect((await notify(await suite.standin.notification(token, "executed", { appId: 1111111 }))).status).toBe(404);
    expect((await notify("{nope")).status).toBe(400);
    expect((await notify({ id: "1" })).status).toBe(400);
    const test = await notify(await suite.standin.notification(token, "executed", { type: "TEST_EVENT" }));
    expect(test.status).toBe(200);
    expect((await notify(await suite.standin.notification(token, "executed", { orderId: "999999" }))).status).toBe(200);
    expect(suite.standin.purchases.get(token)!.status).toBe("paid");
    expect(await snapshot()).toEqual(before);
  });

  test("verify confirms a hold the app reported but never confirmed (RuStore was down), credits once; a hold whose confirm fails credits nothing", async () => {
    const order = await newOrder();
    const token = suite.standin.buy(String(order.id), 9900);
    const purchaseId = suite.standin.purchaseId(token);
    const before = await gold();
    suite.standin.state.down = true;
    expect((await validate({ orderId: String(order.id), purchaseToken: token, purchaseId })).status).toBe(503);
    suite.standin.state.down = false;
    const o = (await findOrder(suite.w.deps.db, order.id))!;
    expect([o.status, o.providerRef, o.providerPurchaseId, o.providerFlow]).toEqual([
      "pending",
      token,
      purchaseId,
      "billing",
    ]);
    const calls = suite.standin.confirmCalls;
    // The operator's verify: the hold is confirmed by our server, read again and credited.
    const r = await verifyOrder(suite.w.deps, o, "verify");
    expect(r.order.status).toBe("paid");
    expect(suite.standin.purchases.get(token)!.status).toBe("confirmed");
    expect(suite.standin.confirmCalls).toBe(calls + 1);
    expect(await gold()).toBe(before + 550);
    const again = await Promise.all(
      Array.from({ length: 20 }, async () =>
        verifyOrder(suite.w.deps, (await findOrder(suite.w.deps.db, order.id))!, "verify"),
      ),
    );
    expect(again.every((x) => x.order.status === "paid")).toBe(true);
    expect(await gold()).toBe(before + 550);
    expect(suite.standin.confirmCalls).toBe(calls + 1);

    // RuStore refuses the confirm: the purchase stays on hold and nothing is credited, by verify or by cashbox reads.
    const b = await newOrder();
    const t2 = suite.standin.buy(String(b.id), 9900);
    suite.standin.state.down = true;
    expect(
      (await validate({ orderId: String(b.id), purchaseToken: t2, purchaseId: suite.standin.purchaseId(t2) })).status,
    ).toBe(503);
    suite.standin.state.down = false;
    suite.standin.state.failConfirm = true;
    try {
      const snap = await snapshot();
      const v = await verifyOrder(suite.w.deps, (await findOrder(suite.w.deps.db, b.id))!, "verify");
      expect(v.order.status).toBe("pending");
      expect(suite.standin.purchases.get(t2)!.status).toBe("paid");
      expect(await gold()).toBe(before + 550);
      expect((await snapshot()).ledger).toBe(snap.ledger);
    } finally {
      suite.standin.state.failConfirm = false;
    }
    // The buyer never confirmed and RuStore released the hold: the order fails, still uncredited.
    suite.standin.purchases.get(t2)!.status = "reversed";
    expect((await verifyOrder(suite.w.deps, (await findOrder(suite.w.deps.db, b.id))!, "verify")).order.status).toBe(
      "failed",
    );
    expect(await gold()).toBe(before + 550);
  });

  test("the maintenance sweep confirms a hold nobody confirmed (the report failed, no notification came) and credits it once; a refused confirm waits; a fresh order is left to the app", async () => {
    const { sweepHolds, HOLD_SWEEP_AFTER_MS } = await import("./sweep.ts");
    const held = async () => {
      const order = await newOrder();
      const p = suite.standin.payBuy(String(order.id), "gold_500", 9900);
      suite.standin.state.down = true;
      expect(
        (await validate({ orderId: String(order.id), invoiceId: String(p.invoiceId), purchaseId: p.purchaseId }))
          .status,
      ).toBe(503);
      suite.standin.state.down = false;
      return { order, p };
    };
    const a = await held();
    const before = await gold();
    // Within the app's head start nothing is swept.
    expect((await sweepHolds(suite.w.deps, suite.w.clock.now())).checked).toBe(0);
    expect(a.p.status).toBe("paid");
    const later = () => suite.w.clock.now() + HOLD_SWEEP_AFTER_MS + 1000;
    const r = await sweepHolds(suite.w.deps, later());
    expect(r).toMatchObject({ paid: 1, failed: 0 });
    expect(a.p.status).toBe("confirmed");
    expect((await findOrder(suite.w.deps.db, a.order.id))!.status).toBe("paid");
    expect(await gold()).toBe(before + 550);
    expect((await sweepHolds(suite.w.deps, later())).paid).toBe(0);
    expect(await gold()).toBe(before + 550);
    const events = await suite.w.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, a.order.id));
    expect(events.filter((e) => e.toStatus === "paid").map((e) => e.source)).toEqual(["sweep"]);

    const b = await held();
    suite.standin.state.failConfirm = true;
    try {
      const s = await sweepHolds(suite.w.deps, later());
      expect(s.paid).toBe(0);
      expect(b.p.status).toBe("paid");
      expect((await findOrder(suite.w.deps.db, b.order.id))!.status).toBe("pending");
    } finally {
      suite.standin.state.failConfirm = false;
    }
    expect(await gold()).toBe(before + 550);
    expect((await sweepHolds(suite.w.deps, later())).paid).toBe(1);
    expect(await gold()).toBe(before + 1100);
  });

  describe("Pay SDK (GET /public/v2/purchase/{invoiceId})", () => {
    test("a hold reported by invoice id is confirmed by our server and credited once; the order keeps the flow, invoice and purchase ids; 5 replays and 20 at once credit nothing more", async () => {
      const order = await newOrder();
      const p = suite.standin.payBuy(String(order.id), "gold_500", 9900);
      const before = await gold();
      const calls = suite.standin.confirmCalls;
      const r = await validate({ orderId: String(order.id), invoiceId: String(p.invoiceId), purchaseId: p.purchaseId });
      expect(r.status).toBe(200);
      expect((await r.json()).order).toMatchObject({ status: "paid", providerTxId: String(p.invoiceId) });
      expect(p.status).toBe("confirmed");
      expect(await gold()).toBe(before + 550);
      const o = (await findOrder(suite.w.deps.db, order.id))!;
      expect([o.providerFlow, o.providerRef, o.providerPurchaseId]).toEqual(["pay", String(p.invoiceId), p.purchaseId]);
      for (let i = 0; i < 5; i++)
        expect((await validate({ orderId: order.id, invoiceId: p.invoiceId, purchaseId: p.purchaseId })).status).toBe(
          200,
        );
      const b = await newOrder();
      const q = suite.standin.payBuy(String(b.id), "gold_500", 9900);
      const all = await Promise.all(
        Array.from({ length: 20 }, () =>
          validate({ orderId: String(b.id), invoiceId: String(q.invoiceId), purchaseId: q.purchaseId }),
        ),
      );
      expect(all.map((x) => x.status)).toEqual(Array(20).fill(200));
      expect(suite.standin.confirmCalls).toBe(calls + 2);
      expect(await gold()).toBe(before + 1100);
    });

    test("another product, amount, currency, order or application, an answer without its order block, a report of both or neither id: refused, nothing confirmed or credited", async () => {
      const order = await newOrder();
      const other = await newOrder();
      const before = await snapshot();
      const calls = suite.standin.confirmCalls;
      const report = (p: { invoiceId: number; purchaseId: string }) =>
        validate({ orderId: String(order.id), invoiceId: String(p.invoiceId), purchaseId: p.purchaseId });
      expect((await report(suite.standin.payBuy(String(order.id), "gold_100", 9900))).status).toBe(400);
      expect((await report(suite.standin.payBuy(String(order.id), "gold_500", 2900))).status).toBe(400);
      expect((await report(suite.standin.payBuy(String(order.id), "gold_500", 9900, "USD"))).status).toBe(400);
      expect((await report(suite.standin.payBuy(String(other.id), "gold_500", 9900))).status).toBe(404);
      expect((await validate({ orderId: String(order.id), invoiceId: "99999999" })).status).toBe(404);
      const ours = suite.standin.payBuy(String(order.id), "gold_500", 9900);
      suite.w.deps.settings.secrets.RUSTORE_APPLICATION_CODE = "1111111";
      try {
        expect((await report(ours)).status).toBe(404);
      } finally {
        suite.w.deps.settings.secrets.RUSTORE_APPLICATION_CODE = "2063541234";
      }
      suite.standin.state.omitOrder = true;
      try {
        expect((await report(ours)).status).toBe(503);
      } finally {
        suite.standin.state.omitOrder = false;
      }
      expect(
        (
          await validate({
            orderId: String(order.id),
            invoiceId: String(ours.invoiceId),
            purchaseToken: "rs-aaaaaaaaaaaa",
          })
        ).status,
      ).toBe(400);
      expect((await validate({ orderId: String(order.id) })).status).toBe(400);
      expect((await validate({ orderId: String(order.id), invoiceId: "12ab" })).status).toBe(400);
      expect(ours.status).toBe("paid");
      expect(suite.standin.confirmCalls).toBe(calls);
      const after = await snapshot();
      expect({ ...after, orders: undefined }).toEqual({ ...before, orders: undefined });
      expect((await findOrder(suite.w.deps.db, order.id))!.status).toBe("pending");
    });

    test("a Pay SDK notification (invoice id, no token) of a hold the app never reported: confirmed and credited once, 5 replays and 20 at once change nothing; the refund's notification takes the gold back once", async () => {
      const order = await newOrder();
      const p = suite.standin.payBuy(String(order.id), "gold_500", 9900);
      const before = await gold();
      const n = await suite.standin.notification(p.token, "executed");
      const r = await notify(n);
      expect(r.status).toBe(200);
      expect((await r.json()).order.status).toBe("paid");
      expect(p.status).toBe("confirmed");
      for (let i = 0; i < 5; i++) expect((await notify(n)).status).toBe(200);
      expect((await Promise.all(Array.from({ length: 20 }, () => notify(n)))).map((x) => x.status)).toEqual(
        Array(20).fill(200),
      );
      expect(await gold()).toBe(before + 550);
      const o = (await findOrder(suite.w.deps.db, order.id))!;
      expect([o.providerFlow, o.providerRef, o.providerPurchaseId]).toEqual(["pay", String(p.invoiceId), p.purchaseId]);
      p.status = "refunded";
      const refund = await suite.standin.notification(p.token, "confirmed");
      const replies = [await notify(refund), ...(await Promise.all(Array.from({ length: 20 }, () => notify(refund))))];
      for (let i = 0; i < 5; i++) replies.push(await notify(refund));
      expect(replies.map((x) => x.status)).toEqual(Array(26).fill(200));
      expect((await findOrder(suite.w.deps.db, order.id))!.status).toBe("refunded");
      expect(await gold()).toBe(before);
    });

    test("RUSTORE_SANDBOX=1: test purchases are read and confirmed on the sandbox paths and only *_SANDBOX notifications are acted on; a real server ignores sandbox ones", async () => {
      const order = await newOrder();
      const p = suite.standin.payBuy(String(order.id), "gold_500", 9900);
      const before = await gold();
      expect(
        (
          await (
            await notify(await suite.standin.notification(p.token, "executed", { type: "INVOICE_STATUS_SANDBOX" }))
          ).json()
        ).ignored,
      ).toBe("INVOICE_STATUS_SANDBOX");
      expect(p.status).toBe("paid");
      const calls = { ...suite.standin.calls };
      suite.w.deps.settings.secrets.RUSTORE_SANDBOX = "1";
      try {
        expect((await (await notify(await suite.standin.notification(p.token, "executed"))).json()).ignored).toBe(
          "INVOICE_STATUS",
        );
        const r = await notify(
          await suite.standin.notification(p.token, "executed", { type: "INVOICE_STATUS_SANDBOX" }),
        );
        expect((await r.json()).order.status).toBe("paid");
      } finally {
        delete suite.w.deps.settings.secrets.RUSTORE_SANDBOX;
      }
      // Read, confirm, read again: all three on the sandbox paths.
      expect(suite.standin.calls).toEqual({ real: calls.real, sandbox: calls.sandbox + 3 });
      expect(await gold()).toBe(before + 550);
    });
  });

  describe("notification payload layout (server-set-up: AES/GCM/NoPadding, IV 12, tag 16)", () => {
    test("base64 of IV || ciphertext || tag decrypts with the console's key; the tag or IV elsewhere, a short or tampered payload, or another key does not", async () => {
      const { decryptNotification } = await import("./rustore.ts");
      const raw = crypto.getRandomValues(new Uint8Array(32));
      const keyB64 = btoa(String.fromCharCode(...raw));
      const key = await crypto.subtle.importKey("raw", raw, { name: "AES-GCM" }, false, ["encrypt"]);
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const plain = JSON.stringify({ notification_type: "TEST_EVENT", app_id: 1, data: "{}" });
      const sealed = new Uint8Array(
        await crypto.subtle.encrypt({ name: "AES-GCM", iv, tagLength: 128 }, key, new TextEncoder().encode(plain)),
      );
      const ct = sealed.slice(0, sealed.length - 16),
        tag = sealed.slice(sealed.length - 16);
      const b64 = (...parts: Uint8Array[]) => btoa(String.fromCharCode(...parts.flatMap((p) => [...p])));
      expect(await decryptNotification(keyB64, b64(iv, ct, tag))).toBe(plain);
      expect(await decryptNotification(keyB64, b64(iv, tag, ct))).toBeNull();
      expect(await decryptNotification(keyB64, b64(ct, tag, iv))).toBeNull();
      const tampered = b64(
        iv,
        ct.map((x, i) => (i === 0 ? x ^ 1 : x)),
        tag,
      );
      expect(await decryptNotification(keyB64, tampered)).toBeNull();
      expect(await decryptNotification(keyB64, b64(iv, tag.slice(0, 10)))).toBeNull();
      expect(await decryptNotification(NOTIFY_KEY, b64(iv, ct, tag))).toBeNull();
    });
  });
});
