// System configuration journeys in Debian's Chromium against the app as it runs in production
// (bun edge/bun.ts, fresh data directory): an operator edits a client option variant in the JSON
// editor, saves, invalidates the cache and reads the new value through /admin/api/option/client/get;
// adds a language and a server text, exports the texts as CSV and re-imports an edited copy
// (preview first, then applied).
import { test, expect } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type Client } from "@libsql/client";

test.use({ launchOptions: { executablePath: "/usr/bin/chromium" }, locale: "en-US" });
test.describe.configure({ mode: "serial", timeout: 120_000 });

const port = 41_000 + Math.floor(Math.random() * 500);
const app = `http://127.0.0.1:${port}`;
const dir = mkdtempSync(join(tmpdir(), "tk-e2e-system-"));
let server: ChildProcess;
let db: Client;
let admin: { token: string; csrf: string };
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const call = (path: string, body: unknown) =>
  fetch(`${app}${path}`, { method: "POST", headers: { "content-type": "application/json", accept: "application/json", cookie: `tk_admin=${admin.token}`, "x-csrf-token": admin.csrf }, body: JSON.stringify(body) });

test.beforeAll(async () => {
  server = spawn("node_modules/.bin/bun", ["edge/bun.ts"], { env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dir, SEED_PLAYERS: "0", PUBLIC_URL: app }, stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((ok, fail) => {
    server.stdout!.on("data", (d: Buffer) => String(d).includes("Tankodrome ready") && ok());
    server.on("exit", (code) => fail(new Error(`server exited ${code}`)));
  });
  db = createClient({ url: `file:${dir}/tankodrome.db` });
  await db.execute("PRAGMA busy_timeout = 10000");
  const now = Date.now();
  const a = await db.execute({ sql: "insert into admins (username, email, password_hash, role, active, created_at) values (?, ?, '-', 'admin', 1, ?) returning id", args: [`sys${now % 100000}`, `sys${now}@example.com`, now] });
  admin = { token: randomBytes(32).toString("base64url"), csrf: randomBytes(24).toString("base64url") };
  await db.execute({ sql: "insert into sessions (token_hash, kind, subject_id, csrf_token, locale, created_at, last_seen_at, expires_at) values (?, 'admin', ?, ?, 'en', ?, ?, ?)", args: [sha256(admin.token), Number(a.rows[0].id), admin.csrf, now, now, now + 3_600_000] });
  // What the demo world would hold, through the operator's API.
  expect((await call("/admin/clientOptions/save", { key: "battle.hud", value: { showDamageNumbers: true, minimapSize: "medium", crosshair: "classic" } })).status).toBe(200);
  expect((await call("/admin/language/add", { code: "ru", name: "Русский", isDefault: true })).status).toBe(200);
  expect((await call("/admin/language/add", { code: "en", name: "English" })).status).toBe(200);
});

test.afterAll(async () => {
  server?.kill("SIGTERM");
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "tk_admin", value: admin.token, domain: "127.0.0.1", path: "/" }]);
});

test("an operator edits a client option variant, saves, invalidates the cache and reads the new value", async ({ page }) => {
  await page.goto(`${app}/admin/clientOptions/`);
  await page.getByRole("link", { name: "default" }).click();
  await expect(page).toHaveURL(/\/admin\/clientOptions\/editor\/battle\.hud\/default$/);
  const editor = page.getByLabel("Value (JSON)");
  await expect(editor).toHaveValue(/"minimapSize": "medium"/);
  await editor.fill('{ "showDamageNumbers": true, "minimapSize": "broken"');
  await expect(page.getByText(/Not valid JSON/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  // A value of the wrong shape: the server's field error under the editor, nothing saved.
  await editor.fill('{ "showDamageNumbers": true, "minimapSize": "huge", "crosshair": "dot" }');
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(/value\.minimapSize: Please check this value\./)).toBeVisible();
  await editor.fill('{ "showDamageNumbers": false, "minimapSize": "large", "crosshair": "dot" }');
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Version 2,", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "Invalidate cache" }).click();
  await expect(page.getByText("Version 3,", { exact: false })).toBeVisible();
  const read = await page.request.post(`${app}/admin/api/option/client/get`, { data: { key: "battle.hud" }, headers: { accept: "application/json" } });
  expect(await read.json()).toEqual({ key: "battle.hud", variant: "default", value: { showDamageNumbers: false, minimapSize: "large", crosshair: "dot" }, version: 3 });
});

test("an operator adds a language and a server text, exports the texts and re-imports an edited copy", async ({ page }) => {
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

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  const csv = readFileSync(await download.path(), "utf8");
  expect(csv).toBe("key,ru,en,de\r\nbattle.result.victory,Победа!,Victory!,\r\n");
  const edited = join(dir, "texts.csv");
  writeFileSync(edited, csv.replace("Victory!,", "Victory!,Sieg!"));

  await page.getByLabel("Check a file").setInputFiles(edited);
  await page.getByRole("button", { name: "Upload" }).first().click();
  await expect(page.getByText("The file would add 0, change 1, leave 0 unchanged. Nothing is changed yet.")).toBeVisible();
  await expect(page.getByText("No text: de")).toBeVisible();
  await page.getByLabel("Apply a file").setInputFiles(edited);
  await page.getByRole("button", { name: "Upload" }).nth(1).click();
  await expect(page.getByText("Imported: 0 added, 1 changed, 0 unchanged.")).toBeVisible();
  await expect(page.getByRole("cell", { name: "Sieg!" })).toBeVisible();
  await expect(page.getByText("No text: de")).toHaveCount(0);
});
