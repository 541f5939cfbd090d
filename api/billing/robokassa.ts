// Robokassa (docs.robokassa.ru): the player is sent to Merchant/Index.aspx with
// SignatureValue = hash(MerchantLogin:OutSum:InvId:Password#1[:Shp_k=v…]); Robokassa calls the
// Result URL with SignatureValue = hash(OutSum:InvId:Password#2[:Shp_k=v…]) and expects
// "OK{InvId}"; the player returns to Success (signed with Password#1) or Fail (unsigned).
// The order's state is asked through the XML interface OpStateExt, signed
// hash(MerchantLogin:InvoiceID:Password#2). Shp_ parameters are signed sorted by name.
// Settings: ROBOKASSA_LOGIN, ROBOKASSA_PASSWORD1, ROBOKASSA_PASSWORD2, ROBOKASSA_BASE
// (default https://auth.robokassa.ru), ROBOKASSA_HASH (md5 default; sha1, sha256, sha384,
// sha512 as set in the shop's technical settings), ROBOKASSA_TEST=1 for test payments,
// ROBOKASSA_RECEIPT_TAX (and optionally ROBOKASSA_RECEIPT_SNO) for a shop that sends the fiscal
// receipt (54-FZ): the Receipt JSON is URL-encoded, signed as
// MerchantLogin:OutSum:InvId:Receipt:Password#1 and sent URL-encoded once more.
// OutSum is always roubles here: an order priced in another currency is refused at start.
import { z } from "zod";
import type { Context, Hono } from "hono";
import type { Deps } from "../deps.ts";
import type { HonoEnv } from "../http/env.ts";
import * as calls from "../contracts/billing.ts";
import { route, page } from "../http/router.ts";
import { readFields } from "../http/validate.ts";
import { AppError, notFound } from "../domain/errors.ts";
import { findOrder, amountMismatch, type Order } from "../domain/billing/orders.ts";
import { settlePaid } from "../domain/billing/provider-orders.ts";
import { ProviderDown, providerFetch, secret, type Provider, type ProviderState } from "./providers.ts";
import { applyState, orderView } from "./apply.ts";
import { decimalToMinor, minorToDecimal } from "./money.ts";
import { md5 as md5Bytes } from "@noble/hashes/legacy.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import type { Market } from "../domain/billing/catalog.ts";
import { isTestMode } from "./test-mode-flag.ts";

const NAME = "robokassa";
const DEFAULT_BASE = "https://auth.robokassa.ru";
const HASHES: Record<string, string> = { sha1: "SHA-1", sha256: "SHA-256", sha384: "SHA-384", sha512: "SHA-512" };

interface Config {
  login: string;
  password1: string;
  password2: string;
  base: string;
  hash: string;
  test: boolean;
  receipt: { tax: string; sno?: string } | null;
}

function config(deps: Deps): Config {
  const s = deps.settings.secrets;
  const hash = (s.ROBOKASSA_HASH ?? "md5").toLowerCase();
  if (hash !== "md5" && !HASHES[hash]) throw new AppError("unavailable", "billing.error.not_configured", [NAME], 503);
  return {
    login: secret(deps, NAME, "ROBOKASSA_LOGIN"),
    password1: secret(deps, NAME, "ROBOKASSA_PASSWORD1"),
    password2: secret(deps, NAME, "ROBOKASSA_PASSWORD2"),
    base: (s.ROBOKASSA_BASE ?? DEFAULT_BASE).replace(/\/$/, ""),
    hash,
    test: s.ROBOKASSA_TEST === "1",
    receipt: s.ROBOKASSA_RECEIPT_TAX
      ? { tax: s.ROBOKASSA_RECEIPT_TAX, ...(s.ROBOKASSA_RECEIPT_SNO ? { sno: s.ROBOKASSA_RECEIPT_SNO } : {}) }
      : null,
  };
}

export async function robokassaHash(algorithm: string, text: string): Promise<string> {
  if (algorithm === "md5") return bytesToHex(md5Bytes(new TextEncoder().encode(text)));
  const digest = await crypto.subtle.digest(HASHES[algorithm], new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The signed string: base parts, then the Shp_ parameters sorted by name as key=value. */
export function signatureBase(parts: string[], shp: Record<string, string>): string {
  const extra = Object.keys(shp)
    .sort()
    .map((k) => `${k}=${shp[k]}`);
  return [...parts, ...extra].join(":");
}

/** Constant-time comparison of two hex signatures, case-insensitive. */
function sameHex(a: string, b: string): boolean {
  const x = a.toLowerCase(),
    y = b.toLowerCase();
  if (x.length !== y.length) return false;
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x.charCodeAt(i) ^ y.charCodeAt(i);
  return diff === 0;
}

const notification = z.object({
  OutSum: z.string().min(1).max(32),
  InvId: z.string().regex(/^[0-9]{1,15}$/),
  SignatureValue: z.string().regex(/^[0-9a-fA-F]{32,128}$/),
});

async function readNotification(c: Context<HonoEnv>, password: "password1" | "password2") {
  const cfg = config(c.var.deps);
  const fields = await readFields(c);
  const parsed = notification.safeParse(fields);
  if (!parsed.success) throw new AppError("malformed");
  const shp: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) if (/^shp_/i.test(k)) shp[k] = String(v);
  const { OutSum, InvId, SignatureValue } = parsed.data;
  const expected = await robokassaHash(cfg.hash, signatureBase([OutSum, InvId, cfg[password]], shp));
  if (!sameHex(expected, SignatureValue)) throw new AppError("signature", "billing.error.signature", [], 400);
  const amountMinor = decimalToMinor(OutSum);
  if (amountMinor === null) throw new AppError("malformed");
  return { orderId: Number(InvId), amountMinor, shp, outSum: OutSum };
}

const wrongCurrency = (currency: string) =>
  new AppError("validation", "billing.error.currency", [NAME, currency], 400, {
    currency: { id: "validation.pattern" },
  });

function tag(xml: string, path: string[]): string | undefined {
  let scope = xml;
  for (const name of path) {
    const m = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(scope);
    if (!m) return undefined;
    scope = m[1];
  }
  return scope.trim();
}

export const robokassaProvider: Provider = {
  name: NAME,
  market: "web" as Market,
  currencyFor: () => "RUB",
  // OutSum is in roubles (docs.robokassa.ru, OutSum): any other currency would be read as RUB.
  currencies: ["RUB"],
  ready: (deps) => void config(deps),
  async start(c, order) {
    const cfg = config(c.var.deps);
    const outSum = minorToDecimal(order.amountMinor);
    if (order.currency !== "RUB") throw wrongCurrency(order.currency);
    const shp = { Shp_player: String(order.playerId) };
    // The fiscal receipt: one line, the whole sum, a service paid in full.
    const receipt = cfg.receipt
      ? encodeURIComponent(
          JSON.stringify({
            ...(cfg.receipt.sno ? { sno: cfg.receipt.sno } : {}),
            items: [
              {
                name: order.itemId.slice(0, 128),
                quantity: 1,
                sum: Number(outSum),
                payment_method: "full_payment",
                payment_object: "service",
                tax: cfg.receipt.tax,
              },
            ],
          }),
        )
      : null;
    const base = receipt
      ? [cfg.login, outSum, String(order.id), receipt, cfg.password1]
      : [cfg.login, outSum, String(order.id), cfg.password1];
    const signature = await robokassaHash(cfg.hash, signatureBase(base, shp));
    const q = new URLSearchParams({
      MerchantLogin: cfg.login,
      OutSum: outSum,
      InvId: String(order.id),
      Description: order.itemId,
      SignatureValue: signature,
      Culture: c.var.locale,
      Encoding: "utf-8",
      ...(receipt ? { Receipt: receipt } : {}),
      ...shp,
      ...(cfg.test ? { IsTest: "1" } : {}),
    });
    return { url: `${cfg.base}/Merchant/Index.aspx?${q}`, ref: String(order.id) };
  },
  async check(deps, order) {
    const cfg = config(deps);
    const signature = await robokassaHash(cfg.hash, `${cfg.login}:${order.id}:${cfg.password2}`);
    const q = new URLSearchParams({ MerchantLogin: cfg.login, InvoiceID: String(order.id), Signature: signature });
    const res = await providerFetch(NAME, `${cfg.base}/Merchant/WebService/Service.asmx/OpStateExt?${q}`);
    const xml = await res.text();
    const result = tag(xml, ["Result", "Code"]);
    if (result === undefined) throw new ProviderDown(NAME, "unreadable answer");
    // 3: no such invoice yet (the player has not reached the payment page).
    if (result === "3") return { status: "pending", raw: { result } };
    if (result !== "0") throw new ProviderDown(NAME, `Result ${result}`);
    const state = tag(xml, ["State", "Code"]);
    const outSum = tag(xml, ["Info", "OutSum"]) ?? "";
    const raw = { state, outSum, opKey: tag(xml, ["Info", "OpKey"]) };
    const map: Record<string, ProviderState["status"]> = {
      "5": "pending",
      "10": "cancelled",
      "50": "pending",
      "60": "refunded",
      "80": "pending",
      "100": "paid",
    };
    const status = map[state ?? ""] ?? "pending";
    if (status !== "paid") return { status, raw };
    return { status, txId: String(order.id), amountMinor: decimalToMinor(outSum) ?? -1, currency: "RUB", raw };
  },
};

export function registerRobokassa(app: Hono<HonoEnv>) {
  // Result URL: Robokassa's server-to-server notification. Answers OK{InvId} once credited,
  // and again for every replay, so Robokassa stops retrying.
  route(app, calls.robokassaResult, async (c) => {
    const n = await readNotification(c, "password2");
    const order = await findOrder(c.var.deps.db, n.orderId);
    if (!order || order.provider !== NAME) throw notFound();
    if (order.amountMinor !== n.amountMinor) throw amountMismatch();
    await settlePaid(c.var.deps.db, {
      provider: NAME,
      orderId: order.id,
      providerTxId: String(order.id),
      amountMinor: n.amountMinor,
      currency: "RUB",
      source: "callback",
      at: c.var.deps.clock.now(),
      detail: { outSum: n.outSum },
    });
    return c.text(`OK${order.id}`);
  });

  // The player's browser comes back. The page shows the order; its data asks Robokassa so the
  // gold is there even if the Result notification is late (the same order is credited once).
  page(app, calls.robokassaSuccess, async (c) => {
    if (c.req.method === "POST" && (c.req.header("accept") ?? "").includes("text/html")) return redirectToGet(c);
    const n = await readNotification(c, "password1");
    return returnView(c, n.orderId, n.amountMinor);
  });

  // Fail is unsigned: it changes an order only when Robokassa itself says the invoice was cancelled.
  page(app, calls.robokassaFail, async (c) => {
    if (c.req.method === "POST" && (c.req.header("accept") ?? "").includes("text/html")) return redirectToGet(c);
    const parsed = z.object({ InvId: z.string().regex(/^[0-9]{1,15}$/) }).safeParse(await readFields(c));
    if (!parsed.success) throw new AppError("malformed");
    return returnView(c, Number(parsed.data.InvId));
  });
}

/** A shop may set Success/Fail to POST: the browser is sent on to the same page by GET. */
async function redirectToGet(c: Context<HonoEnv>) {
  const fields = await readFields(c);
  const q = new URLSearchParams(Object.entries(fields).filter(([, v]) => typeof v === "string") as [string, string][]);
  return c.redirect(`${c.req.path}?${q}`, 303);
}

async function returnView(c: Context<HonoEnv>, orderId: number, amountMinor?: number) {
  const { deps } = c.var;
  let order: Order | null = await findOrder(deps.db, orderId);
  if (!order || order.provider !== NAME) throw notFound();
  if (amountMinor !== undefined && order.amountMinor !== amountMinor) throw amountMismatch();
  let providerDown = false;
  if (order.status === "created" || order.status === "pending") {
    try {
      order = await applyState(deps.db, order, await robokassaProvider.check(deps, order), "return", deps.clock.now());
    } catch (e) {
      if (!(e instanceof ProviderDown)) throw e;
      providerDown = true;
    }
  }
  // The signed-in owner sees the whole order; anyone else only its state.
  const mine = c.var.player?.playerId === order.playerId;
  const v = orderView(order);
  return {
    order: mine
      ? v
      : {
          id: v.id,
          status: v.status,
          itemId: v.itemId,
          amountMinor: v.amountMinor,
          currency: v.currency,
          grants: v.grants,
        },
    providerDown,
    testMode: isTestMode(deps),
  };
}
