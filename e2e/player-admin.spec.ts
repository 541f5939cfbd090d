// Players admin journey in Debian's Chromium: an operator finds a player, bans them with a reason
// and an end date (confirmed), sees the ban in the ban log, unbans them, grants a tank and sees it
// in the player's tanks. The app runs as in production (bun edge/bun.ts) on a fresh data
// directory; the player, the operator's session and one catalogue tank are put in with SQL.
import { test, expect } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type Client } from "@libsql/client";

test.use({ launchOptions: { executablePath: "/usr/bin/chromium" }, locale: "en-US" });
test.describe.configure({ mode: "serial", timeout: 120_000 });

const port = 41_000 + Math.floor(Math.random() * 500);
const app = `http://127.0.0.1:${port}`;
const dir = mkdtempSync(join(tmpdir(), "tk-e2e-players-"));
let server: ChildProcess;
let db: Client;
let playerId = 0;
let cookie: { name: string; value: string; domain: string; path: string };
const nickname = `Suspect${Date.now() % 100000}`;
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

test.beforeAll(async () => {
  server = spawn("node_modules/.bin/bun", ["edge/bun.ts"], { env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dir, SEED_PLAYERS: "0", PUBLIC_URL: app }, stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((ok, fail) => {
    server.stdout!.on("data", (d: Buffer) => String(d).includes("Tankodrome ready") && ok());
    server.on("exit", (code) => fail(new Error(`server exited ${code}`)));
  });
  db = createClient({ url: `file:${dir}/tankodrome.db` });
  await db.execute("PRAGMA busy_timeout = 10000");
  const now = Date.now();
  playerId = Number((await db.execute({ sql: "insert into players (nickname, email, country, platform, source, locale, created_at) values (?, ?, 'DE', 'web', 'organic', 'en', ?) returning id", args: [nickname, `${nickname.toLowerCase()}@example.com`, now] })).rows[0].id);
  await db.execute({ sql: "insert or ignore into content_tanks (id, name_ru, name_en, nation, type, tier, hp, damage, penetration, armor, speed, rate_of_fire, updated_at) values (9901, 'Тестовый', 'E2E Tiger', 'germany', 'heavy', 6, 1500, 240, 200, 100, 40, 50, ?)", args: [now] });
  const adminId = Number((await db.execute({ sql: "insert into admins (username, email, password_hash, role, active, created_at) values (?, ?, '-', 'operator', 1, ?) returning id", args: [`op${now % 100000}`, `op${now}@example.com`, now] })).rows[0].id);
  const token = randomBytes(32).toString("base64url");
  await db.execute({ sql: "insert into sessions (token_hash, kind, subject_id, csrf_token, locale, created_at, last_seen_at, expires_at) values (?, 'admin', ?, ?, 'en', ?, ?, ?)", args: [sha256(token), adminId, randomBytes(24).toString("base64url"), now, now, now + 3_600_000] });
  cookie = { name: "tk_admin", value: token, domain: "127.0.0.1", path: "/" };
});

test.afterAll(async () => {
  server?.kill("SIGTERM");
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const pad = (n: number) => String(n).padStart(2, "0");
const spec = (d: Date) => `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

test("an operator finds a player, bans and unbans them, and grants a tank", async ({ browser }, info) => {
  const context = await browser.newContext();
  await context.addCookies([cookie]);
  const page = await context.newPage();

  // Find the player by a part of the nickname.
  await page.goto(`${app}/admin/player/`);
  await page.getByRole("searchbox", { name: "Id, nickname, email or social id" }).fill(nickname.slice(0, 9));
  await page.getByRole("link", { name: nickname }).click();
  await expect(page.getByRole("heading", { name: new RegExp(nickname) })).toBeVisible();
  await expect(page.getByTestId("ban-state")).toHaveText("Not banned");

  // Ban with a reason and an end date, after a confirmation.
  const end = new Date(Date.now() + 3 * 86_400_000);
  end.setMilliseconds(0);
  await page.getByLabel("Reason").fill("Cheating in battles");
  await page.getByLabel("Banned until").fill(spec(end));
  await page.getByRole("button", { name: "Ban", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("ban-state")).toContainText("Cheating in battles");
  await expect(page.getByTestId("ban-state")).toContainText(spec(end));
  const row = await db.execute({ sql: "select banned_until, ban_reason from players where id = ?", args: [playerId] });
  expect(Number(row.rows[0].banned_until)).toBe(end.getTime());
  await page.screenshot({ path: info.outputPath("player-banned.png") });

  // The ban log shows it.
  await page.getByRole("link", { name: "Bans" }).click();
  await expect(page.getByRole("cell", { name: "Cheating in battles" })).toBeVisible();
  await expect(page.getByTestId("ban-state")).toContainText("Banned until");

  // Unban from the card.
  await page.getByRole("link", { name: "Card" }).click();
  await page.getByRole("button", { name: "Unban" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("ban-state")).toHaveText("Not banned");
  await page.getByRole("link", { name: "Bans" }).click();
  await expect(page.getByRole("cell", { name: "unban", exact: true })).toBeVisible();

  // Grant a tank and see it in the player's tanks.
  await page.getByRole("link", { name: "Tanks" }).click();
  await page.getByLabel("Grant a tank (free of charge)").selectOption({ label: "E2E Tiger (germany, 6)" });
  await page.getByRole("button", { name: "Grant", exact: true }).click();
  await expect(page.getByRole("cell", { name: "E2E Tiger" })).toBeVisible();
  const owned = await db.execute({ sql: "select count(*) as n from player_items where player_id = ? and item_type = 'tank' and item_id = 9901", args: [playerId] });
  expect(Number(owned.rows[0].n)).toBe(1);
  await page.screenshot({ path: info.outputPath("player-tanks.png") });

  // The player's log shows the ban and the grant; counters and the statistics open.
  await page.getByRole("link", { name: "Log", exact: true }).click();
  await expect(page.getByRole("cell", { name: /reason: Cheating in battles/ })).toBeVisible();
  await expect(page.getByRole("cell", { name: /granted tank 9901/ })).toBeVisible();
  await page.getByRole("link", { name: "Counters", exact: true }).click();
  await expect(page.getByRole("heading", { name: new RegExp(`Counters of ${nickname}`) })).toBeVisible();
  await expect(page.getByRole("img", { name: "Gold by day" })).toBeVisible();
  await page.getByRole("link", { name: "Battles", exact: true }).click();
  await expect(page.getByRole("heading", { name: new RegExp(`Battles of ${nickname}`) })).toBeVisible();
  await page.goto(`${app}/admin/playersStats/`);
  await expect(page.getByRole("heading", { name: "Players statistics" })).toBeVisible();
  await expect(page.getByText(/Players: 1 /)).toBeVisible();
});
