// The look of every screen: each page route of the server (admin pages as a superadmin, player
// pages as a seeded player, public pages as a visitor) in ru and en, on a 1366 px desktop and a
// 390 px phone. A screen fails on: no visible <h1>, a tab title that is not the screen's own
// ("… — Tankodrome admin" / "… — Tankodrome"), a horizontal scrollbar on the page, a raw message
// id or a text of the other locale on screen, a stored value shown raw (a nation id, a ledger
// reason, a snake_case key; a camelCase field name as a column header), a console error (a message
// missing from the catalogue is one), a failed request or a 4xx/5xx answer. Screenshots in e2e/output/look/.
import { test, expect, type BrowserContext } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import {
  catalogues,
  inspect,
  root,
  startScreensWorld,
  walkScreens,
  type Locale,
  type ScreensWorld,
} from "./screens.ts";
import { RAW_VALUES } from "../ui/lib/enums.ts";

test.describe.configure({ mode: "serial", timeout: 60_000 });

const shots = join(root, "e2e/output/look");
const WIDTHS = [1366, 390] as const;

const rawValues = new Set(RAW_VALUES);
let world: ScreensWorld;
let cat: ReturnType<typeof catalogues>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  mkdirSync(shots, { recursive: true });
  world = await startScreensWorld("look");
  cat = catalogues();
});

test.afterAll(async () => {
  await world?.running.stop();
});

async function visit(
  context: BrowserContext,
  path: string,
  locale: Locale,
  width: number,
  admin: boolean,
): Promise<string[]> {
  return inspect(context, world, path, async (page, problems) => {
    const look = await page.evaluate(() => {
      const visible = (e: Element) =>
        (e as HTMLElement).offsetParent !== null && (e as HTMLElement).innerText.trim() !== "";
      return {
        heading: [...document.querySelectorAll("h1")].some(visible),
        title: document.title,
        scroll: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        text: document.body.innerText,
        headers: [...document.querySelectorAll("th")].filter(visible).map((th) => (th as HTMLElement).innerText.trim()),
      };
    });
    if (!look.heading) problems.push("no visible <h1>");
    const suffix = admin
      ? locale === "ru"
        ? " — админка Танкодрома"
        : " — Tankodrome admin"
      : locale === "ru"
        ? "Танкодром"
        : "Tankodrome";
    if (!look.title.endsWith(suffix) || (admin && look.title === suffix)) problems.push(`tab title "${look.title}"`);
    if (look.scroll > 1) problems.push(`scrolls sideways by ${look.scroll} px`);
    for (const other of cat.foreign[locale]) if (look.text.includes(other)) problems.push(`untranslated: "${other}"`);
    const rawIds = look.text.split(/\s+/).filter((w) => w.length === 6 && cat.ids.has(w));
    if (rawIds.length) problems.push(`raw message ids: ${rawIds.join(", ")}`);
    const raw = [
      ...new Set(
        look.text
          .split(/[\s,;:()«»"'·—→]+/)
          .map((w) => w.replace(/[.!?]+$/, ""))
          .filter((w) => rawValues.has(w)),
      ),
    ];
    if (raw.length) problems.push(`raw values: ${raw.join(", ")}`);
    const fieldNames = look.headers.filter((h) => /^[a-z]+[A-Z][A-Za-z]*$/.test(h));
    if (fieldNames.length) problems.push(`field names as headers: ${fieldNames.join(", ")}`);
    await page.screenshot({ path: join(shots, `${locale}-${width}${path.replace(/[^\w]+/g, "_")}.png`) });
  });
}

for (const width of WIDTHS) {
  test(`every screen looks finished at ${width} px in ru and en`, async ({ browser }) => {
    test.setTimeout(300_000);
    const { visited, failures } = await walkScreens(browser, world, {
      workers: 4,
      width,
      visit: (context, path, locale, isAdmin) => visit(context, path, locale, width, isAdmin),
    });
    console.log(
      `${visited} visits at ${width} px, ${failures.length} with problems${failures.length ? `:\n  ${failures.join("\n  ")}` : ""}`,
    );
    expect(failures).toEqual([]);
  });
}
