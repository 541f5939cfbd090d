// Every page route the server serves (its route table), in ru and en, in Debian's Chromium against
// a freshly seeded server: admin pages signed in as a superadmin (a session made as the server
// makes them, e2e/server.ts), player pages as a seeded player arriving from the game (a site
// token exchanged on a public page). A page fails on a console error, a failed request, any 4xx/5xx answer, the not-found
// screen, or a UI message shown in the other locale's words. Each page is saved as a screenshot
// (its first screen) in e2e/output/pages/. Prints the time to first render of /ru/public and /admin/.
import { test, expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import PO from "pofile";
import { startApp, addAdmin, addSession, type RunningApp } from "./server.ts";

test.describe.configure({ mode: "serial", timeout: 60_000 });

const root = new URL("..", import.meta.url).pathname;
const bun = join(root, "node_modules/.bin/bun");
const shots = join(root, "e2e/output/pages");
const GAME_KEY = "tankodrome-demo-game-key"; // the Bun server's local default (edge/config.ts)
const LOCALES = ["ru", "en"] as const;
type Locale = (typeof LOCALES)[number];

interface PageRoute {
  path: string;
  auth: string;
}

/** The server's page routes, read from its route table (the app is built, never served). */
function pageRoutes(): PageRoute[] {
  const code = `import { createApp } from "./api/app.ts"; import { routeTable } from "./api/http/router.ts";
    console.log(JSON.stringify(routeTable(createApp({})).filter((r) => r.kind === "page").map(({ path, auth }) => ({ path, auth }))));`;
  return JSON.parse(execFileSync(bun, ["-e", code], { cwd: root, encoding: "utf8" }));
}

/** UI messages whose ru and en differ, per locale: seeing the other locale's text is a miss. */
function foreignTexts(): Record<Locale, string[]> {
  const out: Record<Locale, string[]> = { ru: [], en: [] };
  for (const ruPath of readdirSync(join(root, "ui"), { recursive: true, encoding: "utf8" }).filter((f) => /(^|\/)locales\/ru\.po$/.test(f)).map((f) => `ui/${f}`)) {
    const ru = PO.parse(readFileSync(join(root, ruPath), "utf8")).items;
    for (const item of ru) {
      const en = item.msgid;
      const tr = item.msgstr[0] ?? "";
      // Phrases of two words or more only: single words ("Id", a brand name) also occur in data,
      // and texts with placeholders cannot be matched whole.
      // An entry without ru falls back to its English on ru pages: that English is foreign there.
      if (tr === en || /[{}]/.test(en)) continue;
      if (en.length >= 8 && / /.test(en.trim()) && /[a-z]{3}/i.test(en)) out.ru.push(en);
      if (tr && tr.length >= 8 && / /.test(tr.trim()) && /[а-яё]{3}/i.test(tr)) out.en.push(tr);
    }
  }
  return out;
}

let running: RunningApp;
let app = "";
let adminToken = "";
let routes: PageRoute[];
let foreign: Record<Locale, string[]>;
const sample: Record<string, string> = {};

test.beforeAll(async () => {
  test.setTimeout(180_000);
  mkdirSync(shots, { recursive: true });
  running = await startApp("pages", { SEED_PLAYERS: "60", SEED_DAYS: "20" });
  app = running.url;
  adminToken = (await addSession(running.db, "admin", await addAdmin(running.db, "superadmin"))).token;
  const one = async (sql: string) => String((await running.db.execute(sql)).rows[0]?.[0] ?? "");
  // Sample parameters from the seeded world: a player with payments, and real CMS ids.
  sample.playerId = (await one("select player_id from billing_orders order by id limit 1")) || (await one("select id from players order by id limit 1"));
  sample.cmsType = (await one("select type from cms_contents order by id limit 1")) || "guide";
  sample.categoryId = await one(`select id from cms_categories where type = '${sample.cmsType}' order by id limit 1`);
  sample.contentId = await one(`select id from cms_contents where type = '${sample.cmsType}' order by id limit 1`);
  routes = pageRoutes();
  foreign = foreignTexts();
});

test.afterAll(async () => {
  await running?.stop();
});

/** A route pattern with the sample parameters, or null when the world has nothing to show there. */
function address(pattern: string, locale: Locale): string | null {
  let path = pattern.replace(/\{[^}]*\}/g, "");
  const values: Record<string, string> = { locale, playerId: sample.playerId, type: sample.cmsType, id: /category/.test(pattern) ? sample.categoryId : sample.contentId };
  let missing = false;
  path = path.replace(/:(\w+)\??/g, (_, name: string) => {
    if (!values[name]) missing = true;
    return values[name] ?? "";
  });
  return missing ? null : path;
}

/** What makes a page broken for its visitor. */
function watch(page: Page) {
  const problems: string[] = [];
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("requestfailed", (r) => {
    // A live feed (EventSource) or a streamed read (a player's analysis) is cut when the test
    // leaves the page; that is not a failure.
    if (!/stream\/|\/loadStreamed\b/.test(r.url())) problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on("response", (r) => r.status() >= 400 && problems.push(`${r.status()}: ${r.url()}`));
  return problems;
}

/** Waits until the shell and the screen have rendered and no loading state is left. */
async function settled(page: Page) {
  await page.locator("#root main").first().waitFor();
  await expect(page.locator(".tk-spinner")).toHaveCount(0, { timeout: 15_000 });
  await page.waitForTimeout(150);
}

async function signedInAdmin(browser: Browser, locale: Locale): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addCookies([
    { name: "tk_admin", value: adminToken, domain: "127.0.0.1", path: "/" },
    { name: "lang", value: locale, domain: "127.0.0.1", path: "/" },
  ]);
  return context;
}

async function signedInPlayer(browser: Browser, locale: Locale): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addCookies([{ name: "lang", value: locale, domain: "127.0.0.1", path: "/" }]);
  const res = await context.request.post(`${app}/game/api/players/site-token`, { headers: { authorization: `Bearer ${GAME_KEY}` }, data: { playerId: Number(sample.playerId) } });
  expect(res.status()).toBe(201);
  const { token } = (await res.json()) as { token: string };
  const page = await context.newPage();
  await page.goto(`${app}/${locale}/public?token=${encodeURIComponent(token)}`);
  await page.close();
  return context;
}

/** Opens a page as the context's user; what is wrong with it, or nothing. */
async function visit(context: BrowserContext, path: string, locale: Locale): Promise<string[]> {
  const page = await context.newPage();
  const problems = watch(page);
  try {
    const res = await page.goto(app + path);
    if (res?.status() !== 200) problems.push(`document answered ${res?.status()}`);
    await settled(page);
    if ((await page.locator("html").getAttribute("lang")) !== locale) problems.push(`<html lang> is not ${locale}`);
    if (await page.locator(".tk-notfound").count()) problems.push("the not-found screen: no UI screen for this served page");
    const text = await page.locator("body").innerText();
    for (const other of foreign[locale]) if (text.includes(other)) problems.push(`untranslated: "${other}"`);
    await page.screenshot({ path: join(shots, `${locale}${path.replace(/[^\w]+/g, "_")}.png`) });
  } catch (e) {
    problems.push((e as Error).message.split("\n")[0]);
  }
  await page.close();
  // The browser logs each 4xx/5xx answer again as a console error: one line per answer is enough.
  return problems.filter((p) => !p.startsWith("console: Failed to load resource") || !problems.some((q) => /^\d{3}: /.test(q)));
}

test("time to first render", async ({ browser }) => {
  const admin = await signedInAdmin(browser, "ru");
  const visitor = await browser.newContext();
  for (const [context, path] of [[visitor, "/ru/public"], [admin, "/admin/"]] as const) {
    const times: number[] = [];
    await context.request.get(app + path); // a just-booted server's first answer is not the page's cost
    for (let i = 0; i < 3; i++) {
      const page = await context.newPage();
      // The moment the shell's <main> is in the document, from the start of the navigation.
      await page.addInitScript(() => {
        new MutationObserver((_, o) => {
          if (document.querySelector("#root main")) {
            (window as unknown as { tkFirstRender: number }).tkFirstRender = performance.now();
            o.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(app + path);
      await page.locator("#root main").first().waitFor();
      times.push(Math.round(await page.evaluate(() => (window as unknown as { tkFirstRender: number }).tkFirstRender)));
      await page.close();
    }
    console.log(`time to first render ${path}: ${times.join(", ")} ms (first, then cached)`);
    expect(times[0]).toBeLessThan(5_000);
  }
  await Promise.all([admin.close(), visitor.close()]);
});

// Provider return pages (/billing/robokassa/success, /fail) are reached only with the provider's
// signed parameters: e2e/billing.spec.ts walks them with a provider stand-in. The order return page
// needs the order it returns to (?order=): e2e/payments-demo.spec.ts reaches it from a payment.
const visitable = (r: PageRoute) => r.auth !== "provider" && r.path !== "/billing/order/return";

test("every page route in ru and en", async ({ browser }) => {
  test.setTimeout(200_000);
  const failures: string[] = [];
  let visited = 0;
  for (const locale of LOCALES) {
    const admin = await signedInAdmin(browser, locale);
    const player = await signedInPlayer(browser, locale);
    const visitor = await browser.newContext();
    await visitor.addCookies([{ name: "lang", value: locale, domain: "127.0.0.1", path: "/" }]);
    const jobs = routes.filter(visitable).flatMap((r) => {
      const path = address(r.path, locale);
      // Admin pages as the admin (the sign-in page as a visitor), player pages as the player,
      // public pages as a visitor.
      const context = r.path === "/admin/login" ? visitor : r.auth === "admin" ? admin : r.auth === "player" ? player : visitor;
      return path ? [{ path, context }] : [];
    });
    // Three pages at a time: most of a visit is waiting for the server and the screen's data.
    const next = () => jobs.shift();
    await Promise.all(
      [0, 1, 2].map(async () => {
        for (let job = next(); job; job = next()) {
          visited++;
          const problems = await visit(job.context, job.path, locale);
          if (problems.length) failures.push(`${locale} ${job.path}: ${problems.join(" | ")}`);
        }
      }),
    );
    await Promise.all([admin.close(), player.close(), visitor.close()]);
  }
  console.log(`${visited} page visits, ${failures.length} with problems${failures.length ? ":\n  " + failures.join("\n  ") : ""}`);
  expect(failures).toEqual([]);
});
