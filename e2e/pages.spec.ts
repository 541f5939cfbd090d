// Every page route the server serves (its route table), in ru and en, in Debian's Chromium against
// a freshly seeded server: admin pages signed in as a superadmin (a session made as the server
// makes them, e2e/server.ts), player pages as a seeded player arriving from the game (a site
// token exchanged on a public page). A page fails on a console error, a failed request, any 4xx/5xx answer, the not-found
// screen, or a UI message shown in the other locale's words. Each page is saved as a screenshot
// (its first screen) in e2e/output/pages/. Prints the time to first render of /ru/public and /admin/.
import { test, expect, type BrowserContext } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import {
  catalogues,
  contextFor,
  firstRender,
  inspect,
  root,
  startScreensWorld,
  walkScreens,
  type Locale,
  type ScreensWorld,
} from "./screens.ts";

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
  return inspect(context, world, path, async (page, problems) => {
    if ((await page.locator("html").getAttribute("lang")) !== locale) problems.push(`<html lang> is not ${locale}`);
    if (await page.locator(".tk-notfound").count())
      problems.push("the not-found screen: no UI screen for this served page");
    const text = await page.locator("body").innerText();
    for (const other of foreign[locale]) if (text.includes(other)) problems.push(`untranslated: "${other}"`);
    await page.screenshot({ path: join(shots, `${locale}${path.replace(/[^\w]+/g, "_")}.png`) });
  });
}

test("time to first render", async ({ browser }) => {
  const admin = await contextFor(browser, world, "admin", "ru");
  const visitor = await browser.newContext();
  for (const [context, path] of [
    [visitor, "/ru/public"],
    [admin, "/admin/"],
  ] as const) {
    const times: number[] = [];
    await context.request.get(world.app + path); // a just-booted server's first answer is not the page's cost
    for (let i = 0; i < 3; i++) {
      const page = await context.newPage();
      times.push(await firstRender(page, world.app + path));
      await page.close();
    }
    console.log(`time to first render ${path}: ${times.join(", ")} ms (first, then cached)`);
    expect(times[0]).toBeLessThan(5_000);
  }
  await Promise.all([admin.close(), visitor.close()]);
});

test("every page route in ru and en", async ({ browser }) => {
  test.setTimeout(420_000);
  const { visited, failures } = await walkScreens(browser, world, { workers: 3, visit });
  console.log(
    `${visited} page visits, ${failures.length} with problems${failures.length ? `:\n  ${failures.join("\n  ")}` : ""}`,
  );
  expect(failures).toEqual([]);
});
