// Players admin journey in Debian's Chromium: an operator finds a player, bans them with a reason
// and an end date (confirmed), sees the ban in the ban log, unbans them, grants a tank and sees it
// in the player's tanks. The app runs as in production (startApp: bun edge/bun.ts on a fresh data
// directory); the player, the operator's session and one catalogue tank are put in with SQL.
import { test, expect } from "@playwright/test";
import { addAdmin, addPlayer, addSession, sessionCookie, startApp, type RunningApp } from "./server.ts";

test.use({ launchOptions: { executablePath: "/usr/bin/chromium" }, locale: "en-US" });
test.describe.configure({ mode: "serial", timeout: 120_000 });

let running: RunningApp;
let playerId = 0;
let cookie: ReturnType<typeof sessionCookie>;
const nickname = `Suspect${Date.now() % 100000}`;

test.beforeAll(async () => {
  running = await startApp("players");
  const { db } = running;
  const now = Date.now();
  playerId = await addPlayer(db, {
    nickname,
    email: `${nickname.toLowerCase()}@example.com`,
    country: "DE",
    createdAt: now,
  });
  await db.execute({
    sql: "insert or ignore into content_tanks (id, name_ru, name_en, nation, type, tier, hp, damage, penetration, armor, speed, rate_of_fire, updated_at) values (9901, 'Тестовый', 'E2E Tiger', 'germany', 'heavy', 6, 1500, 240, 200, 100, 40, 50, ?)",
    args: [now],
  });
  cookie = sessionCookie(await addSession(db, "admin", await addAdmin(db, "operator")));
});

test.afterAll(async () => {
  await running?.stop();
});

const pad = (n: number) => String(n).padStart(2, "0");
const spec = (d: Date) =>
  `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

test("an operator finds a player, bans and unbans them, and grants a tank", async ({ browser }, info) => {
  const app = running.url;
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
  const row = await running.db.execute({
    sql: "select banned_until, ban_reason from players where id = ?",
    args: [playerId],
  });
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
  await page.getByLabel("Grant a tank (free of charge)").selectOption({ label: "E2E Tiger (Germany, VI)" });
  await page.getByRole("button", { name: "Grant", exact: true }).click();
  await expect(page.getByRole("cell", { name: "E2E Tiger" })).toBeVisible();
  const owned = await running.db.execute({
    sql: "select count(*) as n from player_items where player_id = ? and item_type = 'tank' and item_id = 9901",
    args: [playerId],
  });
  expect(Number(owned.rows[0].n)).toBe(1);
  await page.screenshot({ path: info.outputPath("player-tanks.png") });

  // The player's log shows the ban and the grant; counters and the statistics open.
  await page.getByRole("link", { name: "Log", exact: true }).click();
  await expect(page.getByRole("cell", { name: /reason: Cheating in battles/ })).toBeVisible();
  await expect(page.getByRole("cell", { name: /Tank #9901/ })).toBeVisible();
  await page.getByRole("link", { name: "Counters", exact: true }).click();
  await expect(page.getByRole("heading", { name: new RegExp(`Counters of ${nickname}`) })).toBeVisible();
  await expect(page.getByRole("img", { name: "Gold by day" })).toBeVisible();
  await page.getByRole("link", { name: "Battles", exact: true }).click();
  await expect(page.getByRole("heading", { name: new RegExp(`Battles of ${nickname}`) })).toBeVisible();
  await page.goto(`${app}/admin/playersStats/`);
  await expect(page.getByRole("heading", { name: "Players statistics" })).toBeVisible();
  await expect(page.getByText(/Players: 1 /)).toBeVisible();
});
