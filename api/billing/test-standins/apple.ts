// A local stand-in of Apple for tests and e2e: its own three-level ECDSA certificate hierarchy
// (made with PKI.js) shaped like Apple's (root and WWDR-style intermediate CAs on P-384, a P-256
// leaf, key identifiers, Apple's marker OIDs), JWS-signed transactions and App Store Server Notifications v2 with the x5c
// header, and the App Store Server API's GET /inApps/v1/transactions/{id} (ES256 bearer checked).
// Web-standard only; the app under test pins this root through APPLE_ROOT_CERTS.
import { Hono } from "hono";
import { testSheet } from "./sheet.ts";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";

const enc = new TextEncoder();
const b64 = (u: Uint8Array) => btoa(String.fromCharCode(...u));
const b64url = (u: Uint8Array) => b64(u).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

interface Issued {
  der: Uint8Array;
  keys: CryptoKeyPair;
  subject: string;
  hash: "SHA-256" | "SHA-384";
  keyId: Uint8Array;
}

const commonName = (cn: string) =>
  new pkijs.RelativeDistinguishedNames({
    typesAndValues: [new pkijs.AttributeTypeAndValue({ type: "2.5.4.3", value: new asn1js.Utf8String({ value: cn }) })],
  });
const extension = (extnID: string, critical: boolean, value: asn1js.BaseBlock) =>
  new pkijs.Extension({ extnID, critical, extnValue: value.toBER(false) });

/** A certificate made with PKI.js, shaped like Apple's: basic constraints, key identifiers, and the marker OID when given. */
async function issue(o: {
  subject: string;
  curve: "P-256" | "P-384";
  issuer?: Issued;
  ca: boolean;
  marker?: string;
  notBefore: number;
  notAfter: number;
  serial: number;
}): Promise<Issued> {
  const keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: o.curve }, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const signer = o.issuer ?? null;
  const hash = signer ? signer.hash : o.curve === "P-384" ? "SHA-384" : "SHA-256";
  const cert = new pkijs.Certificate();
  cert.version = 2;
  cert.serialNumber = new asn1js.Integer({ value: o.serial });
  cert.issuer = commonName(signer ? signer.subject : o.subject);
  cert.subject = commonName(o.subject);
  cert.notBefore = new pkijs.Time({ type: pkijs.TimeType.UTCTime, value: new Date(o.notBefore) });
  cert.notAfter = new pkijs.Time({ type: pkijs.TimeType.UTCTime, value: new Date(o.notAfter) });
  await cert.subjectPublicKeyInfo.importKey(keys.publicKey);
  const keyId = new Uint8Array(
    await crypto.subtle.digest(
      "SHA-1",
      cert.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView as BufferSource,
    ),
  );
  cert.extensions = [
    extension("2.5.29.19", true, new pkijs.BasicConstraints({ cA: o.ca }).toSchema()),
    extension("2.5.29.14", false, new asn1js.OctetString({ valueHex: keyId })),
    extension(
      "2.5.29.35",
      false,
      new pkijs.AuthorityKeyIdentifier({
        keyIdentifier: new asn1js.OctetString({ valueHex: signer ? signer.keyId : keyId }),
      }).toSchema(),
    ),
    ...(o.marker ? [extension(o.marker, false, new asn1js.Null())] : []),
  ];
  await cert.sign(signer ? signer.keys.privateKey : keys.privateKey, hash);
  return { der: new Uint8Array(cert.toSchema(true).toBER(false)), keys, subject: o.subject, hash, keyId };
}

export interface AppleStandinOptions {
  bundleId: string;
  /** The In-App Purchase key's public half, to check the API's bearer tokens. */
  apiKey?: CryptoKey;
  now: () => number;
  /** The App Store environment its transactions and notifications carry (Sandbox by default). */
  environment?: "Sandbox" | "Production";
  /** Apple's id of the app, carried by notifications. */
  appAppleId?: number;
  /** Where the test store sheet reports a purchase, as the game app does (the app's /billing/apple/). */
  appUrl?: string;
}

export async function appleStandin(o: AppleStandinOptions) {
  const from = Date.UTC(2020, 0, 1),
    to = Date.UTC(2040, 0, 1);
  const root = await issue({
    subject: "Test Apple Root CA - G3",
    curve: "P-384",
    ca: true,
    notBefore: from,
    notAfter: to,
    serial: 1,
  });
  const intermediate = await issue({
    subject: "Test Apple WWDR CA G6",
    curve: "P-384",
    issuer: root,
    ca: true,
    marker: "1.2.840.113635.100.6.2.1",
    notBefore: from,
    notAfter: to,
    serial: 2,
  });
  const leaf = await issue({
    subject: "Test Prod ECC Mac App Store and iTunes Store Receipt Signing",
    curve: "P-256",
    issuer: intermediate,
    ca: false,
    marker: "1.2.840.113635.100.6.11.1",
    notBefore: from,
    notAfter: to,
    serial: 3,
  });
  const transactions = new Map<string, Record<string, unknown>>();
  const state = { down: false };
  let seq = 2_000_000_000_000;

  async function sign(
    payload: unknown,
    chain: Issued[] = [leaf, intermediate, root],
    key: CryptoKey = leaf.keys.privateKey,
  ) {
    const head = b64url(enc.encode(JSON.stringify({ alg: "ES256", x5c: chain.map((c) => b64(c.der)) })));
    const body = b64url(enc.encode(JSON.stringify(payload)));
    const sig = new Uint8Array(
      await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, key, enc.encode(`${head}.${body}`)),
    );
    return `${head}.${body}.${b64url(sig)}`;
  }

  const app = new Hono();
  app.use("*", async (c, next) =>
    state.down ? c.json({ errorCode: 5000000, errorMessage: "An unknown error occurred." }, 500) : next(),
  );
  // The test store sheet (TEST MODE): what StoreKit shows in the game app. Buying makes the
  // signed transaction and hands it to the server as the app would ({signedTransactionInfo}),
  // then goes back to the order page.
  app.get("/buy", async (c) => {
    const q = c.req.query();
    const price = Number(q.price);
    if (!q.token || !q.product || !Number.isInteger(price) || !/^[A-Z]{3}$/.test(q.currency ?? ""))
      return c.text("Bad purchase request", 400);
    const esc = (v: string) => v.replace(/[<>&"]/g, "");
    return testSheet(
      "App Store (test)",
      `<h1>App Store (test)</h1>
<p id="amount">${(price / 1000).toFixed(2)} ${esc(q.currency)}</p><p>${esc(q.product)}</p>
<form method="post" action="buy?${new URLSearchParams(q)}"><button type="submit" id="buy">Buy</button></form>`,
    );
  });
  app.post("/buy", async (c) => {
    const q = c.req.query();
    const t = standin.buy(q.product, q.token, Number(q.price), q.currency);
    if (o.appUrl)
      await fetch(o.appUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ signedTransactionInfo: await standin.signedTransaction(t.transactionId) }),
      }).catch(() => undefined);
    return c.redirect(q.return ?? "/");
  });
  app.get("/inApps/v1/transactions/:id", async (c) => {
    const auth = c.req.header("authorization") ?? "";
    const [h, p, s] = auth.replace(/^Bearer /, "").split(".");
    if (o.apiKey) {
      const bin = atob((s ?? "").replace(/-/g, "+").replace(/_/g, "/"));
      const sig = Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
      const ok = await crypto.subtle
        .verify({ name: "ECDSA", hash: "SHA-256" }, o.apiKey, sig, enc.encode(`${h}.${p}`))
        .catch(() => false);
      if (!ok) return c.json({ errorCode: 4010000, errorMessage: "Unauthenticated" }, 401);
    }
    const t = transactions.get(c.req.param("id"));
    if (!t) return c.json({ errorCode: 4040010, errorMessage: "Transaction id not found." }, 404);
    return c.json({ signedTransactionInfo: await sign(t) });
  });

  const standin = {
    app,
    state,
    transactions,
    rootBase64: b64(root.der),
    /** The customer buys `productId` in the app with the order's appAccountToken. */
    buy(
      productId: string,
      appAccountToken: string,
      price: number,
      currency: string,
      over: { environment?: string; storefront?: string } = {},
    ) {
      const transactionId = String(++seq);
      const t = {
        transactionId,
        originalTransactionId: transactionId,
        bundleId: o.bundleId,
        productId,
        appAccountToken,
        price,
        currency,
        purchaseDate: o.now(),
        signedDate: o.now(),
        type: "Consumable",
        environment: over.environment ?? o.environment ?? "Sandbox",
        storefront: over.storefront ?? "USA",
        quantity: 1,
        inAppOwnershipType: "PURCHASED",
      };
      transactions.set(transactionId, t);
      return t;
    },
    revoke(transactionId: string) {
      const t = transactions.get(transactionId)!;
      t.revocationDate = o.now();
      t.revocationReason = 0;
    },
    /** Apple reverses the refund (REFUND_REVERSED): the transaction is no longer revoked. */
    unrevoke(transactionId: string) {
      const t = transactions.get(transactionId)!;
      delete t.revocationDate;
      delete t.revocationReason;
    },
    sign,
    async signedTransaction(transactionId: string) {
      return sign({ ...transactions.get(transactionId), signedDate: o.now() });
    },
    async notification(type: string, transactionId: string, data: Record<string, unknown> = {}) {
      return sign({
        notificationType: type,
        notificationUUID: crypto.randomUUID(),
        version: "2.0",
        signedDate: o.now(),
        data: {
          bundleId: o.bundleId,
          appAppleId: o.appAppleId,
          environment: o.environment ?? "Sandbox",
          signedTransactionInfo: await sign({ ...transactions.get(transactionId), signedDate: o.now() }),
          ...data,
        },
      });
    },
    /** Certificates for tampering tests. */
    chain: { root, intermediate, leaf },
    issue,
  };
  return standin;
}
