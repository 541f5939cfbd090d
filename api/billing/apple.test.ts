import { describe, test, expect } from "bun:test";
import { appleSuite } from "../test/billing.ts";
import { eq } from "drizzle-orm";
import { orderEvents } from "../db/schema/billing.ts";
import { findOrder } from "../domain/billing/orders.ts";
import { verifyOrder } from "./registry.ts";
import { APPLE_ROOT_CA_G3 } from "./apple.ts";
import { base64ToBytes, parseCertificate } from "./x509.ts";
import { BasicConstraints } from "pkijs";

describe("Apple", () => {
  const suite = appleSuite();
  const { gold, snapshot } = suite;

  const post = suite.callback("/billing/apple/");
  async function newOrder() {
    const r = await suite.startOrder("apple");
    expect(r.status).toBe(200);
    const body = (await r.json()) as {
      order: { id: number; amountMinor: number; currency: string; market: string };
      url: null;
      ref: string;
    };
    expect(body.order.market).toBe("app_store");
    return body;
  }

  test("the pinned Apple Root CA - G3 is the published certificate", async () => {
    const der = base64ToBytes(APPLE_ROOT_CA_G3);
    const hash = [...new Uint8Array(await crypto.subtle.digest("SHA-256", der as BufferSource))]
      .map((b) => b.toString(16).padStart(2, "0"))
      .join("")
      .toUpperCase();
    expect(hash).toBe("63343ABFB89A6A03EBB57E9B3F5FA7BE7C4F5C756F3017B3A8C488C3653E9179");
    const c = parseCertificate(der);
    const bc = c.extensions?.find((e) => e.extnID === "2.5.29.19")?.parsedValue;
    expect(bc instanceof BasicConstraints && bc.cA).toBe(true);
    expect(String(c.subjectPublicKeyInfo.algorithm.algorithmParams.valueBlock.toString())).toBe("1.3.132.0.34"); // P-384
    expect(c.notAfter.value.getUTCFullYear()).toBe(2039);
  });

  test("a notification credits once; 5 replays and 20 concurrent copies credit nothing more", async () => {
    const { order, ref } = await newOrder();
    const t = suite.standin.buy("gold_500", ref, 1990, "USD");
    const before = await gold();
    const n = await suite.standin.notification("ONE_TIME_CHARGE", t.transactionId);
    const r = await post({ signedPayload: n });
    expect(r.status).toBe(200);
    expect(await gold()).toBe(before + 550);
    for (let i = 0; i < 5; i++) expect((await post({ signedPayload: n })).status).toBe(200);
    const all = await Promise.all(Array.from({ length: 20 }, () => post({ signedPayload: n })));
    expect(all.every((x) => x.status === 200)).toBe(true);
    expect(await gold()).toBe(before + 550);
    expect((await findOrder(suite.w.deps.db, order.id))!.providerTxId).toBe(t.transactionId);
    // The app's own signed transaction for the same purchase: the same order, not credited again.
    expect((await post({ signedTransactionInfo: await suite.standin.signedTransaction(t.transactionId) })).status).toBe(
      200,
    );
    const b = await newOrder();
    const t2 = suite.standin.buy("gold_500", b.ref, 1990, "USD");
    const jws = await suite.standin.signedTransaction(t2.transactionId);
    const many = await Promise.all(Array.from({ length: 20 }, () => post({ signedTransactionInfo: jws })));
    expect(many.every((x) => x.status === 200)).toBe(true);
    expect(await gold()).toBe(before + 1100);
  });

  test("a foreign chain, a tampered payload, another product, an unknown order, a malformed body: 4xx and nothing changes", async () => {
    const { ref } = await newOrder();
    const t = suite.standin.buy("gold_500", ref, 1990, "USD");
    const good = await suite.standin.signedTransaction(t.transactionId);
    const before = await snapshot();
    // The payload changed after signing.
    const [h, , s] = good.split(".");
    const forgedBody = btoa(JSON.stringify({ ...t, price: 10 }))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    expect((await post({ signedTransactionInfo: `${h}.${forgedBody}.${s}` })).status).toBe(400);
    // A self-made chain that does not end at the pinned root.
    const other = await suite.standin.issue({
      subject: "Evil Root",
      curve: "P-384",
      ca: true,
      notBefore: 0,
      notAfter: Date.UTC(2040, 0, 1),
      serial: 9,
    });
    const otherMid = await suite.standin.issue({
      subject: "Evil WWDR",
      curve: "P-384",
      issuer: other,
      ca: true,
      marker: "1.2.840.113635.100.6.2.1",
      notBefore: 0,
      notAfter: Date.UTC(2040, 0, 1),
      serial: 10,
    });
    const otherLeaf = await suite.standin.issue({
      subject: "Evil leaf",
      curve: "P-256",
      issuer: otherMid,
      ca: false,
      marker: "1.2.840.113635.100.6.11.1",
      notBefore: 0,
      notAfter: Date.UTC(2040, 0, 1),
      serial: 11,
    });
    expect(
      (
        await post({
          signedTransactionInfo: await suite.standin.sign(t, [otherLeaf, otherMid, other], otherLeaf.keys.privateKey),
        })
      ).status,
    ).toBe(400);
    // The real root, but a leaf without Apple's marker OID (any certificate under the root).
    const noMarker = await suite.standin.issue({
      subject: "Developer leaf",
      curve: "P-256",
      issuer: suite.standin.chain.intermediate,
      ca: false,
      notBefore: 0,
      notAfter: Date.UTC(2040, 0, 1),
      serial: 12,
    });
    expect(
      (
        await post({
          signedTransactionInfo: await suite.standin.sign(
            t,
            [noMarker, suite.standin.chain.intermediate, suite.standin.chain.root],
            noMarker.keys.privateKey,
          ),
        })
      ).status,
    ).toBe(400);
    // Signed by Apple, but for another product than the order's.
    const otherProduct = suite.standin.buy("gold_100", ref, 490, "USD");
    expect(
      (await post({ signedTransactionInfo: await suite.standin.signedTransaction(otherProduct.transactionId) })).status,
    ).toBe(400);
    // Unknown order (no such appAccountToken), and another app's bundle.
    const stray = suite.standin.buy("gold_500", crypto.randomUUID(), 1990, "USD");
    expect(
      (await post({ signedTransactionInfo: await suite.standin.signedTransaction(stray.transactionId) })).status,
    ).toBe(404);
    expect(
      (await post({ signedTransactionInfo: await suite.standin.sign({ ...t, bundleId: "com.other" }) })).status,
    ).toBe(400);
    // Malformed.
    expect((await post("{nope")).status).toBe(400);
    expect((await post({ signedPayload: "a.b.c.d.e.f.g" })).status).toBe(400);
    expect((await post({ something: 1 })).status).toBe(400);
    expect((await suite.w.app.request("/billing/apple/", { method: "GET" })).status).toBe(405);
    expect(await snapshot()).toEqual(before);
  });

  test("only the chain Apple specifies: WWDR marker on a CA intermediate, a leaf under it, valid at signing, ES256 by the leaf's P-256 key", async () => {
    const { ref } = await newOrder();
    const t = suite.standin.buy("gold_500", ref, 1990, "USD");
    const { root, intermediate, leaf } = suite.standin.chain;
    const far = Date.UTC(2040, 0, 1);
    const LEAF = "1.2.840.113635.100.6.11.1",
      WWDR = "1.2.840.113635.100.6.2.1";
    const before = await snapshot();
    const refused = async (jws: string) => expect((await post({ signedTransactionInfo: jws })).status).toBe(400);
    // An intermediate under the pinned root without Apple's WWDR marker, and a marked leaf under it.
    const plainMid = await suite.standin.issue({
      subject: "Some CA under the root",
      curve: "P-384",
      issuer: root,
      ca: true,
      notBefore: 0,
      notAfter: far,
      serial: 20,
    });
    const plainMidLeaf = await suite.standin.issue({
      subject: "Leaf under some CA",
      curve: "P-256",
      issuer: plainMid,
      ca: false,
      marker: LEAF,
      notBefore: 0,
      notAfter: far,
      serial: 21,
    });
    await refused(await suite.standin.sign(t, [plainMidLeaf, plainMid, root], plainMidLeaf.keys.privateKey));
    // A marked "intermediate" that is not a CA.
    const notCa = await suite.standin.issue({
      subject: "Not a CA",
      curve: "P-384",
      issuer: root,
      ca: false,
      marker: WWDR,
      notBefore: 0,
      notAfter: far,
      serial: 22,
    });
    const notCaLeaf = await suite.standin.issue({
      subject: "Leaf under a non-CA",
      curve: "P-256",
      issuer: notCa,
      ca: false,
      marker: LEAF,
      notBefore: 0,
      notAfter: far,
      serial: 23,
    });
    await refused(await suite.standin.sign(t, [notCaLeaf, notCa, root], notCaLeaf.keys.privateKey));
    // A marked leaf straight under the root: a path of two, not Apple's three.
    const direct = await suite.standin.issue({
      subject: "Leaf under the root",
      curve: "P-256",
      issuer: root,
      ca: false,
      marker: LEAF,
      notBefore: 0,
      notAfter: far,
      serial: 24,
    });
    await refused(await suite.standin.sign(t, [direct, root, root], direct.keys.privateKey));
    // An intermediate that had expired when the payload was signed.
    const oldMid = await suite.standin.issue({
      subject: "Expired WWDR",
      curve: "P-384",
      issuer: root,
      ca: true,
      marker: WWDR,
      notBefore: Date.UTC(2020, 0, 1),
      notAfter: Date.UTC(2021, 0, 1),
      serial: 25,
    });
    const oldMidLeaf = await suite.standin.issue({
      subject: "Leaf under an expired WWDR",
      curve: "P-256",
      issuer: oldMid,
      ca: false,
      marker: LEAF,
      notBefore: 0,
      notAfter: far,
      serial: 26,
    });
    await refused(await suite.standin.sign(t, [oldMidLeaf, oldMid, root], oldMidLeaf.keys.privateKey));
    // The right chain, but the JWS signature is not the leaf's: one byte changed, another key, a P-384 leaf.
    const good = await suite.standin.sign(t);
    const [h, p, sig] = good.split(".");
    const raw = base64ToBytes(sig);
    raw[10] ^= 1;
    await refused(
      `${h}.${p}.${btoa(String.fromCharCode(...raw))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "")}`,
    );
    await refused(await suite.standin.sign(t, [leaf, intermediate, root], plainMidLeaf.keys.privateKey));
    const bigLeaf = await suite.standin.issue({
      subject: "P-384 leaf",
      curve: "P-384",
      issuer: intermediate,
      ca: false,
      marker: LEAF,
      notBefore: 0,
      notAfter: far,
      serial: 27,
    });
    await refused(await suite.standin.sign(t, [bigLeaf, intermediate, root], bigLeaf.keys.privateKey));
    // Not three certificates, a signing date that is not a time, a certificate that is not DER.
    await refused(await suite.standin.sign(t, [leaf, intermediate]));
    await refused(await suite.standin.sign(t, [leaf, intermediate, root, root]));
    await refused(await suite.standin.sign({ ...t, signedDate: "yesterday" }));
    await refused(await suite.standin.sign({ ...t, signedDate: 8.64e15 + 1 }));
    const [, , s3] = good.split(".");
    const badX5c = btoa(JSON.stringify({ alg: "ES256", x5c: ["AAAA", "AAAA", "AAAA"] })).replace(/=+$/, "");
    await refused(`${badX5c}.${p}.${s3}`);
    expect(await snapshot()).toEqual(before);
    // The same payload signed by the real chain is accepted.
    expect((await post({ signedTransactionInfo: good })).status).toBe(200);
  });

  test("Apple's API down: the reported id is not kept (it is the client's word); the app's retry or the notification completes it", async () => {
    const { order, ref } = await newOrder();
    const t = suite.standin.buy("gold_500", ref, 1990, "USD");
    const before = await gold();
    suite.standin.state.down = true;
    expect((await post({ orderId: order.id, transactionId: t.transactionId })).status).toBe(503);
    const o = (await findOrder(suite.w.deps.db, order.id))!;
    expect(o.status).toBe("pending");
    expect(o.providerTxId).toBeNull();
    suite.standin.state.down = false;
    // Another order's transaction id reported for this order: refused, nothing stored.
    const other = await newOrder();
    const t2 = suite.standin.buy("gold_500", other.ref, 1990, "USD");
    expect((await post({ orderId: order.id, transactionId: t2.transactionId })).status).toBe(404);
    expect((await findOrder(suite.w.deps.db, order.id))!.providerTxId).toBeNull();
    // The app reports again: credited once.
    expect((await post({ orderId: order.id, transactionId: t.transactionId })).status).toBe(200);
    expect((await post({ orderId: order.id, transactionId: t.transactionId })).status).toBe(200);
    expect(await gold()).toBe(before + 550);
    expect(
      (await verifyOrder(suite.w.deps, (await findOrder(suite.w.deps.db, order.id))!, "verify")).order.status,
    ).toBe("paid");
    // A refund notification reverses; its replay takes nothing more.
    suite.standin.revoke(t.transactionId);
    const refund = await suite.standin.notification("REFUND", t.transactionId);
    expect((await post({ signedPayload: refund })).status).toBe(200);
    expect((await post({ signedPayload: refund })).status).toBe(200);
    expect(await gold()).toBe(before);
  });

  test("a sandbox purchase on a production server, another app's or environment's notification: refused", async () => {
    const { ref } = await newOrder();
    const t = suite.standin.buy("gold_500", ref, 1990, "USD");
    const jws = await suite.standin.signedTransaction(t.transactionId);
    const n = await suite.standin.notification("ONE_TIME_CHARGE", t.transactionId);
    const before = await snapshot();
    suite.w.deps.settings.secrets.APPLE_ENVIRONMENT = "Production";
    try {
      expect((await post({ signedTransactionInfo: jws })).status).toBe(400);
      expect((await post({ signedPayload: n })).status).toBe(400);
    } finally {
      suite.w.deps.settings.secrets.APPLE_ENVIRONMENT = "Sandbox";
    }
    expect(
      (
        await post({
          signedPayload: await suite.standin.notification("ONE_TIME_CHARGE", t.transactionId, {
            bundleId: "com.other.app",
          }),
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await post({
          signedPayload: await suite.standin.notification("ONE_TIME_CHARGE", t.transactionId, { appAppleId: 42 }),
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await post({
          signedPayload: await suite.standin.notification("ONE_TIME_CHARGE", t.transactionId, {
            environment: "Production",
          }),
        })
      ).status,
    ).toBe(400);
    // A production transaction on this sandbox server is refused as well.
    const prod = suite.standin.buy("gold_500", ref, 1990, "USD", { environment: "Production" });
    expect(
      (await post({ signedTransactionInfo: await suite.standin.signedTransaction(prod.transactionId) })).status,
    ).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  test("Apple prices the purchase: another storefront's price and currency are recorded on the order", async () => {
    const { order, ref } = await newOrder();
    expect([order.amountMinor, order.currency]).toEqual([199, "USD"]);
    const before = await gold();
    const t = suite.standin.buy("gold_500", ref, 2290, "EUR", { storefront: "DEU" });
    expect((await post({ signedTransactionInfo: await suite.standin.signedTransaction(t.transactionId) })).status).toBe(
      200,
    );
    expect(await gold()).toBe(before + 550);
    const o = (await findOrder(suite.w.deps.db, order.id))!;
    expect([o.status, o.amountMinor, o.currency]).toEqual(["paid", 229, "EUR"]);
    // A currency our reporting table lacks keeps the catalog price; Apple's is in the history.
    const b = await newOrder();
    const yen = suite.standin.buy("gold_500", b.ref, 300000, "JPY", { storefront: "JPN" });
    expect(
      (await post({ signedTransactionInfo: await suite.standin.signedTransaction(yen.transactionId) })).status,
    ).toBe(200);
    const ob = (await findOrder(suite.w.deps.db, b.order.id))!;
    expect([ob.status, ob.amountMinor, ob.currency]).toEqual(["paid", 199, "USD"]);
    const ev = (await suite.w.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, b.order.id))).at(-1)!;
    expect(JSON.parse(ev.detail!)).toMatchObject({ applePrice: 300000, appleCurrency: "JPY", storefront: "JPN" });
  });

  test("certificates are checked at the payload's signing date: valid then, accepted later; signed after expiry, refused", async () => {
    const { ref } = await newOrder();
    const t = suite.standin.buy("gold_500", ref, 1990, "USD");
    const from = Date.UTC(2025, 0, 1),
      to = Date.UTC(2025, 11, 31);
    const leaf = await suite.standin.issue({
      subject: "Short-lived leaf",
      curve: "P-256",
      issuer: suite.standin.chain.intermediate,
      ca: false,
      marker: "1.2.840.113635.100.6.11.1",
      notBefore: from,
      notAfter: to,
      serial: 77,
    });
    const chain = [leaf, suite.standin.chain.intermediate, suite.standin.chain.root];
    const before = await snapshot();
    // Signed after the leaf expired: refused.
    expect(
      (
        await post({
          signedTransactionInfo: await suite.standin.sign(
            { ...t, signedDate: to + 86_400_000 },
            chain,
            leaf.keys.privateKey,
          ),
        })
      ).status,
    ).toBe(400);
    expect(await snapshot()).toEqual(before);
    // Signed while it was valid (the leaf has expired since): accepted.
    expect(
      (
        await post({
          signedTransactionInfo: await suite.standin.sign(
            { ...t, signedDate: from + 86_400_000 },
            chain,
            leaf.keys.privateKey,
          ),
        })
      ).status,
    ).toBe(200);
  });
});
