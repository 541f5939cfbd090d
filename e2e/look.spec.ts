// The look of every screen: each page route of the server (admin pages as a superadmin, player
// pages as a seeded player, public pages as a visitor) in ru and en, on a 1366 px desktop and a
// 390 px phone. A screen fails on: no visible <h1>, a tab title that is not the screen's own
// ("… — Tankodrome admin" / "… — Tankodrome"), a horizontal scrollbar on the page, a raw message
// id or a text of the other locale on screen, a console error (a message missing from the
// catalogue is one), a failed request or a 4xx/5xx answer. Screenshots in e2e/output/look/.
import { test, expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import PO from "pofile";
import { generateMessageId } from "@lingui/message-utils/generateMessageId";
import { startApp, addAdmin, addSession, type RunningApp } from "./server.ts";

test.describe.configure({ mode: "serial", timeout: 60_000 });

const root = new URL("..", import.meta.url).pathname;
const bun = join(root, "node_modules/.bin/bun");
const shots = join(root, "e2e/output/look");
const GAME_KEY = "tankodrome-demo-game-key"; // the Bun server's local default (edge/config.ts)
const LOCALES = ["ru", "en"] as const;
const WIDTHS = [1366, 390] as const;
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

/** Per locale, the other locale's phrases (seeing one is a miss), and every message id. */
function catalogues(): { foreign: Record<Locale, string[]>; ids: Set<string> } {
  const foreign: Record<Locale, string[]> = { ru: [], en: [] };
  const ids = new Set<string>();
  for (const ruPath of readdirSync(join(root, "ui"), { recursive: true, encoding: "utf8" }).filter((f) => /(^|\/)locales\/ru\.po$/.test(f))) {
    for (const item of PO.parse(readFileSync(join(root, "ui", ruPath), "utf8")).items) {
      ids.add(generateMessageId(item.msgid, item.msgctxt ?? undefined));
      const en = item.msgid;
      const tr = item.msgstr[0] ?? "";
      // Phrases of two words or more: single words also occur in data; placeholders cannot match whole.
      if (tr === en || /[{}]/.test(en)) continue;
      if (en.length >= 8 && / /.test(en.trim()) && /[a-z]{3}/i.test(en)) foreign.ru.push(en);
      if (tr && tr.length >= 8 && / /.test(tr.trim()) && /[а-яё]{3}/i.test(tr)) foreign.en.push(tr);
    }
  }
  return { foreign, ids };
}

let running: RunningApp;
let app = "";
let adminToken = "";
let routes: PageRoute[];
let cat: ReturnType<typeof catalogues>;
const sample: Record<string, string> = {};

test.beforeAll(async () => {
  test.setTimeout(180_000);
  mkdirSync(shots, { recursive: true });
  running = await startApp("look", { SEED_PLAYERS: "60", SEED_DAYS: "20" });
  app = running.url;
  adminToken = (await addSession(running.db, "admin", await addAdmin(running.db, "superadmin"))).token;
  const one = async (sql: string) => String((await running.db.execute(sql)).rows[0]?.[0] ?? "");
  sample.playerId = (await one("select player_id from billing_orders order by id limit 1")) || (await one("select id from players order by id limit 1"));
  sample.cmsType = (await one("select type from cms_contents order by id limit 1")) || "guide";
  sample.categoryId = await one(`select id from cms_categories where type = '${sample.cmsType}' order by id limit 1`);
  sample.contentId = await one(`select id from cms_contents where type = '${sample.cmsType}' order by id limit 1`);
  routes = pageRoutes();
  cat = catalogues();
});

test.afterAll(async () => {
  await running?.stop();
});

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

async function contextFor(browser: Browser, who: "admin" | "player" | "visitor", locale: Locale, width: number): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies([{ name: "lang", value: locale, domain: "127.0.0.1", path: "/" }]);
  if (who === "admin") await context.addCookies([{ name: "tk_admin", value: adminToken, domain: "127.0.0.1", path: "/" }]);
  if (who === "player") {
    const res = await context.request.post(`${app}/game/api/players/site-token`, { headers: { authorization: `Bearer ${GAME_KEY}` }, data: { playerId: Number(sample.playerId) } });
    expect(res.status()).toBe(201);
    const { token } = (await res.json()) as { token: string };
    const page = await context.newPage();
    await page.goto(`${app}/${locale}/public?token=${encodeURIComponent(token)}`);
    await page.close();
  }
  return context;
}

function watch(page: Page) {
  const problems: string[] = [];
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("requestfailed", (r) => {
    // A live feed or a streamed read (a player's analysis) is cut when the visit leaves the page.
    if (!/stream\/|\/loadStreamed\b/.test(r.url())) problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on("response", (r) => r.status() >= 400 && problems.push(`${r.status()}: ${r.url()}`));
  return problems;
}

async function visit(context: BrowserContext, path: string, locale: Locale, width: number, admin: boolean): Promise<string[]> {
  const page = await context.newPage();
  const problems = watch(page);
  try {
    const res = await page.goto(app + path);
    if (res?.status() !== 200) problems.push(`document answered ${res?.status()}`);
    await page.locator("#root main").first().waitFor();
    await expect(page.locator(".tk-spinner")).toHaveCount(0, { timeout: 15_000 });
    await page.waitForTimeout(150);
    const look = await page.evaluate(() => {
      const visible = (e: Element) => (e as HTMLElement).offsetParent !== null && (e as HTMLElement).innerText.trim() !== "";
      return {
        heading: [...document.querySelectorAll("h1")].some(visible),
        title: document.title,
        scroll: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        text: document.body.innerText,
      };
    });
    if (!look.heading) problems.push("no visible <h1>");
    const suffix = admin ? (locale === "ru" ? " — админка Танкодрома" : " — Tankodrome admin") : locale === "ru" ? "Танкодром" : "Tankodrome";
    if (!look.title.endsWith(suffix) || (admin && look.title === suffix)) problems.push(`tab title "${look.title}"`);
    if (look.scroll > 1) problems.push(`scrolls sideways by ${look.scroll} px`);
    for (const other of cat.foreign[locale]) if (look.text.includes(other)) problems.push(`untranslated: "${other}"`);
    const rawIds = look.text.split(/\s+/).filter((w) => w.length === 6 && cat.ids.has(w));
    if (rawIds.length) problems.push(`raw message ids: ${rawIds.join(", ")}`);
    await page.screenshot({ path: join(shots, `${locale}-${width}${path.replace(/[^\w]+/g, "_")}.png`) });
  } catch (e) {
    problems.push((e as Error).message.split("\n")[0]);
  }
  await page.close();
  return problems.filter((p) => !p.startsWith("console: Failed to load resource") || !problems.some((q) => /^\d{3}: /.test(q)));
}

// Provider return pages are reached only with the provider's parameters (billing.spec.ts,
// payments-demo.spec.ts walk them).
const visitable = (r: PageRoute) => r.auth !== "provider" && r.path !== "/billing/order/return";

for (const width of WIDTHS) {
  test(`every screen looks finished at ${width} px in ru and en`, async ({ browser }) => {
    test.setTimeout(300_000);
    const failures: string[] = [];
    let visited = 0;
    for (const locale of LOCALES) {
      const [admin, player, visitor] = await Promise.all([contextFor(browser, "admin", locale, width), contextFor(browser, "player", locale, width), contextFor(browser, "visitor", locale, width)]);
      const jobs = routes.filter(visitable).flatMap((r) => {
        const path = address(r.path, locale);
        const isAdmin = r.path.startsWith("/admin");
        const context = r.path === "/admin/login" ? visitor : r.auth === "admin" ? admin : r.auth === "player" ? player : visitor;
        return path ? [{ path, context, isAdmin }] : [];
      });
      const next = () => jobs.shift();
      await Promise.all(
        [0, 1, 2, 3].map(async () => {
          for (let job = next(); job; job = next()) {
            visited++;
            const problems = await visit(job.context, job.path, locale, width, job.isAdmin);
            if (problems.length) failures.push(`${locale} ${width} ${job.path}: ${problems.join(" | ")}`);
          }
        }),
      );
      await Promise.all([admin.close(), player.close(), visitor.close()]);
    }
    console.log(`${visited} visits at ${width} px, ${failures.length} with problems${failures.length ? ":\n  " + failures.join("\n  ") : ""}`);
    expect(failures).toEqual([]);
  });
}
