// Billing journeys in Debian's Chromium: a player buys a gold pack through the Stripe and the
// Robokassa flows against the local stand-ins and sees the gold arrive; an operator watching the
// player's payments sees them appear live (SSE) and in the list. The app runs as it does in
// production (bun edge/bun.ts) on a fresh data directory, its provider settings pointing at the
// stand-ins; players, operators and the catalog are seeded in code.
import { test, expect, type BrowserContext } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:http";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type Client } from "@libsql/client";
import { stripeStandin } from "../api/billing/test-standins/stripe.ts";
import { robokassaStandin } from "../api/billing/test-standins/robokassa.ts";

test.use({ launchOptions: { executablePath: "/usr/bin/chromium" }, locale: "en-US" });
test.describe.configure({ mode: "serial", timeout: 120_000 });

const port = 39_000 + Math.floor(Math.random() * 500);
const stripePort = port + 600;
const roboPort = port + 700;
const app = `http://127.0.0.1:${port}`;
const dir = mkdtempSync(join(tmpdir(), "tk-e2e-billing-"));
let server: ChildProcess;
let db: Client;
const servers: Server[] = [];
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

function serve(fetch: (r: Request) => Response | Promise<Response>, p: number) {
  const s = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const body = req.method === "GET" || req.method === "HEAD" ? undefined : Buffer.concat(chunks);
    const r = await fetch(new Request(`http://127.0.0.1:${p}${req.url}`, { method: req.method, headers, body }));
    res.writeHead(r.status, Object.fromEntries(r.headers));
    res.end(Buffer.from(await r.arrayBuffer()));
  });
  servers.push(s);
  return new Promise<void>((ok) => s.listen(p, "127.0.0.1", () => ok()));
}

async function session(kind: "player" | "admin", subjectId: number) {
  const token = randomBytes(32).toString("base64url");
  const csrf = randomBytes(24).toString("base64url");
  const now = Date.now();
  await db.execute({ sql: "insert into sessions (token_hash, kind, subject_id, csrf_token, locale, created_at, last_seen_at, expires_at) values (?, ?, ?, ?, 'en', ?, ?, ?)", args: [sha256(token), kind, subjectId, csrf, now, now, now + 3_600_000] });
  return { token, csrf, cookie: { name: kind === "player" ? "tk_player" : "tk_admin", value: token, domain: "127.0.0.1", path: "/" } };
}

let playerId = 0;
let player: Awaited<ReturnType<typeof session>>;
let admin: Awaited<ReturnType<typeof session>>;

test.beforeAll(async () => {
  const stripe = stripeStandin({ secretKey: "sk_test_e2e", webhookSecret: "whsec_e2e", webhookUrl: `${app}/billing/stripe/event/handle`, origin: () => `http://127.0.0.1:${stripePort}` });
  const robokassa = robokassaStandin({ login: "tankodrome", password1: "p1-e2e", password2: "p2-e2e", resultUrl: `${app}/billing/robokassa/result`, successUrl: `${app}/billing/robokassa/success`, failUrl: `${app}/billing/robokassa/fail` });
  await serve(stripe.app.fetch, stripePort);
  await serve(robokassa.app.fetch, roboPort);
  server = spawn("node_modules/.bin/bun", ["edge/bun.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dir,
      SEED_PLAYERS: "0",
      PUBLIC_URL: app,
      STRIPE_SECRET_KEY: "sk_test_e2e",
      STRIPE_WEBHOOK_SECRET: "whsec_e2e",
      STRIPE_API_BASE: `http://127.0.0.1:${stripePort}`,
      ROBOKASSA_LOGIN: "tankodrome",
      ROBOKASSA_PASSWORD1: "p1-e2e",
      ROBOKASSA_PASSWORD2: "p2-e2e",
      ROBOKASSA_BASE: `http://127.0.0.1:${roboPort}`,
      ROBOKASSA_TEST: "1",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((ok, fail) => {
    server.stdout!.on("data", (d: Buffer) => String(d).includes("Tankodrome ready") && ok());
    server.on("exit", (code) => fail(new Error(`server exited ${code}`)));
  });
  db = createClient({ url: `file:${dir}/tankodrome.db` });
  await db.execute("PRAGMA busy_timeout = 10000");
  const now = Date.now();
  const p = await db.execute({ sql: "insert into players (nickname, country, platform, source, locale, created_at) values (?, 'US', 'web', 'organic', 'en', ?) returning id", args: [`Buyer${now % 100000}`, now] });
  playerId = Number(p.rows[0].id);
  const a = await db.execute({ sql: "insert into admins (username, email, password_hash, role, active, created_at) values (?, ?, '-', 'admin', 1, ?) returning id", args: [`ops${now % 100000}`, `ops${now}@example.com`, now] });
  player = await session("player", playerId);
  admin = await session("admin", Number(a.rows[0].id));
  // The catalog through the operator's API, as the back office would.
  const add = await fetch(`${app}/admin/billing/catalog/add`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: `tk_admin=${admin.token}`, "x-csrf-token": admin.csrf },
    body: JSON.stringify({ id: "gold_500", titleRu: "500 золота", titleEn: "500 gold", grants: { gold: 500 }, bonusGold: 50, prices: [{ market: "web", currency: "RUB", amount: 9900 }, { market: "web", currency: "USD", amount: 199 }], sortOrder: 1 }),
  });
  expect(add.status).toBe(200);
});

test.afterAll(async () => {
  server?.kill("SIGTERM");
  for (const s of servers) s.close();
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const gold = async () => Number((await db.execute({ sql: "select gold from players where id = ?", args: [playerId] })).rows[0].gold);

async function operatorWatching(context: BrowserContext) {
  await context.addCookies([admin.cookie]);
  const page = await context.newPage();
  await page.goto(`${app}/admin/playerPayment/${playerId}`);
  await expect(page.getByRole("heading", { name: new RegExp(`#${playerId}`) })).toBeVisible();
  return page;
}

test("a player buys gold with Stripe and with Robokassa; the operator sees both live and in the list", async ({ browser }, info) => {
  const ops = await operatorWatching(await browser.newContext());
  const context = await browser.newContext();
  await context.addCookies([player.cookie]);
  const buyer = await context.newPage();

  // Stripe: the offer in USD, the hosted checkout, back to the order page.
  await buyer.goto(`${app}/billing/stripe/order/checkout`);
  await buyer.locator('[data-item="gold_500"]').getByRole("button").click();
  await buyer.waitForURL(/127\.0\.0\.1:\d+\/pay\/cs_test_/);
  await expect(buyer.locator("#amount")).toHaveText("1.99 USD");
  await buyer.locator("#pay").click();
  await buyer.waitForURL(/\/billing\/stripe\/order\/checkout\?order=\d+/);
  await expect(buyer.getByRole("status")).toContainText("550 gold");
  await buyer.screenshot({ path: info.outputPath("stripe-paid.png") });
  expect(await gold()).toBe(550);

  // Robokassa: the same item in roubles, the payment page, back through Success.
  await buyer.goto(`${app}/billing/stripe/order/checkout`);
  await buyer.getByLabel("Robokassa").check();
  await buyer.locator('[data-item="gold_500"]').getByRole("button").click();
  await buyer.waitForURL(/Merchant\/Index\.aspx/);
  await expect(buyer.locator("#amount")).toHaveText("99.00 RUB");
  await buyer.locator("#pay").click();
  await buyer.waitForURL(/\/billing\/robokassa\/success\?/);
  await expect(buyer.getByRole("status")).toContainText("550 gold");
  await buyer.screenshot({ path: info.outputPath("robokassa-paid.png") });
  expect(await gold()).toBe(1100);

  // The operator's live feed showed both payments arriving; the list has them paid.
  const live = ops.locator(".tk-billing-live");
  await expect(live.getByText(/→ paid/)).toHaveCount(2, { timeout: 15_000 });
  await ops.reload();
  await expect(ops.locator('tbody [data-status="paid"]')).toHaveCount(2);
  await expect(ops.getByRole("cell", { name: "$1.99", exact: true })).toBeVisible();
  await ops.screenshot({ path: info.outputPath("operator-payments.png"), fullPage: true });

  // The catalog screen lists the item; refreshing the cache answers its new version.
  await ops.goto(`${app}/admin/billing/`);
  await expect(ops.getByRole("cell", { name: "gold_500", exact: true })).toBeVisible();
  await ops.getByRole("button", { name: "Refresh catalog cache" }).click();
  await expect(ops.getByText(/Cache version \d+/)).toBeVisible();
  await ops.screenshot({ path: info.outputPath("operator-catalog.png"), fullPage: true });
});
