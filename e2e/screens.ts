// What the two walks over every screen share — pages.spec.ts (each page route works in ru and en)
// and look.spec.ts (each looks finished at a desktop's and a phone's width): a seeded server with
// a superadmin's session and sample parameters from its world, the server's page routes, the
// catalogues' phrases of each locale, a route's address, what breaks a page, browser contexts
// signed in as the admin, as a seeded player arriving from the game, or as a visitor, a visit
// (inspect) and the walk over every route (walkScreens); and the time to first render, which
// shells.spec.ts measures too (it also uses watch).
import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import PO from "pofile";
import { generateMessageId } from "@lingui/message-utils/generateMessageId";
import { startApp, addAdmin, addSession, type RunningApp } from "./server.ts";
import { call } from "./contracts.ts";
import * as players from "../api/contracts/game/api/players.ts";

export const root = new URL("..", import.meta.url).pathname;
const bun = join(root, "node_modules/.bin/bun");
const GAME_KEY = "tankodrome-demo-game-key"; // the Bun server's local default (edge/config.ts)
export const LOCALES = ["ru", "en"] as const;
export type Locale = (typeof LOCALES)[number];

export interface PageRoute {
  path: string;
  auth: string;
}

export interface ScreensWorld {
  running: RunningApp;
  app: string;
  adminToken: string;
  /** Parameters from the seeded world: a player with payments, and real CMS ids. */
  sample: Record<string, string>;
  routes: PageRoute[];
}

/** A server seeded with 60 players over 20 days, a superadmin's session and the sample parameters. */
export async function startScreensWorld(name: string): Promise<ScreensWorld> {
  const running = await startApp(name, { SEED_PLAYERS: "60", SEED_DAYS: "20" });
  const adminToken = (await addSession(running.db, "admin", await addAdmin(running.db, "superadmin"))).token;
  const one = async (sql: string) => String((await running.db.execute(sql)).rows[0]?.[0] ?? "");
  const sample: Record<string, string> = {};
  sample.playerId =
    (await one("select player_id from billing_orders order by id limit 1")) ||
    (await one("select id from players order by id limit 1"));
  sample.cmsType = (await one("select type from cms_contents order by id limit 1")) || "guide";
  sample.categoryId = await one(`select id from cms_categories where type = '${sample.cmsType}' order by id limit 1`);
  sample.contentId = await one(`select id from cms_contents where type = '${sample.cmsType}' order by id limit 1`);
  return { running, app: running.url, adminToken, sample, routes: pageRoutes() };
}

/** The server's page routes, read from its route table (the app is built, never served). */
function pageRoutes(): PageRoute[] {
  const code = `import { createApp } from "./api/app.ts"; import { routeTable } from "./api/http/router.ts";
    console.log(JSON.stringify(routeTable(createApp({})).filter((r) => r.kind === "page").map(({ path, auth }) => ({ path, auth }))));`;
  return JSON.parse(execFileSync(bun, ["-e", code], { cwd: root, encoding: "utf8" }));
}

/** Per locale, the other locale's phrases (seeing one is a miss), and every message id. */
export function catalogues(): { foreign: Record<Locale, string[]>; ids: Set<string> } {
  const foreign: Record<Locale, string[]> = { ru: [], en: [] };
  const ids = new Set<string>();
  for (const ruPath of readdirSync(join(root, "ui"), { recursive: true, encoding: "utf8" }).filter((f) =>
    /(^|\/)locales\/ru\.po$/.test(f),
  )) {
    for (const item of PO.parse(readFileSync(join(root, "ui", ruPath), "utf8")).items) {
      ids.add(generateMessageId(item.msgid, item.msgctxt ?? undefined));
      const en = item.msgid;
      const tr = item.msgstr[0] ?? "";
      // Phrases of two words or more only: single words ("Id", a brand name) also occur in data,
      // and texts with placeholders cannot be matched whole. An entry without ru falls back to
      // its English on ru pages: that English is foreign there.
      if (tr === en || /[{}]/.test(en)) continue;
      if (en.length >= 8 && / /.test(en.trim()) && /[a-z]{3}/i.test(en)) foreign.ru.push(en);
      if (tr && tr.length >= 8 && / /.test(tr.trim()) && /[а-яё]{3}/i.test(tr)) foreign.en.push(tr);
    }
  }
  return { foreign, ids };
}

/** A route pattern with the sample parameters, or null when the world has nothing to show there. */
export function address(world: ScreensWorld, pattern: string, locale: Locale): string | null {
  const { sample } = world;
  let path = pattern.replace(/\{[^}]*\}/g, "");
  const values: Record<string, string> = {
    locale,
    playerId: sample.playerId,
    type: sample.cmsType,
    id: /category/.test(pattern) ? sample.categoryId : sample.contentId,
  };
  let missing = false;
  path = path.replace(/:(\w+)\??/g, (_, name: string) => {
    if (!values[name]) missing = true;
    return values[name] ?? "";
  });
  return missing ? null : path;
}

// Provider return pages (/billing/robokassa/success, /fail) are reached only with the provider's
// signed parameters: e2e/billing.spec.ts walks them with a provider stand-in. The order return page
// needs the order it returns to (?order=): e2e/payments-demo.spec.ts reaches it from a payment.
export const visitable = (r: PageRoute) => r.auth !== "provider" && r.path !== "/billing/order/return";

/** Admin pages as the admin (the sign-in page as a visitor), player pages as the player, public pages as a visitor. */
export const visitorOf = (r: PageRoute): "admin" | "player" | "visitor" =>
  r.path === "/admin/login" ? "visitor" : r.auth === "admin" ? "admin" : r.auth === "player" ? "player" : "visitor";

/** What makes a page broken for its visitor: console errors, failed requests, 4xx/5xx answers. */
export function watch(page: Page) {
  const problems: string[] = [];
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("requestfailed", (r) => {
    // A live feed (EventSource) or a streamed read (a player's analysis) is cut when the visit
    // leaves the page; that is not a failure.
    if (!/stream\/|\/loadStreamed\b/.test(r.url())) problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on("response", (r) => r.status() >= 400 && problems.push(`${r.status()}: ${r.url()}`));
  return problems;
}

/** The browser logs each 4xx/5xx answer again as a console error: one line per answer is enough. */
export const withoutEchoes = (problems: string[]) =>
  problems.filter(
    (p) => !p.startsWith("console: Failed to load resource") || !problems.some((q) => /^\d{3}: /.test(q)),
  );

/** Waits until the shell and the screen have rendered and no loading state is left. */
export async function settled(page: Page) {
  await page.locator("#root main").first().waitFor();
  await expect(page.locator(".tk-spinner")).toHaveCount(0, { timeout: 15_000 });
  await page.waitForTimeout(150);
}

/** A browser context in the locale, signed in as the world's admin, as its sample player (through a site token, as from the game) or as nobody. */
export async function contextFor(
  browser: Browser,
  world: ScreensWorld,
  who: "admin" | "player" | "visitor",
  locale: Locale,
  width?: number,
): Promise<BrowserContext> {
  const context = await browser.newContext(width ? { viewport: { width, height: 900 } } : {});
  await context.addCookies([{ name: "lang", value: locale, domain: "127.0.0.1", path: "/" }]);
  if (who === "admin")
    await context.addCookies([{ name: "tk_admin", value: world.adminToken, domain: "127.0.0.1", path: "/" }]);
  if (who === "player") {
    // A signed-in player's saved language wins on pages without a locale in their path: the
    // sample player speaks the walk's language.
    await world.running.db.execute({
      sql: "update players set locale = ? where id = ?",
      args: [locale, Number(world.sample.playerId)],
    });
    const { token } = await call(
      { url: world.app },
      players.siteToken,
      { playerId: Number(world.sample.playerId) },
      { gameKey: GAME_KEY },
    );
    const page = await context.newPage();
    await page.goto(`${world.app}/${locale}/public?token=${encodeURIComponent(token)}`);
    // The player speaks the walk's language: a signed-in player's saved language wins on pages
    // without one in the path (docs/decisions/http.md), so it is saved as the site's switch saves it.
    const saved = await page.evaluate(async (l) => {
      const csrf = document.querySelector<HTMLMetaElement>('meta[name="tk-csrf"]')?.content ?? "";
      const r = await fetch("/public/profile/", {
        method: "POST",
        headers: { accept: "application/json", "content-type": "application/json", "x-csrf-token": csrf },
        body: JSON.stringify({ locale: l }),
      });
      return r.status;
    }, locale);
    expect(saved, `the sample player's language saved as ${locale}`).toBe(200);
    await page.close();
  }
  return context;
}

/**
 * Opens `path` in a new page of the context and, once the screen has settled, runs `check` on it
 * (which adds what it finds wrong); answers all that is wrong with the page: a document other than
 * 200, console errors, failed requests, 4xx/5xx answers, check's findings, an exception as a line.
 */
export async function inspect(
  context: BrowserContext,
  world: ScreensWorld,
  path: string,
  check: (page: Page, problems: string[]) => Promise<void>,
): Promise<string[]> {
  const page = await context.newPage();
  const problems = watch(page);
  try {
    const res = await page.goto(world.app + path);
    if (res?.status() !== 200) problems.push(`document answered ${res?.status()}`);
    await settled(page);
    await check(page, problems);
  } catch (e) {
    problems.push((e as Error).message.split("\n")[0]);
  }
  await page.close();
  return withoutEchoes(problems);
}

/**
 * Every visitable page route in ru and en, each as its visitor (the admin, the sample player or
 * nobody; contexts `width` px wide if given), `workers` visits at a time (most of a visit is
 * waiting for the server and the screen's data); answers how many visits were made and each
 * failing one as "<locale> [<width>] <path>: problem | problem".
 */
export async function walkScreens(
  browser: Browser,
  world: ScreensWorld,
  o: {
    workers: number;
    width?: number;
    visit: (context: BrowserContext, path: string, locale: Locale, isAdmin: boolean) => Promise<string[]>;
  },
): Promise<{ visited: number; failures: string[] }> {
  const failures: string[] = [];
  let visited = 0;
  // LOOK_ONLY=<regexp>: only the screens whose address matches (a change's own screens, on a busy machine).
  const only = process.env.LOOK_ONLY ? new RegExp(process.env.LOOK_ONLY) : null;
  for (const locale of LOCALES) {
    const contexts = {
      admin: await contextFor(browser, world, "admin", locale, o.width),
      player: await contextFor(browser, world, "player", locale, o.width),
      visitor: await contextFor(browser, world, "visitor", locale, o.width),
    };
    const jobs = world.routes.filter(visitable).flatMap((r) => {
      const path = address(world, r.path, locale);
      if (path && only && !only.test(path)) return [];
      return path ? [{ path, context: contexts[visitorOf(r)], isAdmin: r.path.startsWith("/admin") }] : [];
    });
    const next = () => jobs.shift();
    await Promise.all(
      Array.from({ length: o.workers }, async () => {
        for (let job = next(); job; job = next()) {
          visited++;
          const problems = await o.visit(job.context, job.path, locale, job.isAdmin);
          if (problems.length)
            failures.push(`${locale}${o.width ? ` ${o.width}` : ""} ${job.path}: ${problems.join(" | ")}`);
        }
      }),
    );
    await Promise.all(Object.values(contexts).map((c) => c.close()));
  }
  return { visited, failures };
}

/**
 * Milliseconds from the start of the navigation to `url` until the shell's <main> is in the
 * document (the caller warms a just-booted server up first: its very first answer is slow).
 */
export async function firstRender(page: Page, url: string): Promise<number> {
  await page.addInitScript(() => {
    new MutationObserver((_, o) => {
      if (document.querySelector("#root main")) {
        (window as unknown as { tkFirstRender: number }).tkFirstRender = performance.now();
        o.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(url);
  await page.locator("#root main").first().waitFor();
  return Math.round(await page.evaluate(() => (window as unknown as { tkFirstRender: number }).tkFirstRender));
}
