// Clans and battles journey in Debian's Chromium: an operator sees a stuck battle counted on the
// start page, follows the counter to the battles list and stops the stuck ones (confirm dialog);
// then opens a clan, changes a member's role (confirm dialog) and reads it in the clan log. The
// app runs as in production (bun edge/bun.ts) on a fresh data directory; the battle, players and
// clan are put in the store in code, as a battle server and players would have left them.
import { test, expect } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type Client } from "@libsql/client";

test.use({ launchOptions: { executablePath: "/usr/bin/chromium" }, locale: "en-US" });
// The machine the suite runs on is shared: a first screen (its lazy chunk and data) may take a while.
const slow = { timeout: 20_000 };
test.describe.configure({ mode: "serial", timeout: 120_000 });

const port = 41_000 + Math.floor(Math.random() * 500);
const app = `http://127.0.0.1:${port}`;
const dir = mkdtempSync(join(tmpdir(), "tk-e2e-battles-"));
let server: ChildProcess;
let db: Client;
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
let cookie: { name: string; value: string; domain: string; path: string };
let stuckId = 0;
let freshId = 0;
let clanId = 0;
let memberId = 0;

test.beforeAll(async () => {
  server = spawn("node_modules/.bin/bun", ["edge/bun.ts"], { env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dir, SEED_PLAYERS: "0", PUBLIC_URL: app }, stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((ok, fail) => {
    server.stdout!.on("data", (d: Buffer) => String(d).includes("Tankodrome ready") && ok());
    server.on("exit", (code) => fail(new Error(`server exited ${code}`)));
  });
  db = createClient({ url: `file:${dir}/tankodrome.db` });
  await db.execute("PRAGMA busy_timeout = 10000");
  const now = Date.now();
  const player = async (nickname: string) =>
    Number((await db.execute({ sql: "insert into players (nickname, country, platform, source, locale, created_at) values (?, 'DE', 'web', 'organic', 'en', ?) returning id", args: [nickname, now - 86_400_000] })).rows[0].id);
  const leader = await player(`Leader${now % 100000}`);
  memberId = await player(`Gunner${now % 100000}`);
  // A battle whose server never reported the end (3 hours ago) and one that has just begun.
  const battle = async (startedAt: number) => {
    const id = Number((await db.execute({ sql: "insert into battles (mode, map, status, started_at) values ('random', 'steppe', 'running', ?) returning id", args: [startedAt] })).rows[0].id);
    await db.execute({ sql: "insert into battle_players (battle_id, player_id, tank_id) values (?, ?, 1), (?, ?, 1)", args: [id, leader, id, memberId] });
    return id;
  };
  stuckId = await battle(now - 3 * 3_600_000);
  freshId = await battle(now - 60_000);
  clanId = Number((await db.execute({ sql: "insert into clans (name, tag, description, leader_id, created_at) values ('Iron Wolves', 'WOLF', '', ?, ?) returning id", args: [leader, now - 86_400_000] })).rows[0].id);
  await db.execute({ sql: "insert into clan_members (player_id, clan_id, role, joined_at) values (?, ?, 'leader', ?), (?, ?, 'member', ?)", args: [leader, clanId, now - 86_400_000, memberId, clanId, now - 80_000_000] });
  await db.execute({ sql: "insert into clan_log (clan_id, actor_id, target_id, action, details, created_at) values (?, ?, null, 'create', '{}', ?), (?, ?, ?, 'approve', '{}', ?)", args: [clanId, leader, now - 86_400_000, clanId, leader, memberId, now - 80_000_000] });
  const a = await db.execute({ sql: "insert into admins (username, email, password_hash, role, active, created_at) values (?, ?, '-', 'operator', 1, ?) returning id", args: [`ops${now % 100000}`, `ops${now}@example.com`, now] });
  const token = randomBytes(32).toString("base64url");
  await db.execute({
    sql: "insert into sessions (token_hash, kind, subject_id, csrf_token, locale, created_at, last_seen_at, expires_at) values (?, 'admin', ?, ?, 'en', ?, ?, ?)",
    args: [sha256(token), Number(a.rows[0].id), randomBytes(24).toString("base64url"), now, now, now + 3_600_000],
  });
  cookie = { name: "tk_admin", value: token, domain: "127.0.0.1", path: "/" };
});

test.afterAll(async () => {
  server?.kill("SIGTERM");
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const status = async (id: number) => String((await db.execute({ sql: "select status from battles where id = ?", args: [id] })).rows[0].status);

test("an operator stops the stuck battles from the start page's counter, then changes a clan member's role and reads it in the clan log", async ({ browser }, info) => {
  const context = await browser.newContext();
  await context.addCookies([cookie]);
  const page = await context.newPage();

  await page.goto(`${app}/admin/`);
  const counter = page.getByRole("link", { name: /Stuck battles: 1/ });
  await expect(counter).toBeVisible(slow);
  await counter.click();
  await page.waitForURL(/\/admin\/battles\/\?status=stuck/);
  await expect(page.getByRole("link", { name: `#${stuckId}`, exact: true })).toBeVisible(slow);
  await expect(page.getByRole("link", { name: `#${freshId}`, exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Stop the stuck" }).click();
  await expect(page.getByRole("dialog")).toContainText("Stop every stuck battle?");
  await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Stuck battles stopped: 1")).toBeVisible();
  expect(await status(stuckId)).toBe("stopped");
  expect(await status(freshId)).toBe("running");
  await page.screenshot({ path: info.outputPath("battles.png") });

  // The battle's timeline shows the stop.
  await page.goto(`${app}/admin/battles/${stuckId}/events`);
  await expect(page.getByText("Stopped by an operator (no rewards)")).toBeVisible(slow);

  await page.goto(`${app}/admin/clan/`);
  await page.getByRole("link", { name: "Iron Wolves" }).click(slow);
  await page.waitForURL(new RegExp(`/admin/clan/${clanId}$`));
  await page.getByRole("combobox", { name: /Role of Gunner/ }).selectOption("officer", slow);
  await expect(page.getByRole("dialog")).toContainText(/Make Gunner\d+ officer\?/);
  await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Saved")).toBeVisible();
  expect(String((await db.execute({ sql: "select role from clan_members where player_id = ?", args: [memberId] })).rows[0].role)).toBe("officer");

  await page.getByRole("link", { name: "Clan log" }).click();
  await page.waitForURL(new RegExp(`/admin/clanLog/${clanId}$`));
  const row = page.getByRole("row", { name: /changed a role/ });
  await expect(row).toBeVisible(slow);
  await expect(row).toContainText(/operator ops\d+/);
  await expect(row).toContainText("role: officer");
  await expect(page.getByRole("row", { name: /accepted a request/ })).toBeVisible();
  await page.screenshot({ path: info.outputPath("clan-log.png") });

  // The clan's counters (members per day from the log) and the tournament top draw without errors.
  await page.goto(`${app}/admin/clanCounters/${clanId}`);
  await expect(page.getByRole("heading", { name: "Counters: [WOLF] Iron Wolves" })).toBeVisible(slow);
  await expect(page.getByRole("img", { name: "Members at the end of each day" })).toBeVisible(slow);
  await page.goto(`${app}/admin/clansTournaments/`);
  await expect(page.getByRole("heading", { name: "Clan tournaments" })).toBeVisible(slow);
});
