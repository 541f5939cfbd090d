// A local stand-in of Robokassa for tests and e2e, following its published protocol: the payment
// page Merchant/Index.aspx (checks the Password#1 signature), the Result notification to the
// shop signed with Password#2 (retried until the shop answers OK{InvId}), the player's return to
// Success (signed with Password#1) or Fail, and the XML interface OpStateExt. Web-standard only.
import { Hono } from "hono";
import { robokassaHash, signatureBase } from "../robokassa.ts";
import { testSheet } from "./sheet.ts";

export interface RobokassaStandinOptions {
  login: string;
  password1: string;
  password2: string;
  hash?: string;
  /** The shop's technical settings: Result, Success and Fail URLs. */
  resultUrl?: string;
  successUrl: string;
  failUrl: string;
}

interface Invoice {
  invId: string;
  outSum: string;
  description: string;
  shp: Record<string, string>;
  /** OpStateExt state codes: 5 created, 10 cancelled, 100 paid, 60 refunded. */
  state: number;
  /** The fiscal receipt the shop sent, parsed. */
  receipt?: unknown;
}

export function robokassaStandin(o: RobokassaStandinOptions) {
  const hash = o.hash ?? "md5";
  const invoices = new Map<string, Invoice>();
  const state = { down: false };
  const app = new Hono();

  app.use("*", async (c, next) => {
    if (state.down) return c.text("Service Unavailable", 503);
    await next();
  });

  app.get("/Merchant/Index.aspx", async (c) => {
    const q = c.req.query();
    const shp = Object.fromEntries(Object.entries(q).filter(([k]) => /^shp_/i.test(k)));
    // With a fiscal receipt the signed base is MerchantLogin:OutSum:InvId:Receipt:Password#1, the
    // Receipt as the URL-encoded JSON (the query carries it encoded once more).
    const base =
      q.Receipt !== undefined
        ? [q.MerchantLogin ?? "", q.OutSum ?? "", q.InvId ?? "", q.Receipt, o.password1]
        : [q.MerchantLogin ?? "", q.OutSum ?? "", q.InvId ?? "", o.password1];
    const expected = await robokassaHash(hash, signatureBase(base, shp));
    if (q.MerchantLogin !== o.login || expected !== (q.SignatureValue ?? "").toLowerCase())
      return c.text("Error 29: wrong SignatureValue", 400);
    let receipt: { items?: { sum?: number; quantity?: number }[] } | null = null;
    if (q.Receipt !== undefined) {
      try {
        receipt = JSON.parse(decodeURIComponent(q.Receipt));
      } catch {
        return c.text("Error 33: Receipt is not valid JSON", 400);
      }
      const total = (receipt?.items ?? []).reduce((a, i) => a + (i.sum ?? 0), 0);
      if (Math.round(total * 100) !== Math.round(Number(q.OutSum) * 100))
        return c.text("Error 34: the receipt's sum differs from OutSum", 400);
    }
    // Only roubles are sent as OutSum; another currency is named in OutSumCurrency (USD, EUR, KZT).
    if (q.OutSumCurrency !== undefined && !["USD", "EUR", "KZT"].includes(q.OutSumCurrency))
      return c.text("Error 35: OutSumCurrency is not supported", 400);
    const inv: Invoice = invoices.get(q.InvId) ?? {
      invId: q.InvId,
      outSum: q.OutSum,
      description: q.Description ?? "",
      shp,
      state: 5,
      receipt,
    };
    invoices.set(q.InvId, inv);
    return testSheet(
      "Robokassa test payment",
      `<h1>Robokassa (test)</h1>
<p id="amount">${inv.outSum} RUB</p><p>${inv.description.replace(/[<>&"]/g, "")}</p>
<form method="post" action="pay/${inv.invId}"><button type="submit" id="pay">Pay</button></form>
<form method="post" action="cancel/${inv.invId}"><button type="submit" id="cancel">Cancel</button></form>`,
    );
  });

  app.post("/Merchant/pay/:inv", async (c) => {
    const inv = invoices.get(c.req.param("inv"));
    if (!inv) return c.text("No such invoice", 404);
    inv.state = 100;
    if (o.resultUrl) {
      const body = await standin.result(inv.invId);
      for (let attempt = 0; attempt < 3; attempt++) {
        const ok = await fetch(o.resultUrl, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body,
        })
          .then(async (r) => (await r.text()) === `OK${inv.invId}`)
          .catch(() => false);
        if (ok) break;
      }
    }
    return c.redirect(`${o.successUrl}?${await standin.success(inv.invId)}`);
  });

  app.post("/Merchant/cancel/:inv", (c) => {
    const inv = invoices.get(c.req.param("inv"));
    if (!inv) return c.text("No such invoice", 404);
    inv.state = 10;
    return c.redirect(`${o.failUrl}?${new URLSearchParams({ OutSum: inv.outSum, InvId: inv.invId, Culture: "ru" })}`);
  });

  app.get("/Merchant/WebService/Service.asmx/OpStateExt", async (c) => {
    const { MerchantLogin, InvoiceID, Signature } = c.req.query();
    const wrap = (inner: string) =>
      c.body(
        `<?xml version="1.0" encoding="utf-8"?>\n<OperationStateResponse xmlns="http://merchant.roboxchange.com/WebService/">${inner}</OperationStateResponse>`,
        200,
        { "content-type": "text/xml; charset=utf-8" },
      );
    const expected = await robokassaHash(hash, `${MerchantLogin}:${InvoiceID}:${o.password2}`);
    if (MerchantLogin !== o.login || expected !== (Signature ?? "").toLowerCase())
      return wrap("<Result><Code>1</Code><Description>Invalid signature</Description></Result>");
    const inv = invoices.get(InvoiceID ?? "");
    if (!inv) return wrap("<Result><Code>3</Code><Description>Invoice not found</Description></Result>");
    const sum = `${inv.outSum.split(".")[0]}.${(inv.outSum.split(".")[1] ?? "").padEnd(6, "0")}`;
    return wrap(
      `<Result><Code>0</Code></Result><State><Code>${inv.state}</Code><RequestDate>2026-01-01T00:00:00+03:00</RequestDate><StateDate>2026-01-01T00:00:00+03:00</StateDate></State><Info><IncCurrLabel>BankCard</IncCurrLabel><IncSum>${sum}</IncSum><IncAccount>4111****1111</IncAccount><PaymentMethod><Code>BankCard</Code><Description>Bank card</Description></PaymentMethod><OutCurrLabel>BankCard</OutCurrLabel><OutSum>${sum}</OutSum><OpKey>opkey-${inv.invId}</OpKey></Info>`,
    );
  });

  const standin = {
    app,
    state,
    invoices,
    /** Opens an invoice the way the payment page does (for tests that skip the browser). */
    open(invId: string, outSum: string, shp: Record<string, string> = {}) {
      invoices.set(invId, { invId, outSum, description: "", shp, state: 5 });
    },
    pay(invId: string) {
      invoices.get(invId)!.state = 100;
    },
    /** The Result notification's form body (Robokassa pads OutSum to six decimals). */
    async result(invId: string, over: Partial<{ OutSum: string; SignatureValue: string }> = {}) {
      const inv = invoices.get(invId)!;
      const outSum = over.OutSum ?? `${inv.outSum.split(".")[0]}.${(inv.outSum.split(".")[1] ?? "").padEnd(6, "0")}`;
      const sig =
        over.SignatureValue ??
        (await robokassaHash(hash, signatureBase([outSum, invId, o.password2], inv.shp))).toUpperCase();
      return new URLSearchParams({
        OutSum: outSum,
        InvId: invId,
        SignatureValue: sig,
        ...inv.shp,
        EMail: "",
        Fee: "0.0",
        PaymentMethod: "BankCard",
        IncCurrLabel: "BankCard",
      });
    },
    async success(invId: string) {
      const inv = invoices.get(invId)!;
      const sig = await robokassaHash(hash, signatureBase([inv.outSum, invId, o.password1], inv.shp));
      return new URLSearchParams({ OutSum: inv.outSum, InvId: invId, SignatureValue: sig, Culture: "ru", ...inv.shp });
    },
  };
  return standin;
}
