// Clans and battles journey in Debian's Chromium: an operator sees a stuck battle counted on the
// start page, follows the counter to the battles list and stops the stuck ones (confirm dialog);
// then opens a clan, changes a member's role (confirm dialog) and reads it in the clan log. The
// app runs as in production (startApp: bun edge/bun.ts on a fresh data directory); the battle,
// players and clan are put in the store in code, as a battle server and players would have left
// them. The battles list is live: a battle a battle server starts and ends while the list is open
// appears and changes status without a reload.
import { test, expect } from "@playwright/test";
import {
  addAdmin,
  addPlayer,
  addSession,
  game,
  GAME_API_KEY,
  sessionCookie,
  startApp,
  type RunningApp,
} from "./server.ts";
import * as battles from "../api/contracts/game/api/battles.ts";

test.use({ launchOptions: { executablePath: "/usr/bin/chromium" }, locale: "en-US" });
// The machine the suite runs on is shared: a first screen (its lazy chunk and data) may take a while.
const slow = { timeout: 20_000 };
test.describe.configure({ mode: "serial", timeout: 120_000 });

let running: RunningApp;
let cookie: ReturnType<typeof sessionCookie>;
let stuckId = 0;
let freshId = 0;
let clanId = 0;
let memberId = 0;

test.beforeAll(async () => {
  running = await startApp("battles", { GAME_API_KEY });
  const { db } = running;
  const now = Date.now();
  const player = (nickname: string) => addPlayer(db, { nickname, country: "DE", createdAt: now - 86_400_000 });
  const leader = await player(`Leader${now % 100000}`);
  memberId = await player(`Gunner${now % 100000}`);
  // A battle whose server never reported the end (3 hours ago) and one that has just begun.
  const battle = async (startedAt: number) => {
    const id = Number(
      (
        await db.execute({
          sql: "insert into battles (mode, map, status, started_at) values ('random', 'steppe', 'running', ?) returning id",
          args: [startedAt],
        })
      ).rows[0].id,
    );
    await db.execute({
      sql: "insert into battle_players (battle_id, player_id, tank_id) values (?, ?, 1), (?, ?, 1)",
      args: [id, leader, id, memberId],
    });
    return id;
  };
  stuckId = await battle(now - 3 * 3_600_000);
  freshId = await battle(now - 60_000);
  clanId = Number(
    (
      await db.execute({
        sql: "insert into clans (name, tag, description, leader_id, created_at) values ('Iron Wolves', 'WOLF', '', ?, ?) returning id",
        args: [leader, now - 86_400_000],
      })
    ).rows[0].id,
  );
  await db.execute({
    sql: "insert into clan_members (player_id, clan_id, role, joined_at) values (?, ?, 'leader', ?), (?, ?, 'member', ?)",
    args: [leader, clanId, now - 86_400_000, memberId, clanId, now - 80_000_000],
  });
  await db.execute({
    sql: "insert into clan_log (clan_id, actor_id, target_id, action, details, created_at) values (?, ?, null, 'create', '{}', ?), (?, ?, ?, 'approve', '{}', ?)",
    args: [clanId, leader, now - 86_400_000, clanId, leader, memberId, now - 80_000_000],
  });
  // The clan log's row is checked for the operator's name, "ops" and digits.
  cookie = sessionCookie(await addSession(db, "admin", await addAdmin(db, "operator", "ops")));
});

test.afterAll(async () => {
  await running?.stop();
});

const status = async (id: number) =>
  String((await running.db.execute({ sql: "select status from battles where id = ?", args: [id] })).rows[0].status);

test("an operator stops the stuck battles from the start page's counter, then changes a clan member's role and reads it in the clan log", async ({
  browser,
}, info) => {
  const app = running.url;
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
  expect(
    String(
      (await running.db.execute({ sql: "select role from clan_members where player_id = ?", args: [memberId] })).rows[0]
        .role,
    ),
  ).toBe("officer");

  await page.getByRole("link", { name: "Clan log" }).click();
  await page.waitForURL(new RegExp(`/admin/clanLog/${clanId}$`));
  const row = page.getByRole("row", { name: /changed a role/ });
  await expect(row).toBeVisible(slow);
  await expect(row).toContainText(/operator ops\d+/);
  await expect(row).toContainText("Role: member → officer");
  await expect(page.getByRole("row", { name: /accepted a request/ })).toBeVisible();
  await page.screenshot({ path: info.outputPath("clan-log.png") });

  // The clan's counters (members per day from the log) and the tournament top draw without errors.
  await page.goto(`${app}/admin/clanCounters/${clanId}`);
  await expect(page.getByRole("heading", { name: "Counters: [WOLF] Iron Wolves" })).toBeVisible(slow);
  await expect(page.getByRole("img", { name: "Members at the end of each day" })).toBeVisible(slow);
  await page.goto(`${app}/admin/clansTournaments/`);
  await expect(page.getByRole("heading", { name: "Clan tournaments" })).toBeVisible(slow);
  // This week's board is the weekly clans' tournament of the calendar (its entries, not the battles summed).
  await expect(page.getByRole("link", { name: "The weekly clans' tournament on the calendar" })).toBeVisible(slow);
});

test("the battles list is live: a battle started while it is open appears, then shows its end, without a reload", async ({
  browser,
}, info) => {
  const app = running.url;
  const { db } = running;
  const context = await browser.newContext();
  await context.addCookies([cookie]);
  const page = await context.newPage();
  await page.goto(`${app}/admin/battles/`);
  await expect(page.getByRole("heading", { name: "Battles" })).toBeVisible(slow);
  await expect(page.locator('[data-live="on"]')).toBeVisible(slow);
  // Loaded once: a marker a reload would wipe.
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  // The catalogue's tank the battle server names (the store starts with an empty catalogue).
  const tankId = 901;
  await db.execute({
    sql: "insert into content_tanks (id, name_ru, name_en, nation, type, tier, hp, damage, penetration, armor, speed, rate_of_fire, updated_at) values (?, 'Т-34', 'T-34', 'ussr', 'medium', 5, 500, 110, 120, 45, 55, 80, ?)",
    args: [tankId, Date.now()],
  });
  const now = Date.now();
  const a = await addPlayer(db, { nickname: `Live${now % 100000}`, country: "DE", createdAt: now - 86_400_000 });
  const b = await addPlayer(db, { nickname: `Wire${now % 100000}`, country: "DE", createdAt: now - 86_400_000 });
  const { battleId } = await game(running, battles.start, {
    mode: "random",
    map: "live-steppe",
    players: [
      { playerId: a, tankId },
      { playerId: b, tankId },
    ],
  });
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: `#${battleId}`, exact: true }) });
  await expect(row).toBeVisible(slow);
  await expect(row.locator("[data-status]")).toHaveAttribute("data-status", "running");

  await game(running, battles.end, {
    battleId,
    results: [
      { playerId: a, result: "win", experience: 500, silver: 1000, kills: 2, damage: 900, durationS: 300 },
      { playerId: b, result: "loss", experience: 200, silver: 300, kills: 0, damage: 100, durationS: 300 },
    ],
  });
  await expect(row.locator("[data-status]")).toHaveAttribute("data-status", "finished", slow);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await page.screenshot({ path: info.outputPath("battles-live.png") });
});
