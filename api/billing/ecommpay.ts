// Ecommpay (developers.ecommpay.com): the player pays on the Payment Page, opened with signed
// parameters; Ecommpay posts a signed JSON callback to /billing/ecommpay/purchase; the Gate API
// answers a payment's status (POST /v2/payment/status). Signatures: every parameter except
// `signature`, flattened to "path:value" (nested keys joined by ":", booleans 1/0, an empty
// object as "path:"), sorted by key in natural order, joined with ";", HMAC-SHA512 with the
// project's secret key, base64. The payment id is our order id, unique in the project, and is
// the provider transaction id.
// Settings: ECOMMPAY_PROJECT_ID, ECOMMPAY_SECRET, ECOMMPAY_PAYMENT_PAGE_BASE
// (default https://paymentpage.ecommpay.com), ECOMMPAY_API_BASE (default https://api.ecommpay.com).
import { z } from "zod";
import type { Hono } from "hono";
import type { Deps } from "../deps.ts";
import type { HonoEnv } from "../http/env.ts";
import { route } from "../http/router.ts";
import { AppError, notFound } from "../http/errors.ts";
import { findOrder, settlePaid, reverse, settleUnpaid, amountMismatch } from "./orders.ts";
import { ProviderDown, providerFetch, secret, type Provider, type ProviderState } from "./providers.ts";
import type { Market } from "./catalog.ts";

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

function flatten(value: unknown, path: string, out: Map<string, string>) {
  if (value !== null && typeof value === "object") {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    if (entries.length === 0) out.set(path, `${path}:`);
    for (const [k, v] of entries) flatten(v, path ? `${path}:${k}` : k, out);
    return;
  }
  const text = typeof value === "boolean" ? (value ? "1" : "0") : value === null || value === undefined ? "" : String(value);
  out.set(path, `${path}:${text}`);
}

const natural = (a: string, b: string) => a.localeCompare(b, "en", { numeric: true, sensitivity: "variant" });

/** The string Ecommpay signs for these parameters. */
export function ecommpaySignatureBase(params: Record<string, unknown>): string {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(params)) if (k !== "signature") flatten(v, k, out);
  return [...out.keys()].sort(natural).map((k) => out.get(k)!).join(";");
}

export async function ecommpaySign(params: Record<string, unknown>, secretKey: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secretKey), { name: "HMAC", hash: "SHA-512" }, false, ["sign"]);
  const sig = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(ecommpaySignatureBase(params))));
  return btoa(String.fromCharCode(...sig));
}

async function verify(params: Record<string, unknown>, secretKey: string): Promise<boolean> {
  const sent = params.signature;
  if (typeof sent !== "string") return false;
  const expected = await ecommpaySign(params, secretKey);
  if (expected.length !== sent.length) return false;
  let diff = 0;
  for (let i = 0; i < sent.length; i++) diff |= sent.charCodeAt(i) ^ expected.charCodeAt(i);
  return diff === 0;
}

const sum = z.object({ amount: z.number().int(), currency: z.string().regex(/^[A-Z]{3}$/) });
const callbackSchema = z.object({
  project_id: z.union([z.number().int(), z.string().regex(/^\d+$/)]),
  payment: z.object({ id: z.string().regex(/^[0-9]{1,15}$/), status: z.string().min(1), sum: sum.optional() }),
  operation: z.object({ id: z.union([z.number(), z.string()]).optional(), type: z.string().optional(), status: z.string().optional(), sum_initial: sum.optional() }).optional(),
  signature: z.string().min(1),
});

const FAILED = new Set(["decline", "expired", "internal error", "external error"]);

function statusOf(payment: { status: string }, operation?: { type?: string }): ProviderState["status"] | "chargeback" {
  if (operation?.type === "chargeback") return "chargeback";
  if (payment.status === "success") return "paid";
  if (payment.status === "refunded" || payment.status === "reversed") return "refunded";
  if (FAILED.has(payment.status)) return "failed";
  return "pending";
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
    };
    const signature = await ecommpaySign(params, cfg.secretKey);
    const q = new URLSearchParams(Object.entries({ ...params, signature }).map(([k, v]) => [k, String(v)]));
    return { url: `${cfg.pageBase}/payment?${q}`, ref: String(order.id) };
  },
  async check(deps, order) {
    const cfg = config(deps);
    const general: Record<string, unknown> = { project_id: Number(cfg.projectId), payment_id: String(order.id) };
    general.signature = await ecommpaySign(general, cfg.secretKey);
    const res = await providerFetch(NAME, `${cfg.apiBase}/v2/payment/status`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ general }) });
    const body = (await res.json().catch(() => null)) as { payment?: { id?: string; status?: string; sum?: { amount?: number; currency?: string } } } | null;
    if (res.status === 404 || body?.payment?.status === undefined) {
      if (res.status === 404 || res.status === 400) return { status: "pending", raw: body };
      throw new ProviderDown(NAME, "unreadable answer");
    }
    const s = statusOf({ status: body.payment.status });
    const status = s === "chargeback" ? "refunded" : s;
    if (status !== "paid") return { status, raw: body.payment };
    return { status, txId: String(order.id), amountMinor: body.payment.sum?.amount ?? -1, currency: body.payment.sum?.currency ?? "", raw: body.payment };
  },
};

export function registerEcommpay(app: Hono<HonoEnv>) {
  route(app, { method: "ANY", path: "/billing/ecommpay/purchase", auth: "provider" }, async (c) => {
    const deps = c.var.deps;
    const cfg = config(deps);
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      throw new AppError("malformed");
    }
    if (body === null || typeof body !== "object" || Array.isArray(body)) throw new AppError("malformed");
    if (!(await verify(body as Record<string, unknown>, cfg.secretKey))) throw new AppError("signature", "billing.error.signature", [], 400);
    const parsed = callbackSchema.safeParse(body);
    if (!parsed.success || String(parsed.data.project_id) !== cfg.projectId) throw new AppError("malformed");
    const { payment, operation } = parsed.data;
    const order = await findOrder(deps.db, Number(payment.id));
    if (!order || order.provider !== NAME) throw notFound();
    const at = deps.clock.now();
    const status = statusOf(payment, operation);
    const detail = { operation: operation?.id, type: operation?.type, status: payment.status };
    if (status === "paid") {
      const paid = payment.sum ?? operation?.sum_initial;
      if (!paid) throw amountMismatch();
      await settlePaid(deps.db, { provider: NAME, orderId: order.id, providerTxId: payment.id, amountMinor: paid.amount, currency: paid.currency, source: "callback", at, detail });
    } else if (status === "refunded" || status === "chargeback") {
      if (order.status === "paid") await reverse(deps.db, { orderId: order.id, kind: status === "chargeback" ? "chargeback" : "refund", source: "callback", at, detail });
    } else if (status === "failed") {
      if (order.status === "created" || order.status === "pending") await settleUnpaid(deps.db, { provider: NAME, orderId: order.id, to: "failed", source: "callback", at, detail });
    }
    return c.json({ status: "ok" });
  });
}
