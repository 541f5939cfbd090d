// System configuration journeys in Debian's Chromium against the app as it runs in production
// (startApp: bun edge/bun.ts, fresh data directory): an operator edits a client option variant in
// the JSON editor, saves, invalidates the cache and reads the new value through
// /admin/api/option/client/get; adds a language and a server text, exports the texts as CSV and
// re-imports an edited copy (preview first, then applied).
import { test, expect } from "@playwright/test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addAdmin, addSession, sessionCookie, startApp, type RunningApp } from "./server.ts";

test.use({ launchOptions: { executablePath: "/usr/bin/chromium" }, locale: "en-US" });
test.describe.configure({ mode: "serial", timeout: 120_000 });

let running: RunningApp;
let admin: Awaited<ReturnType<typeof addSession>>;
const call = (path: string, body: unknown) =>
  fetch(`${running.url}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json",
      cookie: `tk_admin=${admin.token}`,
      "x-csrf-token": admin.csrf,
    },
    body: JSON.stringify(body),
  });

test.beforeAll(async () => {
  running = await startApp("system");
  admin = await addSession(running.db, "admin", await addAdmin(running.db, "admin"));
  // What the demo world would hold, through the operator's API.
  expect(
    (
      await call("/admin/clientOptions/save", {
        key: "battle.hud",
        value: { showDamageNumbers: true, minimapSize: "medium", crosshair: "classic" },
      })
    ).status,
  ).toBe(200);
  expect((await call("/admin/language/add", { code: "ru", name: "Русский", isDefault: true })).status).toBe(200);
  expect((await call("/admin/language/add", { code: "en", name: "English" })).status).toBe(200);
});

test.afterAll(async () => {
  await running?.stop();
});

test.beforeEach(async ({ context }) => {
  await context.addCookies([sessionCookie(admin)]);
});

test("an operator edits a client option variant, saves, invalidates the cache and reads the new value", async ({
  page,
}) => {
  const app = running.url;
  await page.goto(`${app}/admin/clientOptions/`);
  await page
    .getByRole("row", { name: /battle\.hud/ })
    .getByRole("link", { name: "default" })
    .click();
  await expect(page).toHaveURL(/\/admin\/clientOptions\/editor\/battle\.hud\/default$/);
  // A key whose shape the server knows: typed fields, no JSON box.
  await expect(page.getByLabel("Minimap size")).toHaveValue("medium");
  await expect(page.getByText("JSON", { exact: false })).toHaveCount(0);
  await page.getByLabel("Minimap size").selectOption("large");
  await page.getByLabel("Crosshair").selectOption("dot");
  await page.getByLabel("Show damage numbers").uncheck();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Version 2,", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "Invalidate cache" }).click();
  await expect(page.getByText("Version 3,", { exact: false })).toBeVisible();
  const read = await page.request.post(`${app}/admin/api/option/client/get`, {
    data: { key: "battle.hud" },
    headers: { accept: "application/json" },
  });
  expect(await read.json()).toEqual({
    key: "battle.hud",
    variant: "default",
    value: { showDamageNumbers: false, minimapSize: "large", crosshair: "dot" },
    version: 3,
  });
});

test("a free-form option is edited as JSON, said so; broken JSON cannot be saved; a refusal names the field and a stale error goes after a save", async ({
  page,
}) => {
  const app = running.url;
  expect((await call("/admin/clientOptions/save", { key: "lobby.motd", value: { text: "Hello" } })).status).toBe(200);
  await page.goto(`${app}/admin/clientOptions/editor/lobby.motd/default`);
  await expect(page.getByText("A free-form option: no shape is known for this key")).toBeVisible();
  const editor = page.getByLabel("Value (free-form JSON)");
  await expect(editor).toHaveValue(/"text": "Hello"/);
  await editor.fill('{ "text": "Hi"');
  await expect(page.getByText(/Not valid JSON/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  // A variant of 150 % of players: the server refuses the share; its message sits under the field
  // (the input marked invalid and described by it), never under a path like "share".
  await page.goto(`${app}/admin/clientOptions/editor/lobby.motd/b?new=1`);
  const share = page.getByLabel("Share of players, %");
  await share.fill("150");
  await page.getByLabel("Value (free-form JSON)").fill('{ "text": "Hi" }');
  await page.getByRole("button", { name: "Save" }).click();
  await expect(share).toHaveAttribute("aria-invalid", "true");
  await expect(share).toHaveAccessibleDescription("Please enter a value less than or equal to 100.");
  await expect(share).toBeFocused();
  await expect(page.getByText(/^share: /)).toHaveCount(0);
  await page.getByLabel("Share of players, %").fill("20");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/editor\/lobby\.motd\/b$/);
  await expect(page.getByText("Version 1,", { exact: false })).toBeVisible();
  // On the saved variant: a refused save leaves the message under the field; the next save that
  // works takes it away.
  await share.fill("150");
  await page.getByRole("button", { name: "Save" }).click();
  const stale = page.getByText("Please enter a value less than or equal to 100.");
  await expect(stale).toBeVisible();
  await expect(share).toHaveAttribute("aria-invalid", "true");
  await share.fill("30");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Version 2,", { exact: false })).toBeVisible();
  await expect(stale).toHaveCount(0);
  await expect(share).not.toHaveAttribute("aria-invalid", "true");
});

test("an operator adds a language and a server text, exports the texts and re-imports an edited copy", async ({
  page,
}) => {
  const app = running.url;
  await page.goto(`${app}/admin/language/`);
  await page.getByRole("button", { name: "New" }).click();
  await page.getByLabel("Code").fill("de");
  await page.getByLabel("Name", { exact: true }).fill("Deutsch");
  await page.getByRole("checkbox", { name: "Enabled" }).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("cell", { name: "Deutsch" })).toBeVisible();

  await page.goto(`${app}/admin/serverLocalization/`);
  await page.getByRole("button", { name: "New key" }).click();
  await page.getByLabel("Key", { exact: true }).fill("battle.result.victory");
  await page.getByLabel(/Русский/).fill("Победа!");
  await page.getByLabel(/English/).fill("Victory!");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("cell", { name: "battle.result.victory" })).toBeVisible();
  await expect(page.getByText("No text: de")).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  const csv = readFileSync(await download.path(), "utf8");
  expect(csv).toBe("key,ru,en,de\nbattle.result.victory,Победа!,Victory!,\n"); // api/domain/csv.ts: LF rows (docs/decisions/csv.md)
  const edited = join(running.dir, "texts.csv");
  writeFileSync(edited, csv.replace("Victory!,", "Victory!,Sieg!"));

  await page.getByLabel("Check a file").setInputFiles(edited);
  await page.getByRole("button", { name: "Upload" }).first().click();
  await expect(
    page.getByText("The file would add 0, change 1, leave 0 unchanged. Nothing is changed yet."),
  ).toBeVisible();
  await expect(page.getByText("No text: de")).toBeVisible();
  await page.getByLabel("Apply a file").setInputFiles(edited);
  await page.getByRole("button", { name: "Upload" }).nth(1).click();
  await expect(page.getByText("Imported: 0 added, 1 changed, 0 unchanged.")).toBeVisible();
  await expect(page.getByRole("cell", { name: "Sieg!" })).toBeVisible();
  await expect(page.getByText("No text: de")).toHaveCount(0);
});
