import { describe, test, expect } from "bun:test";
import { ecommpaySuite } from "../test/billing.ts";
import { eq } from "drizzle-orm";
import { ledgerEntries } from "../db/schema/index.ts";
import { findOrder } from "../domain/billing/orders.ts";
import { verifyOrder } from "./registry.ts";
import { ecommpaySignatureBase, ecommpaySign } from "./ecommpay.ts";
// Ecommpay's own npm SDK, as the caller: its signer is what a callback signed the npm way carries.
import { signer as npmSigner } from "ecommpay";

describe("Ecommpay", () => {
  const suite = ecommpaySuite();
  const { gold, snapshot } = suite;

  const callback = suite.callback("/billing/ecommpay/purchase");
  async function newOrder() {
    const r = await suite.startOrder("ecommpay");
    expect(r.status).toBe(200);
    const body = (await r.json()) as { order: { id: number; amountMinor: number; currency: string }; url: string };
    expect((await fetch(body.url)).status).toBe(200); // the Payment Page accepts our signature
    return body.order;
  }

  test("the signature string is the official SDK's: lower-cased keys, byte order with natural numbers, no empty objects, three levels", () => {
    expect(
      ecommpaySignatureBase({
        project_id: 1,
        payment: { id: "5", sum: { amount: 100, currency: "RUB" } },
        flag: true,
        list: [],
        signature: "x",
      }),
    ).toBe("flag:1;payment:id:5;payment:sum:amount:100;payment:sum:currency:RUB;project_id:1");
    expect(ecommpaySignatureBase({ a: { "10": "x", "2": "y" } })).toBe("a:2:y;a:10:x");
    // ":" (0x3A) sorts before "_" (0x5F): a nested key comes before a longer sibling name.
    expect(ecommpaySignatureBase({ general_x: "a", general: { payment_id: "1" } })).toBe(
      "general:payment_id:1;general_x:a",
    );
    // Keys are lower-cased; an empty object adds nothing; null is empty.
    expect(ecommpaySignatureBase({ Payment_ID: 5, empty: {}, none: null })).toBe("none:;payment_id:5");
    // Deeper than three levels: the path stands alone.
    expect(ecommpaySignatureBase({ a: { b: { c: { d: 1 } } }, z: 1 })).toBe("a:b:c:;z:1");
    // A Gate request is signed whole, its signature in general left out.
    expect(ecommpaySignatureBase({ general: { project_id: 4242, payment_id: "7", signature: "s" } })).toBe(
      "general:payment_id:7;general:project_id:4242",
    );
  });

  test("the Gate status request is signed whole and read: verify credits a payment whose callback was lost; a refused request is not 'pending'", async () => {
    const order = await newOrder();
    suite.standin.payments.get(String(order.id))!.status = "success";
    const before = await gold();
    const done = await verifyOrder(suite.w.deps, (await findOrder(suite.w.deps.db, order.id))!, "verify");
    expect(done.order.status).toBe("paid");
    expect(await gold()).toBe(before + 550);
    // A wrong secret: the Gate answers 400, which is an error to show, not a pending payment.
    const other = await newOrder();
    suite.w.deps.settings.secrets.ECOMMPAY_SECRET = "wrong";
    try {
      await expect(
        verifyOrder(suite.w.deps, (await findOrder(suite.w.deps.db, other.id))!, "verify"),
      ).rejects.toThrow();
    } finally {
      suite.w.deps.settings.secrets.ECOMMPAY_SECRET = "ecp-secret";
    }
  });

  test("error and canceled are final: the order fails or is cancelled", async () => {
    const a = await newOrder();
    expect((await callback(await suite.standin.callback(String(a.id), { status: "error" }))).status).toBe(200);
    expect((await findOrder(suite.w.deps.db, a.id))!.status).toBe("failed");
    const b = await newOrder();
    expect((await callback(await suite.standin.callback(String(b.id), { status: "canceled" }))).status).toBe(200);
    expect((await findOrder(suite.w.deps.db, b.id))!.status).toBe("cancelled");
    suite.standin.payments.get(String(b.id))!.status = "canceled";
    expect((await verifyOrder(suite.w.deps, (await findOrder(suite.w.deps.db, b.id))!, "verify")).order.status).toBe(
      "cancelled",
    );
  });

  test("a valid callback credits once; 5 replays and 20 concurrent copies credit nothing more", async () => {
    const order = await newOrder();
    expect(order.currency).toBe("RUB");
    const before = await gold();
    const body = await suite.standin.callback(String(order.id), { status: "success" });
    expect((await callback(body)).status).toBe(200);
    expect(await gold()).toBe(before + 550);
    for (let i = 0; i < 5; i++) expect((await callback(body)).status).toBe(200);
    const all = await Promise.all(Array.from({ length: 20 }, () => callback(body)));
    expect(all.every((r) => r.status === 200)).toBe(true);
    expect(await gold()).toBe(before + 550);
    expect(
      (
        await suite.w.deps.db
          .select()
          .from(ledgerEntries)
          .where(eq(ledgerEntries.ref, `order:${order.id}`))
      ).length,
    ).toBe(1);
    const fresh = await newOrder();
    const b2 = await suite.standin.callback(String(fresh.id), { status: "success" });
    const many = await Promise.all(Array.from({ length: 20 }, () => callback(b2)));
    expect(many.every((r) => r.status === 200)).toBe(true);
    expect(await gold()).toBe(before + 1100);
  });

  test("tampered signature, wrong amount, unknown order, malformed body: 4xx and nothing changes", async () => {
    const order = await newOrder();
    const good = (await suite.standin.callback(String(order.id), { status: "success" })) as {
      payment: { sum: { amount: number } };
    };
    const before = await snapshot();
    const tampered = structuredClone(good);
    tampered.payment.sum.amount = 1;
    expect((await callback(tampered)).status).toBe(400);
    const cheap = await suite.standin.callback(String(order.id), { status: "success", amount: 100 });
    expect((await callback(cheap)).status).toBe(400);
    const usd = await suite.standin.callback(String(order.id), { status: "success", currency: "USD" });
    expect((await callback(usd)).status).toBe(400);
    suite.standin.open("999999", 9900, "RUB");
    expect((await callback(await suite.standin.callback("999999", { status: "success" }))).status).toBe(404);
    expect((await callback("{nope")).status).toBe(400);
    expect((await callback("[]")).status).toBe(400);
    const wrongShape: Record<string, unknown> = { project_id: 4242, payment: { id: "abc" } };
    wrongShape.signature = await ecommpaySign(wrongShape, "ecp-secret");
    expect((await callback(wrongShape)).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  test("Ecommpay down: verify leaves the order pending, then completes it later; refunds reverse", async () => {
    const order = await newOrder();
    suite.standin.payments.get(String(order.id))!.status = "success"; // paid, callback lost
    const before = await gold();
    suite.standin.state.down = true;
    await expect(verifyOrder(suite.w.deps, (await findOrder(suite.w.deps.db, order.id))!, "verify")).rejects.toThrow();
    expect((await findOrder(suite.w.deps.db, order.id))!.status).toBe("pending");
    suite.standin.state.down = false;
    expect(
      (await verifyOrder(suite.w.deps, (await findOrder(suite.w.deps.db, order.id))!, "verify")).order.status,
    ).toBe("paid");
    expect(await gold()).toBe(before + 550);
    const refund = await suite.standin.callback(String(order.id), { status: "refunded", operationType: "refund" });
    expect((await callback(refund)).status).toBe(200);
    expect((await callback(refund)).status).toBe(200);
    expect(await gold()).toBe(before);
    expect((await findOrder(suite.w.deps.db, order.id))!.status).toBe("refunded");
  });

  test("issue 25 #7: a callback signed by Ecommpay's npm SDK (deeper, keys as written, item2/item10) and one with project_id in general credit; tampered ones do not", async () => {
    const order = await newOrder();
    const before = await gold();
    const body = (await suite.standin.callback(String(order.id), { status: "success" })) as Record<string, unknown>;
    delete body.signature;
    // What the PHP SDK cuts at three levels and sorts naturally, the npm SDK signs whole, by code unit.
    const deep = {
      ...body,
      general: { project_id: 4242 },
      operation: {
        ...(body.operation as object),
        provider: { id: 1, payment_id: "", auth_code: "", details: { item2: "b", item10: "a", Mixed_Case: "c" } },
      },
    } as Record<string, unknown>;
    delete deep.project_id;
    const signed = { ...deep, signature: npmSigner(deep, "ecp-secret") };
    const tampered = structuredClone(signed) as unknown as { operation: { provider: { details: { item10: string } } } };
    tampered.operation.provider.details.item10 = "z";
    expect((await callback(tampered)).status).toBe(400);
    expect((await callback({ ...deep, signature: npmSigner(deep, "another-secret") })).status).toBe(400);
    expect(await gold()).toBe(before);
    expect((await callback(signed)).status).toBe(200);
    expect((await callback(signed)).status).toBe(200);
    expect(await gold()).toBe(before + 550);
    expect((await findOrder(suite.w.deps.db, order.id))!.status).toBe("paid");
    // The two SDKs' strings differ on this callback (so the npm one is not accepted by accident).
    expect(ecommpaySignatureBase(deep)).not.toBe((await import("./ecommpay.ts")).ecommpaySignatureBaseNpm(deep));
    // The same shape signed the PHP SDK's way (ours) is accepted too.
    const other = await newOrder();
    const b2 = (await suite.standin.callback(String(other.id), { status: "success" })) as Record<string, unknown>;
    delete b2.signature;
    const nested = { ...b2, general: { project_id: "4242" }, extra: { a: { b: { c: { d: 1 } } } } } as Record<
      string,
      unknown
    >;
    delete nested.project_id;
    expect((await callback({ ...nested, signature: await ecommpaySign(nested, "ecp-secret") })).status).toBe(200);
    expect(await gold()).toBe(before + 1100);
  });
});
