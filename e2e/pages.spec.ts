// Every page route the server serves (its route table), in ru and en, in Debian's Chromium against
// a freshly seeded server: admin pages signed in as a superadmin (a session made as the server
// makes them, e2e/server.ts), player pages as a seeded player arriving from the game (a site
// token exchanged on a public page). A page fails on a console error, a failed request, any 4xx/5xx answer, the not-found
// screen, or a UI message shown in the other locale's words. Each page is saved as a screenshot
// (its first screen) in e2e/output/pages/. Prints the time to first render of /ru/public and /admin/.
import { test, expect, type BrowserContext } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { LOCALES, address, catalogues, contextFor, root, settled, startScreensWorld, visitable, visitorOf, watch, withoutEchoes, type Locale, type ScreensWorld } from "./screens.ts";

test.describe.configure({ mode: "serial", timeout: 60_000 });

const shots = join(root, "e2e/output/pages");

let world: ScreensWorld;
let foreign: Record<Locale, string[]>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  mkdirSync(shots, { recursive: true });
  world = await startScreensWorld("pages");
  foreign = catalogues().foreign;
});

test.afterAll(async () => {
  await world?.running.stop();
});

/** Opens a page as the context's user; what is wrong with it, or nothing. */
async function visit(context: BrowserContext, path: string, locale: Locale): Promise<string[]> {
  const page = await context.newPage();
  const problems = watch(page);
  try {
    const res = await page.goto(world.app + path);
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
  return withoutEchoes(problems);
}

test("time to first render", async ({ browser }) => {
  const admin = await contextFor(browser, world, "admin", "ru");
  const visitor = await browser.newContext();
  for (const [context, path] of [[visitor, "/ru/public"], [admin, "/admin/"]] as const) {
    const times: number[] = [];
    await context.request.get(world.app + path); // a just-booted server's first answer is not the page's cost
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
      await page.goto(world.app + path);
      await page.locator("#root main").first().waitFor();
      times.push(Math.round(await page.evaluate(() => (window as unknown as { tkFirstRender: number }).tkFirstRender)));
      await page.close();
    }
    console.log(`time to first render ${path}: ${times.join(", ")} ms (first, then cached)`);
    expect(times[0]).toBeLessThan(5_000);
  }
  await Promise.all([admin.close(), visitor.close()]);
});

test("every page route in ru and en", async ({ browser }) => {
  test.setTimeout(200_000);
  const failures: string[] = [];
  let visited = 0;
  for (const locale of LOCALES) {
    const contexts = { admin: await contextFor(browser, world, "admin", locale), player: await contextFor(browser, world, "player", locale), visitor: await contextFor(browser, world, "visitor", locale) };
    const jobs = world.routes.filter(visitable).flatMap((r) => {
      const path = address(world, r.path, locale);
      return path ? [{ path, context: contexts[visitorOf(r)] }] : [];
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
    await Promise.all(Object.values(contexts).map((c) => c.close()));
  }
  console.log(`${visited} page visits, ${failures.length} with problems${failures.length ? ":\n  " + failures.join("\n  ") : ""}`);
  expect(failures).toEqual([]);
});
