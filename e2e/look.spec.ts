// The look of every screen: each page route of the server (admin pages as a superadmin, player
// pages as a seeded player, public pages as a visitor) in ru and en, on a 1366 px desktop and a
// 390 px phone. A screen fails on: no visible <h1>, a tab title that is not the screen's own
// ("… — Tankodrome admin" / "… — Tankodrome"), a horizontal scrollbar on the page, a raw message
// id or a text of the other locale on screen, a stored value shown raw (a nation id, a ledger
// reason, an admin log action id such as crew.hire, a payment system's id such as paypal, an
// /admin/ path; a camelCase or snake_case identifier in the text, such as lateJoinSeconds, outside
// code and JSON; a camelCase field name as a column header), a label glued to its
// field (less than 3 px between the label's
// text and the field on one line), a chart's axis reading the same label twice in a row, a chart
// drawn beside "nothing here yet" in the same section, a console error (a message missing from the
// catalogue is one), a failed request or a 4xx/5xx answer. Screenshots in e2e/output/look/.
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
import { AUDIT_ACTIONS } from "../api/domain/audit-details.ts";
import { ORDER_PROVIDERS } from "../api/contracts/admin/billing.ts";

test.describe.configure({ mode: "serial", timeout: 60_000 });

const shots = join(root, "e2e/output/look");
const WIDTHS = [1366, 390] as const;

// Payment systems' ids that are no English word (a screen names them: "PayPal", "RuStore").
const PROVIDER_IDS = ORDER_PROVIDERS.filter((p) => !["manual", "stripe", "apple"].includes(p));
const rawValues = new Set<string>([...RAW_VALUES, ...AUDIT_ACTIONS, ...PROVIDER_IDS]);
/**
 * A programme's name for a field or key: camelCase (lateJoinSeconds) or snake_case words (late_join;
 * not a name with a number, x86_64 or gold_100: the stored values check names those it knows).
 */
const IDENTIFIER = /^(?:[a-z][a-z0-9]*(?:[A-Z][a-z0-9]+)+|[a-z][a-z0-9]*(?:_[a-z][a-z0-9]*)+)$/;
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
        // A label's text and its field on one line with (almost) no space between them.
        glued: [...document.querySelectorAll("label")].flatMap((label) => {
          const field = label.control as HTMLElement | null;
          if (!field || field.offsetParent === null || (label as HTMLElement).offsetParent === null) return [];
          const f = field.getBoundingClientRect();
          const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
          const gaps: number[] = [];
          for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            if (!n.textContent?.trim() || field.contains(n)) continue;
            const range = document.createRange();
            range.selectNodeContents(n);
            for (const r of range.getClientRects()) {
              if (r.width === 0 || r.bottom <= f.top || r.top >= f.bottom) continue;
              gaps.push(r.right <= f.left + 1 ? f.left - r.right : r.left >= f.right - 1 ? r.left - f.right : 99);
            }
          }
          return gaps.some((g) => g < 3) ? [(label as HTMLElement).innerText.trim().split("\n")[0]] : [];
        }),
        // The words of the text a reader sees, without what shows code or data as it is stored (a
        // JSON editor, a <code> sample, an input's value): camelCase and snake_case are looked for in it.
        prose: (() => {
          const words: string[] = [];
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            const el = n.parentElement;
            if (!el || !n.textContent?.trim() || el.closest("pre, code, textarea, script, style, kbd, samp")) continue;
            if (el.offsetParent === null && getComputedStyle(el).position !== "fixed") continue;
            words.push(...n.textContent.split(/[\s,;:()«»"'·—→=/[\]{}<>|]+/));
          }
          return words;
        })(),
        // An axis that reads the same label twice in a row.
        repeatedAxis: [...document.querySelectorAll("figure[data-axis-labels]")].flatMap((fig) =>
          (JSON.parse(fig.getAttribute("data-axis-labels") ?? "[]") as string[][]).flatMap((labels) =>
            labels.filter((l, i) => l !== "" && i > 0 && l === labels[i - 1]),
          ),
        ),
        // A chart drawn in the same section as an empty state.
        chartOverEmpty: [...document.querySelectorAll(".tk-empty")]
          .filter((e) => (e as HTMLElement).offsetParent !== null)
          .some((e) => !!(e.closest("section") ?? e.parentElement)?.querySelector("figure.tk-chart")),
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
    const paths = look.text.split(/\s+/).filter((w) => /^\/admin\/[\w/{}:-]+/.test(w));
    // An identifier as text: a field or key name in camelCase (lateJoinSeconds) or snake_case
    // (late_join), also as a part of a dotted key (battle.lateJoin).
    const identifiers = look.prose
      .map((w) => w.replace(/[.!?…]+$/, ""))
      .filter((w) => w.split(".").some((part) => IDENTIFIER.test(part)) && !/^[\w.+-]+@[\w-]+\.[\w.]+$/.test(w));
    if (raw.length || paths.length || identifiers.length)
      problems.push(`raw values: ${[...new Set([...raw, ...paths, ...identifiers])].join(", ")}`);
    if (look.glued.length) problems.push(`labels glued to their fields: ${look.glued.join(", ")}`);
    if (look.repeatedAxis.length) problems.push(`axis labels repeated: ${look.repeatedAxis.join(", ")}`);
    if (look.chartOverEmpty) problems.push("a chart beside an empty state");
    const fieldNames = look.headers.filter((h) => /^[a-z]+[A-Z][A-Za-z]*$/.test(h));
    if (fieldNames.length) problems.push(`field names as headers: ${fieldNames.join(", ")}`);
    await page.screenshot({ path: join(shots, `${locale}-${width}${path.replace(/[^\w]+/g, "_")}.png`) });
  });
}

for (const width of WIDTHS) {
  test(`every screen looks finished at ${width} px in ru and en`, async ({ browser }) => {
    test.setTimeout(480_000);
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
