import { z } from "zod";
import { describe, test, expect } from "bun:test";
import { ROBOKASSA, robokassaSuite } from "../test/billing.ts";
import { eq } from "drizzle-orm";
import { ledgerEntries } from "../db/schema/index.ts";
import { orders, orderEvents } from "../db/schema/billing.ts";
import { findOrder } from "../domain/billing/orders.ts";
import { verifyOrder } from "./registry.ts";
import { robokassaHash, signatureBase } from "./robokassa.ts";
import { md5 as md5Bytes } from "@noble/hashes/legacy.js";
import { bytesToHex } from "@noble/hashes/utils.js";

const md5 = (t: string) => bytesToHex(md5Bytes(new TextEncoder().encode(t)));

const NUsdCurRow = z.object({ n: z.number(), usd: z.number(), cur: z.string() });

describe("Robokassa", () => {
  const cfg = ROBOKASSA;
  const suite = robokassaSuite();
  const { gold, snapshot } = suite;

  const result = (body: URLSearchParams | string) =>
    suite.w.app.request("/billing/robokassa/result", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: String(body),
    });

  async function newOrder() {
    const r = await suite.startOrder("robokassa");
    expect(r.status).toBe(200);
    const body = (await r.json()) as {
      order: { id: number; status: string; amountMinor: number; currency: string };
      url: string;
    };
    // The player's browser opens the payment page; the stand-in checks the Password#1 signature.
    const page = await fetch(body.url);
    expect(page.status).toBe(200);
    return body;
  }

  test("the signature scheme matches Robokassa's documented example", async () => {
    // docs.robokassa.ru: MerchantLogin:OutSum:InvId:Password#1 with Shp_ params sorted, e.g.
    // "demo:11:0:password_1:Shp_item=1:Shp_login=user" (Shp_ keys are sorted alphabetically).
    expect(signatureBase(["demo", "11", "0", "password_1"], { Shp_login: "user", Shp_item: "1" })).toBe(
      "demo:11:0:password_1:Shp_item=1:Shp_login=user",
    );
    expect(await robokassaHash("md5", "demo:11:0:password_1")).toBe(md5("demo:11:0:password_1"));
    expect(await robokassaHash("sha256", "abc")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });

  test("start prices in RUB and builds a signed payment address", async () => {
    const { order, url } = await newOrder();
    expect(order.status).toBe("pending");
    expect(order.currency).toBe("RUB");
    expect(order.amountMinor).toBe(9900);
    const u = new URL(url);
    expect(u.pathname).toBe("/Merchant/Index.aspx");
    expect(u.searchParams.get("OutSum")).toBe("99.00");
    expect(u.searchParams.get("InvId")).toBe(String(order.id));
    expect(u.searchParams.get("IsTest")).toBe("1");
    const bad = await suite.startOrder("nope");
    expect(bad.status).toBe(400);
    const noCsrf = await suite.w.app.request("/billing/order/start", {
      method: "POST",
      headers: { cookie: suite.buyer.headers.cookie, "content-type": "application/json" },
      body: JSON.stringify({ provider: "robokassa", item_id: "gold_500" }),
    });
    expect(noCsrf.status).toBe(403);
  });

  test("an order in another currency is refused at start (OutSum is roubles); nothing is created", async () => {
    const count = (await suite.w.deps.db.select().from(orders)).length;
    const r = await suite.w.app.request("/billing/order/start", {
      method: "POST",
      headers: { ...suite.buyer.headers, "content-type": "application/json" },
      body: JSON.stringify({ provider: "robokassa", item_id: "gold_500", currency: "USD" }),
    });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: { fields: Record<string, unknown> } }).error.fields.currency).toBeDefined();
    expect((await suite.w.deps.db.select().from(orders)).length).toBe(count);
  });

  test("a shop that sends the fiscal receipt signs it (MerchantLogin:OutSum:InvId:Receipt:Password#1)", async () => {
    suite.w.deps.settings.secrets.ROBOKASSA_RECEIPT_TAX = "none";
    suite.w.deps.settings.secrets.ROBOKASSA_RECEIPT_SNO = "usn_income";
    try {
      const { order, url } = await newOrder();
      const u = new URL(url);
      const receipt = u.searchParams.get("Receipt")!;
      // The parameter is the URL-encoded JSON; the signature covers it in that form.
      expect(JSON.parse(decodeURIComponent(receipt))).toEqual({
        sno: "usn_income",
        items: [
          {
            name: "gold_500",
            quantity: 1,
            sum: 99,
            payment_method: "full_payment",
            payment_object: "service",
            tax: "none",
          },
        ],
      });
      expect(u.searchParams.get("SignatureValue")).toBe(
        md5(`tankodrome:99.00:${order.id}:${receipt}:${cfg.password1}:Shp_player=${suite.buyer.playerId}`),
      );
      expect(suite.standin.invoices.get(String(order.id))!.receipt).toMatchObject({ sno: "usn_income" });
      // Without it in the signature the payment page refuses the address.
      u.searchParams.set(
        "SignatureValue",
        md5(`tankodrome:99.00:${order.id}:${cfg.password1}:Shp_player=${suite.buyer.playerId}`),
      );
      expect((await fetch(u)).status).toBe(400);
    } finally {
      delete suite.w.deps.settings.secrets.ROBOKASSA_RECEIPT_TAX;
      delete suite.w.deps.settings.secrets.ROBOKASSA_RECEIPT_SNO;
    }
  });

  test("a valid Result credits once and answers OK{InvId}; 5 replays and 20 concurrent copies credit nothing more", async () => {
    const { order } = await newOrder();
    suite.standin.pay(String(order.id));
    const before = await gold();
    const body = await suite.standin.result(String(order.id));
    const r = await result(body);
    expect(r.status).toBe(200);
    expect(await r.text()).toBe(`OK${order.id}`);
    expect(await gold()).toBe(before + 550);
    for (let i = 0; i < 5; i++) expect(await (await result(body)).text()).toBe(`OK${order.id}`);
    const all = await Promise.all(Array.from({ length: 20 }, () => result(body)));
    expect(all.every((x) => x.status === 200)).toBe(true);
    expect(await gold()).toBe(before + 550);
    expect(
      (
        await suite.w.deps.db
          .select()
          .from(ledgerEntries)
          .where(eq(ledgerEntries.ref, `order:${order.id}`))
      ).length,
    ).toBe(1);
    const events = await suite.w.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => e.toStatus)).toEqual(["created", "pending", "paid"]);
    await suite.w.ship();
    const rows = await suite.w.deps.warehouse.query(
      `SELECT count() AS n, sum(amount_usd_cents) AS usd, any(currency) AS cur FROM payments WHERE order_id = '${order.id}'`,
      {},
      NUsdCurRow,
    );
    expect([Number(rows[0].n), Number(rows[0].usd), rows[0].cur]).toEqual([1, 109, "RUB"]);
  });

  test("20 concurrent first Results credit once; a GET Result works too", async () => {
    const { order } = await newOrder();
    const before = await gold();
    const body = await suite.standin.result(String(order.id));
    const all = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 ? result(body) : suite.w.app.request(`/billing/robokassa/result?${body}`),
      ),
    );
    expect(all.every((x) => x.status === 200)).toBe(true);
    expect(await gold()).toBe(before + 550);
  });

  test("tampered signature, wrong amount, unknown order, malformed body: 4xx and nothing changes", async () => {
    const { order } = await newOrder();
    const id = String(order.id);
    const before = await snapshot();
    // Tampered: signature of another password, or a changed Shp_ value.
    const wrongKey = md5(`99.000000:${id}:${cfg.password1}:Shp_player=${suite.buyer.playerId}`);
    expect((await result(await suite.standin.result(id, { SignatureValue: wrongKey }))).status).toBe(400);
    const shpChanged = await suite.standin.result(id);
    shpChanged.set("Shp_player", String(suite.buyer.playerId + 1000));
    expect((await result(shpChanged)).status).toBe(400);
    // A correctly signed smaller amount.
    const cheap = "1.000000";
    expect(
      (
        await result(
          await suite.standin.result(id, {
            OutSum: cheap,
            SignatureValue: md5(`${cheap}:${id}:${cfg.password2}:Shp_player=${suite.buyer.playerId}`),
          }),
        )
      ).status,
    ).toBe(400);
    // Unknown order, correctly signed.
    const unknown = new URLSearchParams({
      OutSum: "99.000000",
      InvId: "999999",
      SignatureValue: md5(`99.000000:999999:${cfg.password2}`),
    });
    expect((await result(unknown)).status).toBe(404);
    // Malformed: missing fields, junk amount, broken body.
    expect((await result("InvId=abc")).status).toBe(400);
    expect(
      (
        await result(
          new URLSearchParams({ OutSum: "lots", InvId: id, SignatureValue: md5(`lots:${id}:${cfg.password2}`) }),
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await suite.w.app.request("/billing/robokassa/result", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{nope",
        })
      ).status,
    ).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  test("Robokassa down: the Success page leaves the order pending; verify completes it later", async () => {
    const { order } = await newOrder();
    const id = String(order.id);
    suite.standin.pay(id); // paid, but the Result notification never arrived
    const before = await gold();
    const successQuery = await suite.standin.success(id);
    suite.standin.state.down = true;
    const back = await suite.w.app.request(`/billing/robokassa/success?${successQuery}`, {
      headers: { ...suite.buyer.headers, accept: "application/json" },
    });
    expect(back.status).toBe(200);
    const view = await back.json();
    expect(view.order.status).toBe("pending");
    expect(view.providerDown).toBe(true);
    await expect(verifyOrder(suite.w.deps, (await findOrder(suite.w.deps.db, order.id))!, "verify")).rejects.toThrow();
    expect(await gold()).toBe(before);
    suite.standin.state.down = false;
    const done = await verifyOrder(suite.w.deps, (await findOrder(suite.w.deps.db, order.id))!, "verify");
    expect(done.order.status).toBe("paid");
    expect(await gold()).toBe(before + 550);
    // The late Result is answered OK and credits nothing more.
    expect(await (await result(await suite.standin.result(id))).text()).toBe(`OK${id}`);
    expect(await gold()).toBe(before + 550);
  });

  test("Success credits at once; a forged Success is refused; Fail cancels only when Robokassa says so", async () => {
    const a = await newOrder();
    suite.standin.pay(String(a.order.id));
    const before = await gold();
    const q = await suite.standin.success(String(a.order.id));
    const forged = new URLSearchParams(q);
    forged.set("SignatureValue", md5("x"));
    expect(
      (await suite.w.app.request(`/billing/robokassa/success?${forged}`, { headers: { accept: "application/json" } }))
        .status,
    ).toBe(400);
    const ok = await suite.w.app.request(`/billing/robokassa/success?${q}`, {
      headers: { ...suite.buyer.headers, accept: "application/json" },
    });
    expect((await ok.json()).order.status).toBe("paid");
    expect(await gold()).toBe(before + 550);

    // A shop whose Success URL is set to POST: the browser is sent on by GET.
    const posted = await suite.w.app.request("/billing/robokassa/success", {
      method: "POST",
      headers: { accept: "text/html", "content-type": "application/x-www-form-urlencoded" },
      body: q,
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toStartWith("/billing/robokassa/success?OutSum=");

    const b = await newOrder();
    // An unsigned Fail for an invoice Robokassa still holds open changes nothing.
    const open = await suite.w.app.request(`/billing/robokassa/fail?InvId=${b.order.id}&OutSum=99.00`, {
      headers: { accept: "application/json" },
    });
    expect((await open.json()).order.status).toBe("pending");
    suite.standin.invoices.get(String(b.order.id))!.state = 10;
    const failed = await suite.w.app.request(`/billing/robokassa/fail?InvId=${b.order.id}&OutSum=99.00`, {
      headers: { accept: "application/json" },
    });
    expect((await failed.json()).order.status).toBe("cancelled");
    expect(
      (await suite.w.app.request(`/billing/robokassa/fail`, { headers: { accept: "application/json" } })).status,
    ).toBe(400);
  });

  test("a refund Robokassa shows (OpStateExt state 60) takes the gold back once when verified; the warehouse sees it", async () => {
    const { order } = await newOrder();
    const id = String(order.id);
    suite.standin.pay(id);
    const before = await gold();
    expect(await (await result(await suite.standin.result(id))).text()).toBe(`OK${id}`);
    expect(await gold()).toBe(before + 550);
    const inv = suite.standin.invoices.get(id);
    if (!inv) throw new Error("no invoice");
    inv.state = 60;
    for (let i = 0; i < 3; i++)
      expect(
        (await verifyOrder(suite.w.deps, (await findOrder(suite.w.deps.db, order.id))!, "verify")).order.status,
      ).toBe("refunded");
    expect(await gold()).toBe(before);
    // The refunded invoice's Result replayed: answered OK, nothing credited again.
    expect(await (await result(await suite.standin.result(id))).text()).toBe(`OK${id}`);
    expect(await gold()).toBe(before);
    await suite.w.ship();
    const rows = await suite.w.deps.warehouse.query(
      `SELECT toInt64(count()) AS n, toInt64(sum(amount_usd_cents)) AS usd, any(currency) AS cur FROM payments WHERE order_id = '${id}'`,
      {},
      NUsdCurRow,
    );
    expect(rows[0].n).toBe(2);
    expect(rows[0].usd).toBe(0);
  });
});
