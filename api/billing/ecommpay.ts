// Ecommpay (developers.ecommpay.com): the player pays on the Payment Page, opened with signed
// parameters; Ecommpay posts a signed JSON callback to /billing/ecommpay/purchase; the Gate API
// answers a payment's status (POST /v2/payment/status, the whole body signed). Signatures: see
// ecommpaySignatureBase. The payment id is our order id, unique in the project, and is
// the provider transaction id.
// Settings: ECOMMPAY_PROJECT_ID, ECOMMPAY_SECRET, ECOMMPAY_PAYMENT_PAGE_BASE
// (default https://paymentpage.ecommpay.com), ECOMMPAY_API_BASE (default https://api.ecommpay.com).
import { z } from "zod";
import type { Hono } from "hono";
import type { Deps } from "../deps.ts";
import type { HonoEnv } from "../http/env.ts";
import * as calls from "../contracts/billing.ts";
import { route } from "../http/router.ts";
import { AppError, notFound } from "../domain/errors.ts";
import { findOrder, amountMismatch, type Order } from "../domain/billing/orders.ts";
import { settlePaid, reportMovements, settleUnpaid, wholeRefund } from "../domain/billing/provider-orders.ts";
import type { Movement } from "../domain/billing/movements.ts";
import { ProviderDown, providerFetch, secret, type Provider, type ProviderState } from "./providers.ts";
import type { Market } from "../domain/billing/catalog.ts";

const NAME = "ecommpay";
const EUR_COUNTRIES = new Set(["DE", "FR", "IT", "ES", "NL", "BE", "AT", "FI", "IE", "PT", "GR", "PL"]);

function config(deps: Deps) {
  const s = deps.settings.secrets;
  return {
    projectId: secret(deps, NAME, "ECOMMPAY_PROJECT_ID"),
    secretKey: secret(deps, NAME, "ECOMMPAY_SECRET"),
    pageBase: (s.ECOMMPAY_PAYMENT_PAGE_BASE ?? "https://paymentpage.ecommpay.com").replace(/\/$/, ""),
    apiBase: (s.ECOMMPAY_API_BASE ?? "https://api.ecommpay.com").replace(/\/$/, ""),
  };
}

// The signature as Ecommpay's SDKs make it (paymentpage-sdk-php SignatureHandler): every
// parameter flattened to "path:value" with the keys lower-cased and joined by ":" (an empty
// object or array adds nothing, null is "", booleans 1/0), at most three levels deep (a deeper
// value stands as its path followed by ":"), sorted by the flattened key in PHP's natural
// order (strnatcmp: runs of digits by value, everything else byte by byte, so ":" sorts before
// "_"), joined with ";", HMAC-SHA512 with the project's secret key, base64. Any key named
// `signature` is left out, wherever it sits (a callback carries it at the top, a Gate request in
// `general`).
const MAX_DEPTH = 3;

function flatten(
  params: Record<string, unknown> | unknown[],
  prefix: string,
  depth: number,
  out: [string, string][],
  cut: { n: number },
) {
  const head = prefix ? `${prefix}:` : "";
  if (depth >= MAX_DEPTH) {
    // PHP returns [$prefix]: an entry under a numeric key, renumbered by array_merge.
    out.push([String(cut.n++), head]);
    return;
  }
  const entries = Array.isArray(params) ? params.map((v, i) => [String(i), v] as const) : Object.entries(params);
  for (const [k, v] of entries) {
    if (k.toLowerCase() === "signature") continue;
    const key = head + k.toLowerCase();
    if (v !== null && typeof v === "object") flatten(v as Record<string, unknown>, key, depth + 1, out, cut);
    else
      out.push([
        key,
        `${key}:${typeof v === "boolean" ? (v ? "1" : "0") : v === null || v === undefined ? "" : String(v)}`,
      ]);
  }
}

/** PHP's strnatcmp: runs of digits compare by value, other characters by code. */
export function naturalCompare(a: string, b: string): number {
  const digit = (ch: number) => ch >= 48 && ch <= 57;
  let i = 0,
    j = 0;
  while (i < a.length && j < b.length) {
    const ca = a.charCodeAt(i),
      cb = b.charCodeAt(j);
    if (digit(ca) && digit(cb)) {
      let ei = i,
        ej = j;
      while (ei < a.length && digit(a.charCodeAt(ei))) ei++;
      while (ej < b.length && digit(b.charCodeAt(ej))) ej++;
      const x = a.slice(i, ei).replace(/^0+(?=\d)/, ""),
        y = b.slice(j, ej).replace(/^0+(?=\d)/, "");
      if (x.length !== y.length) return x.length - y.length;
      if (x !== y) return x < y ? -1 : 1;
      i = ei;
      j = ej;
      continue;
    }
    if (ca !== cb) return ca - cb;
    i++;
    j++;
  }
  return a.length - i - (b.length - j);
}

/** The string Ecommpay signs for these parameters. */
export function ecommpaySignatureBase(params: Record<string, unknown>): string {
  const out: [string, string][] = [];
  flatten(params, "", 0, out, { n: 0 });
  return out
    .sort((a, b) => naturalCompare(a[0], b[0]))
    .map(([, v]) => v)
    .join(";");
}

/**
 * The same parameters as Ecommpay's npm SDK (`ecommpay`, src/converter.js) signs them: every
 * level's keys sorted by code unit, kept as written (not lower-cased), at any depth, each value
 * "path:value" (null empty, booleans 1/0, an empty object adds nothing), joined with ";".
 */
export function ecommpaySignatureBaseNpm(params: Record<string, unknown>): string {
  const parts: string[] = [];
  const walk = (node: Record<string, unknown> | unknown[], prefix: string) => {
    const entries = Array.isArray(node) ? node.map((v, i) => [String(i), v] as const) : Object.entries(node);
    for (const [k, v] of [...entries].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) {
      if (k === "signature") continue;
      const key = prefix ? `${prefix}:${k}` : k;
      if (v !== null && typeof v === "object") walk(v as Record<string, unknown>, key);
      else
        parts.push(
          `${key}:${typeof v === "boolean" ? (v ? "1" : "0") : v === null || v === undefined ? "" : String(v)}`,
        );
    }
  };
  walk(params, "");
  return parts.join(";");
}

async function hmacBase64(text: string, secretKey: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secretKey),
    { name: "HMAC", hash: "SHA-512" },
    false,
    ["sign"],
  );
  const sig = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...sig));
}

export const ecommpaySign = (params: Record<string, unknown>, secretKey: string) =>
  hmacBase64(ecommpaySignatureBase(params), secretKey);

const sameText = (x: string, y: string) => {
  if (x.length !== y.length) return false;
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x.charCodeAt(i) ^ y.charCodeAt(i);
  return diff === 0;
};

/**
 * A callback's signature, as either of Ecommpay's SDKs makes it: the PHP SDK's string (what we
 * sign with) or the npm SDK's. On the gateway's documented callbacks (snake_case keys, at most
 * three levels, no arrays) both give the same string; they differ only past that, and both are
 * an HMAC with our secret, so accepting either believes nothing anyone without the key could make.
 */
async function verify(params: Record<string, unknown>, secretKey: string): Promise<boolean> {
  const sent = params.signature;
  if (typeof sent !== "string") return false;
  const php = ecommpaySignatureBase(params);
  if (sameText(sent, await hmacBase64(php, secretKey))) return true;
  const npm = ecommpaySignatureBaseNpm(params);
  return npm !== php && sameText(sent, await hmacBase64(npm, secretKey));
}

const sum = z.object({ amount: z.number().int(), currency: z.string().regex(/^[A-Z]{3}$/) });
const projectId = z.union([z.number().int(), z.string().regex(/^\d+$/)]);
// The project id comes at the top of a payment callback, or in `general` (the other documented shape).
const callbackSchema = z.object({
  project_id: projectId.optional(),
  general: z.object({ project_id: projectId }).optional(),
  payment: z.object({ id: z.string().regex(/^[0-9]{1,15}$/), status: z.string().min(1), sum: sum.optional() }),
  operation: z
    .object({
      id: z.union([z.number(), z.string()]).optional(),
      type: z.string().optional(),
      status: z.string().optional(),
      sum_initial: sum.optional(),
    })
    .optional(),
  signature: z.string().min(1),
});

// Final without money: declined, expired, the gate's errors, and a hold that was cancelled.
const FAILED = new Set(["decline", "expired", "internal error", "external error", "error"]);

function statusOf(payment: { status: string }, operation?: { type?: string }): ProviderState["status"] | "chargeback" {
  if (operation?.type === "chargeback") return "chargeback";
  if (payment.status === "success") return "paid";
  if (payment.status === "refunded" || payment.status === "reversed") return "refunded";
  if (FAILED.has(payment.status)) return "failed";
  if (payment.status === "canceled" || payment.status === "cancelled") return "cancelled";
  return "pending";
}

const MONEY_BACK = new Set(["refund", "reversal", "chargeback"]);

/**
 * What a callback says about the payment's money after it was paid, keyed by Ecommpay's operation
 * id (a replay is one movement): a successful refund of its sum (partial ones too), a reversal, a
 * chargeback; and the payment's own status when it says the whole amount went back.
 */
function moneyMovements(
  order: Order,
  payment: z.output<typeof callbackSchema>["payment"],
  operation: z.output<typeof callbackSchema>["operation"],
): Movement[] {
  const type = operation?.type ?? "";
  if (!MONEY_BACK.has(type) || (operation?.status !== undefined && operation.status !== "success")) return [];
  const op = String(operation?.id ?? payment.status);
  const amount = operation?.sum_initial?.amount ?? order.amountMinor;
  if (type === "chargeback") return [{ kind: "chargeback", key: `chargeback:${op}`, subject: op, amountMinor: amount }];
  const out: Movement[] = [{ kind: "refund", key: `refund:${op}`, subject: op, amountMinor: amount }];
  if (payment.status === "refunded" || payment.status === "reversed") out.push(wholeRefund(order));
  return out;
}

export const ecommpayProvider: Provider = {
  name: NAME,
  market: "web" as Market,
  currencyFor: (country) => (["RU", "KZ", "BY"].includes(country) ? "RUB" : EUR_COUNTRIES.has(country) ? "EUR" : "USD"),
  ready: (deps) => void config(deps),
  async start(c, order) {
    const cfg = config(c.var.deps);
    const params: Record<string, string | number> = {
      project_id: Number(cfg.projectId),
      payment_id: String(order.id),
      payment_amount: order.amountMinor,
      payment_currency: order.currency,
      customer_id: String(order.playerId),
      language_code: c.var.locale,
      payment_description: order.itemId,
      // Where the Payment Page sends the customer afterwards: our order page, which asks the Gate.
      merchant_success_url: `${c.var.deps.settings.publicUrl}/billing/order/return?order=${order.id}`,
      merchant_fail_url: `${c.var.deps.settings.publicUrl}/billing/order/return?order=${order.id}`,
    };
    const signature = await ecommpaySign(params, cfg.secretKey);
    const q = new URLSearchParams(Object.entries({ ...params, signature }).map(([k, v]) => [k, String(v)]));
    return { url: `${cfg.pageBase}/payment?${q}`, ref: String(order.id) };
  },
  async check(deps, order) {
    const cfg = config(deps);
    // The Gate signs the whole request body; the signature then goes into `general`.
    const body: { general: Record<string, unknown> } = {
      general: { project_id: Number(cfg.projectId), payment_id: String(order.id) },
    };
    body.general.signature = await ecommpaySign(body, cfg.secretKey);
    const res = await providerFetch(NAME, `${cfg.apiBase}/v2/payment/status`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = (await res.json().catch(() => null)) as {
      payment?: { id?: string; status?: string; sum?: { amount?: number; currency?: string } };
      message?: string;
    } | null;
    // Not found: the player has not reached the Payment Page yet.
    if (res.status === 404) return { status: "pending", raw: answer };
    // Any other refusal (a wrong signature, a wrong project) is our fault, never "pending".
    if (!res.ok || answer?.payment?.status === undefined)
      throw new ProviderDown(NAME, `status: HTTP ${res.status} ${answer?.message ?? ""}`.trim());
    const s = statusOf({ status: answer.payment.status });
    const status = s === "chargeback" ? "refunded" : s;
    if (status !== "paid") return { status, raw: answer.payment };
    return {
      status,
      txId: String(order.id),
      amountMinor: answer.payment.sum?.amount ?? -1,
      currency: answer.payment.sum?.currency ?? "",
      raw: answer.payment,
    };
  },
};

export function registerEcommpay(app: Hono<HonoEnv>) {
  route(app, calls.ecommpayCallback, async (c) => {
    const deps = c.var.deps;
    const cfg = config(deps);
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      throw new AppError("malformed");
    }
    if (body === null || typeof body !== "object" || Array.isArray(body)) throw new AppError("malformed");
    if (!(await verify(body as Record<string, unknown>, cfg.secretKey)))
      throw new AppError("signature", "billing.error.signature", [], 400);
    const parsed = callbackSchema.safeParse(body);
    if (!parsed.success || String(parsed.data.project_id ?? parsed.data.general?.project_id) !== cfg.projectId)
      throw new AppError("malformed");
    const { payment, operation } = parsed.data;
    const order = await findOrder(deps.db, Number(payment.id));
    if (!order || order.provider !== NAME) throw notFound();
    const at = deps.clock.now();
    const status = statusOf(payment, operation);
    const detail = { operation: operation?.id, type: operation?.type, status: payment.status };
    const moved = moneyMovements(order, payment, operation);
    if (moved.length) {
      // A refund or chargeback (before the payment's own callback too: kept and applied when it comes).
      await reportMovements(
        deps.db,
        { provider: NAME, orderId: order.id, source: "callback", at },
        moved.map((m) => ({ ...m, detail })),
      );
    } else if (status === "paid") {
      const paid = payment.sum ?? operation?.sum_initial;
      if (!paid) throw amountMismatch();
      await settlePaid(deps.db, {
        provider: NAME,
        orderId: order.id,
        providerTxId: payment.id,
        amountMinor: paid.amount,
        currency: paid.currency,
        source: "callback",
        at,
        detail,
      });
    } else if (status === "failed" || status === "cancelled") {
      if (order.status === "created" || order.status === "pending")
        await settleUnpaid(deps.db, { provider: NAME, orderId: order.id, to: status, source: "callback", at, detail });
    }
    return { status: "ok" as const };
  });
}
