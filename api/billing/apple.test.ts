import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { eq } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { appleStandin } from "./test-standins/apple.ts";
import { signedInPlayer, putItem, GOLD_PACK } from "./test-standins/world.ts";
import { players, ledgerEntries, outbox } from "../db/schema/index.ts";
import { orders, orderEvents } from "../db/schema/billing.ts";
import { findOrder } from "./orders.ts";
import { verifyOrder } from "./registry.ts";
import { APPLE_ROOT_CA_G3 } from "./apple.ts";
import { base64ToBytes, parseCertificate } from "./x509.ts";
import { BasicConstraints } from "pkijs";

describe("Apple", () => {
  let w: TestWorld;
  let server: ReturnType<typeof Bun.serve>;
  let standin: Awaited<ReturnType<typeof appleStandin>>;
  let buyer: Awaited<ReturnType<typeof signedInPlayer>>;

  beforeAll(async () => {
    w = await makeWorld();
    const apiKeys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
    standin = await appleStandin({ bundleId: "com.tankodrome.game", apiKey: apiKeys.publicKey, now: () => w.clock.now(), appAppleId: 1234567890 });
    server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: standin.app.fetch });
    const pkcs8 = btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.exportKey("pkcs8", apiKeys.privateKey))));
    Object.assign(w.deps.settings.secrets, {
      APPLE_BUNDLE_ID: "com.tankodrome.game",
      // The stand-in is Apple's sandbox: this test server accepts sandbox purchases only.
      APPLE_ENVIRONMENT: "Sandbox",
      APPLE_APP_APPLE_ID: "1234567890",
      APPLE_ROOT_CERTS: standin.rootBase64,
      APPLE_API_BASE: `http://127.0.0.1:${server.port}`,
      APPLE_ISSUER_ID: "57246542-96fe-1a63-e053-0824d011072a",
      APPLE_KEY_ID: "2X9R4HXF34",
      APPLE_PRIVATE_KEY: `-----BEGIN PRIVATE KEY-----\n${pkcs8}\n-----END PRIVATE KEY-----`,
    });
    await putItem(w.deps.db, GOLD_PACK, w.clock.now());
    buyer = await signedInPlayer(w.deps.db, w.clock.now(), { country: "US", platform: "ios" });
  });
  afterAll(async () => {
    server.stop(true);
    await w.close();
  });

  const gold = async () => (await w.deps.db.select({ gold: players.gold }).from(players).where(eq(players.id, buyer.playerId)))[0].gold;
  const post = (body: unknown) => w.app.request("/billing/apple/", { method: "POST", headers: { "content-type": "application/json" }, body: typeof body === "string" ? body : JSON.stringify(body) });
  const snapshot = async () => ({
    gold: await gold(),
    ledger: (await w.deps.db.select().from(ledgerEntries)).length,
    events: (await w.deps.db.select().from(orderEvents)).length,
    outbox: (await w.deps.db.select().from(outbox)).length,
    orders: JSON.stringify(await w.deps.db.select().from(orders)),
  });
  async function newOrder() {
    const r = await w.app.request("/billing/order/start", { method: "POST", headers: { ...buyer.headers, "content-type": "application/json" }, body: JSON.stringify({ provider: "apple", item_id: "gold_500" }) });
    expect(r.status).toBe(200);
    const body = (await r.json()) as { order: { id: number; amountMinor: number; currency: string; market: string }; url: null; ref: string };
    expect(body.order.market).toBe("app_store");
    return body;
  }

  test("the pinned Apple Root CA - G3 is the published certificate", async () => {
    const der = base64ToBytes(APPLE_ROOT_CA_G3);
    const hash = [...new Uint8Array(await crypto.subtle.digest("SHA-256", der as BufferSource))].map((b) => b.toString(16).padStart(2, "0")).join("").toUpperCase();
    expect(hash).toBe("63343ABFB89A6A03EBB57E9B3F5FA7BE7C4F5C756F3017B3A8C488C3653E9179");
    const c = parseCertificate(der);
    const bc = c.extensions?.find((e) => e.extnID === "2.5.29.19")?.parsedValue;
    expect(bc instanceof BasicConstraints && bc.cA).toBe(true);
    expect(String(c.subjectPublicKeyInfo.algorithm.algorithmParams.valueBlock.toString())).toBe("1.3.132.0.34"); // P-384
    expect(c.notAfter.value.getUTCFullYear()).toBe(2039);
  });

  test("a notification credits once; 5 replays and 20 concurrent copies credit nothing more", async () => {
    const { order, ref } = await newOrder();
    const t = standin.buy("gold_500", ref, 1990, "USD");
    const before = await gold();
    const n = await standin.notification("ONE_TIME_CHARGE", t.transactionId);
    const r = await post({ signedPayload: n });
    expect(r.status).toBe(200);
    expect(await gold()).toBe(before + 550);
    for (let i = 0; i < 5; i++) expect((await post({ signedPayload: n })).status).toBe(200);
    const all = await Promise.all(Array.from({ length: 20 }, () => post({ signedPayload: n })));
    expect(all.every((x) => x.status === 200)).toBe(true);
    expect(await gold()).toBe(before + 550);
    expect((await findOrder(w.deps.db, order.id))!.providerTxId).toBe(t.transactionId);
    // The app's own signed transaction for the same purchase: the same order, not credited again.
    expect((await post({ signedTransactionInfo: await standin.signedTransaction(t.transactionId) })).status).toBe(200);
    const b = await newOrder();
    const t2 = standin.buy("gold_500", b.ref, 1990, "USD");
    const jws = await standin.signedTransaction(t2.transactionId);
    const many = await Promise.all(Array.from({ length: 20 }, () => post({ signedTransactionInfo: jws })));
    expect(many.every((x) => x.status === 200)).toBe(true);
    expect(await gold()).toBe(before + 1100);
  });

  test("a foreign chain, a tampered payload, another product, an unknown order, a malformed body: 4xx and nothing changes", async () => {
    const { ref } = await newOrder();
    const t = standin.buy("gold_500", ref, 1990, "USD");
    const good = await standin.signedTransaction(t.transactionId);
    const before = await snapshot();
    // The payload changed after signing.
    const [h, , s] = good.split(".");
    const forgedBody = btoa(JSON.stringify({ ...t, price: 10 })).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    expect((await post({ signedTransactionInfo: `${h}.${forgedBody}.${s}` })).status).toBe(400);
    // A self-made chain that does not end at the pinned root.
    const other = await standin.issue({ subject: "Evil Root", curve: "P-384", ca: true, notBefore: 0, notAfter: Date.UTC(2040, 0, 1), serial: 9 });
    const otherMid = await standin.issue({ subject: "Evil WWDR", curve: "P-384", issuer: other, ca: true, marker: "1.2.840.113635.100.6.2.1", notBefore: 0, notAfter: Date.UTC(2040, 0, 1), serial: 10 });
    const otherLeaf = await standin.issue({ subject: "Evil leaf", curve: "P-256", issuer: otherMid, ca: false, marker: "1.2.840.113635.100.6.11.1", notBefore: 0, notAfter: Date.UTC(2040, 0, 1), serial: 11 });
    expect((await post({ signedTransactionInfo: await standin.sign(t, [otherLeaf, otherMid, other], otherLeaf.keys.privateKey) })).status).toBe(400);
    // The real root, but a leaf without Apple's marker OID (any certificate under the root).
    const noMarker = await standin.issue({ subject: "Developer leaf", curve: "P-256", issuer: standin.chain.intermediate, ca: false, notBefore: 0, notAfter: Date.UTC(2040, 0, 1), serial: 12 });
    expect((await post({ signedTransactionInfo: await standin.sign(t, [noMarker, standin.chain.intermediate, standin.chain.root], noMarker.keys.privateKey) })).status).toBe(400);
    // Signed by Apple, but for another product than the order's.
    const otherProduct = standin.buy("gold_100", ref, 490, "USD");
    expect((await post({ signedTransactionInfo: await standin.signedTransaction(otherProduct.transactionId) })).status).toBe(400);
    // Unknown order (no such appAccountToken), and another app's bundle.
    const stray = standin.buy("gold_500", crypto.randomUUID(), 1990, "USD");
    expect((await post({ signedTransactionInfo: await standin.signedTransaction(stray.transactionId) })).status).toBe(404);
    expect((await post({ signedTransactionInfo: await standin.sign({ ...t, bundleId: "com.other" }) })).status).toBe(400);
    // Malformed.
    expect((await post("{nope")).status).toBe(400);
    expect((await post({ signedPayload: "a.b.c.d.e.f.g" })).status).toBe(400);
    expect((await post({ something: 1 })).status).toBe(400);
    expect((await w.app.request("/billing/apple/", { method: "GET" })).status).toBe(405);
    expect(await snapshot()).toEqual(before);
  });

  test("only the chain Apple specifies: WWDR marker on a CA intermediate, a leaf under it, valid at signing, ES256 by the leaf's P-256 key", async () => {
    const { ref } = await newOrder();
    const t = standin.buy("gold_500", ref, 1990, "USD");
    const { root, intermediate, leaf } = standin.chain;
    const far = Date.UTC(2040, 0, 1);
    const LEAF = "1.2.840.113635.100.6.11.1", WWDR = "1.2.840.113635.100.6.2.1";
    const before = await snapshot();
    const refused = async (jws: string) => expect((await post({ signedTransactionInfo: jws })).status).toBe(400);
    // An intermediate under the pinned root without Apple's WWDR marker, and a marked leaf under it.
    const plainMid = await standin.issue({ subject: "Some CA under the root", curve: "P-384", issuer: root, ca: true, notBefore: 0, notAfter: far, serial: 20 });
    const plainMidLeaf = await standin.issue({ subject: "Leaf under some CA", curve: "P-256", issuer: plainMid, ca: false, marker: LEAF, notBefore: 0, notAfter: far, serial: 21 });
    await refused(await standin.sign(t, [plainMidLeaf, plainMid, root], plainMidLeaf.keys.privateKey));
    // A marked "intermediate" that is not a CA.
    const notCa = await standin.issue({ subject: "Not a CA", curve: "P-384", issuer: root, ca: false, marker: WWDR, notBefore: 0, notAfter: far, serial: 22 });
    const notCaLeaf = await standin.issue({ subject: "Leaf under a non-CA", curve: "P-256", issuer: notCa, ca: false, marker: LEAF, notBefore: 0, notAfter: far, serial: 23 });
    await refused(await standin.sign(t, [notCaLeaf, notCa, root], notCaLeaf.keys.privateKey));
    // A marked leaf straight under the root: a path of two, not Apple's three.
    const direct = await standin.issue({ subject: "Leaf under the root", curve: "P-256", issuer: root, ca: false, marker: LEAF, notBefore: 0, notAfter: far, serial: 24 });
    await refused(await standin.sign(t, [direct, root, root], direct.keys.privateKey));
    // An intermediate that had expired when the payload was signed.
    const oldMid = await standin.issue({ subject: "Expired WWDR", curve: "P-384", issuer: root, ca: true, marker: WWDR, notBefore: Date.UTC(2020, 0, 1), notAfter: Date.UTC(2021, 0, 1), serial: 25 });
    const oldMidLeaf = await standin.issue({ subject: "Leaf under an expired WWDR", curve: "P-256", issuer: oldMid, ca: false, marker: LEAF, notBefore: 0, notAfter: far, serial: 26 });
    await refused(await standin.sign(t, [oldMidLeaf, oldMid, root], oldMidLeaf.keys.privateKey));
    // The right chain, but the JWS signature is not the leaf's: one byte changed, another key, a P-384 leaf.
    const good = await standin.sign(t);
    const [h, p, sig] = good.split(".");
    const raw = base64ToBytes(sig);
    raw[10] ^= 1;
    await refused(`${h}.${p}.${btoa(String.fromCharCode(...raw)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}`);
    await refused(await standin.sign(t, [leaf, intermediate, root], plainMidLeaf.keys.privateKey));
    const bigLeaf = await standin.issue({ subject: "P-384 leaf", curve: "P-384", issuer: intermediate, ca: false, marker: LEAF, notBefore: 0, notAfter: far, serial: 27 });
    await refused(await standin.sign(t, [bigLeaf, intermediate, root], bigLeaf.keys.privateKey));
    // Not three certificates, a signing date that is not a time, a certificate that is not DER.
    await refused(await standin.sign(t, [leaf, intermediate]));
    await refused(await standin.sign(t, [leaf, intermediate, root, root]));
    await refused(await standin.sign({ ...t, signedDate: "yesterday" }));
    await refused(await standin.sign({ ...t, signedDate: 8.64e15 + 1 }));
    const [, , s3] = good.split(".");
    const badX5c = btoa(JSON.stringify({ alg: "ES256", x5c: ["AAAA", "AAAA", "AAAA"] })).replace(/=+$/, "");
    await refused(`${badX5c}.${p}.${s3}`);
    expect(await snapshot()).toEqual(before);
    // The same payload signed by the real chain is accepted.
    expect((await post({ signedTransactionInfo: good })).status).toBe(200);
  });

  test("Apple's API down: the reported id is not kept (it is the client's word); the app's retry or the notification completes it", async () => {
    const { order, ref } = await newOrder();
    const t = standin.buy("gold_500", ref, 1990, "USD");
    const before = await gold();
    standin.state.down = true;
    expect((await post({ orderId: order.id, transactionId: t.transactionId })).status).toBe(503);
    const o = (await findOrder(w.deps.db, order.id))!;
    expect(o.status).toBe("pending");
    expect(o.providerTxId).toBeNull();
    standin.state.down = false;
    // Another order's transaction id reported for this order: refused, nothing stored.
    const other = await newOrder();
    const t2 = standin.buy("gold_500", other.ref, 1990, "USD");
    expect((await post({ orderId: order.id, transactionId: t2.transactionId })).status).toBe(404);
    expect((await findOrder(w.deps.db, order.id))!.providerTxId).toBeNull();
    // The app reports again: credited once.
    expect((await post({ orderId: order.id, transactionId: t.transactionId })).status).toBe(200);
    expect((await post({ orderId: order.id, transactionId: t.transactionId })).status).toBe(200);
    expect(await gold()).toBe(before + 550);
    expect((await verifyOrder(w.deps, (await findOrder(w.deps.db, order.id))!, "verify")).order.status).toBe("paid");
    // A refund notification reverses; its replay takes nothing more.
    standin.revoke(t.transactionId);
    const refund = await standin.notification("REFUND", t.transactionId);
    expect((await post({ signedPayload: refund })).status).toBe(200);
    expect((await post({ signedPayload: refund })).status).toBe(200);
    expect(await gold()).toBe(before);
  });

  test("a sandbox purchase on a production server, another app's or environment's notification: refused", async () => {
    const { ref } = await newOrder();
    const t = standin.buy("gold_500", ref, 1990, "USD");
    const jws = await standin.signedTransaction(t.transactionId);
    const n = await standin.notification("ONE_TIME_CHARGE", t.transactionId);
    const before = await snapshot();
    w.deps.settings.secrets.APPLE_ENVIRONMENT = "Production";
    try {
      expect((await post({ signedTransactionInfo: jws })).status).toBe(400);
      expect((await post({ signedPayload: n })).status).toBe(400);
    } finally {
      w.deps.settings.secrets.APPLE_ENVIRONMENT = "Sandbox";
    }
    expect((await post({ signedPayload: await standin.notification("ONE_TIME_CHARGE", t.transactionId, { bundleId: "com.other.app" }) })).status).toBe(400);
    expect((await post({ signedPayload: await standin.notification("ONE_TIME_CHARGE", t.transactionId, { appAppleId: 42 }) })).status).toBe(400);
    expect((await post({ signedPayload: await standin.notification("ONE_TIME_CHARGE", t.transactionId, { environment: "Production" }) })).status).toBe(400);
    // A production transaction on this sandbox server is refused as well.
    const prod = standin.buy("gold_500", ref, 1990, "USD", { environment: "Production" });
    expect((await post({ signedTransactionInfo: await standin.signedTransaction(prod.transactionId) })).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  test("Apple prices the purchase: another storefront's price and currency are recorded on the order", async () => {
    const { order, ref } = await newOrder();
    expect([order.amountMinor, order.currency]).toEqual([199, "USD"]);
    const before = await gold();
    const t = standin.buy("gold_500", ref, 2290, "EUR", { storefront: "DEU" });
    expect((await post({ signedTransactionInfo: await standin.signedTransaction(t.transactionId) })).status).toBe(200);
    expect(await gold()).toBe(before + 550);
    const o = (await findOrder(w.deps.db, order.id))!;
    expect([o.status, o.amountMinor, o.currency]).toEqual(["paid", 229, "EUR"]);
    // A currency our reporting table lacks keeps the catalog price; Apple's is in the history.
    const b = await newOrder();
    const yen = standin.buy("gold_500", b.ref, 300000, "JPY", { storefront: "JPN" });
    expect((await post({ signedTransactionInfo: await standin.signedTransaction(yen.transactionId) })).status).toBe(200);
    const ob = (await findOrder(w.deps.db, b.order.id))!;
    expect([ob.status, ob.amountMinor, ob.currency]).toEqual(["paid", 199, "USD"]);
    const ev = (await w.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, b.order.id))).at(-1)!;
    expect(JSON.parse(ev.detail!)).toMatchObject({ applePrice: 300000, appleCurrency: "JPY", storefront: "JPN" });
  });

  test("certificates are checked at the payload's signing date: valid then, accepted later; signed after expiry, refused", async () => {
    const { ref } = await newOrder();
    const t = standin.buy("gold_500", ref, 1990, "USD");
    const from = Date.UTC(2025, 0, 1), to = Date.UTC(2025, 11, 31);
    const leaf = await standin.issue({ subject: "Short-lived leaf", curve: "P-256", issuer: standin.chain.intermediate, ca: false, marker: "1.2.840.113635.100.6.11.1", notBefore: from, notAfter: to, serial: 77 });
    const chain = [leaf, standin.chain.intermediate, standin.chain.root];
    const before = await snapshot();
    // Signed after the leaf expired: refused.
    expect((await post({ signedTransactionInfo: await standin.sign({ ...t, signedDate: to + 86_400_000 }, chain, leaf.keys.privateKey) })).status).toBe(400);
    expect(await snapshot()).toEqual(before);
    // Signed while it was valid (the leaf has expired since): accepted.
    expect((await post({ signedTransactionInfo: await standin.sign({ ...t, signedDate: from + 86_400_000 }, chain, leaf.keys.privateKey) })).status).toBe(200);
  });
});
