// Issue 32, the players' side of a tournament: an operator schedules a tournament with a prize
// table (the admin API, as the calendar's form sends it); a player enters from the hangar's "What's
// on", another through the same route; battle servers report their battles; the period ends and
// the settle runs (the command the maintenance timer's sweep runs, `npm run liveops:settle`); the
// prizes arrive in the players' gold and their "What's on" shows the result — in English and in
// Russian, at 1366 and 390 px.
import { spawnSync } from "node:child_process";
import { test, expect, type Page } from "@playwright/test";
import {
  addAdmin,
  addPlayer,
  addSession,
  game,
  GAME_API_KEY,
  signedInPage,
  startApp,
  type RunningApp,
} from "./server.ts";
import { call } from "./contracts.ts";
import * as liveops from "../api/contracts/admin/liveops.ts";
import * as playerLiveops from "../api/contracts/public/liveops.ts";
import * as battles from "../api/contracts/game/api/battles.ts";

test.use({ launchOptions: { executablePath: "/usr/bin/chromium" } });
// The period ends 1.5–2.5 minutes after the journey starts, by the wall clock: the journey waits for it.
test.describe.configure({ timeout: 420_000 });

let running: RunningApp;
test.beforeAll(async () => {
  running = await startApp("liveops-player", { GAME_API_KEY });
});
test.afterAll(async () => {
  await running?.stop();
});

const gold = async (playerId: number) =>
  Number((await running.db.execute({ sql: "select gold from players where id = ?", args: [playerId] })).rows[0].gold);

/**
 * Opens the hangar until `check` holds there. A battle's result the player has not seen yet comes
 * first, also after the server-drawn hangar has shown (the page asks for it once alive): its "To the
 * hangar" button is clicked whenever it is up.
 */
async function hangar(page: Page, url: string, locale: "ru" | "en", check: () => Promise<void>) {
  await page.goto(url);
  const back = page.getByRole("button", { name: locale === "ru" ? "В ангар" : "To the hangar" });
  await expect(async () => {
    if (await back.isVisible()) await back.click();
    await expect(page.getByRole("heading", { level: 1, name: locale === "ru" ? "Ангар" : "Hangar" })).toBeVisible({
      timeout: 2_000,
    });
    await check();
    await expect(back).toBeHidden();
  }).toPass({ timeout: 45_000 });
}

async function look(page: Page, name: string) {
  const section = page.getByRole("region", { name: /What's on|События/ });
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `e2e/output/liveops-player-${name}.png`, fullPage: true });
  // Nothing wider than the window (a phone scrolls down, never sideways).
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
}

test("a tournament: players enter, play, the period ends and the prizes arrive", async ({ browser }) => {
  const { db } = running;
  const operator = await addAdmin(db, "operator");
  const session = await addSession(db, "admin", operator);
  const minute = 60_000;
  const start = Math.floor(Date.now() / minute) * minute;
  // At least 90 s to enter and play before the end (the schedule counts whole minutes).
  const end = Math.ceil((Date.now() + 90_000) / minute) * minute;
  const wall = (ms: number) => new Date(ms).toISOString().slice(0, 16);
  const cup = await call(
    running,
    liveops.save,
    {
      kind: "tournament",
      titleRu: "Кубок трёх минут",
      titleEn: "Three-minute cup",
      schedule: { kind: "fixed", periods: [{ start: wall(start), end: wall(end) }], timeZone: "UTC" },
      metric: "wins",
      prizes: {
        by: "rank",
        rows: [
          { from: 1, to: 1, gold: 120, silver: 0 },
          { from: 2, to: 2, gold: 40, silver: 0 },
        ],
      },
    },
    { session },
  );
  const eventId = cup.event.id;

  // A tier-I tank of the catalogue (the world starts with none: no demo players).
  await db.execute({
    sql: "insert into content_tanks (id, name_ru, name_en, nation, type, tier, hp, damage, penetration, armor, speed, rate_of_fire, updated_at) values (9801, 'Кубковый', 'Cup Runner', 'ussr', 'medium', 1, 300, 50, 60, 40, 50, 80, ?)",
    args: [Date.now()],
  });
  const tank = { id: 9801, tier: 1 };
  const stamp = Date.now() % 100000;
  const alpha = await addPlayer(db, { nickname: `Alpha${stamp}`, country: "DE" });
  const bravo = await addPlayer(db, { nickname: `Bravo${stamp}`, country: "DE" });
  for (const p of [alpha, bravo])
    await db.execute({
      sql: "insert into player_items (player_id, item_type, item_id, quantity, acquired_at) values (?, 'tank', ?, 1, ?)",
      args: [p, tank.id, Date.now()],
    });
  const goldBefore = { alpha: await gold(alpha), bravo: await gold(bravo) };

  // Alpha enters from the hangar.
  const { context, page } = await signedInPage(
    browser,
    db,
    { player: alpha },
    {
      context: { locale: "en-US", viewport: { width: 1366, height: 900 } },
    },
  );
  await page.goto(`${running.url}/en/play/`);
  const whatsOn = page.getByRole("region", { name: "What's on" });
  const card = whatsOn.getByRole("listitem").filter({ hasText: "Three-minute cup" });
  await expect(card.getByRole("heading", { name: /Three-minute cup/ })).toBeVisible({ timeout: 20_000 });
  await expect(card).toContainText("Until");
  await expect(card).toContainText("Place 1");
  await card.getByRole("button", { name: "Take part" }).click();
  await expect(card).toContainText("Your place: 1 of 1");

  // Bravo enters through the same route, with a session of their own.
  const bravoSession = await addSession(db, "player", bravo);
  const entered = await call(
    running,
    playerLiveops.enter,
    { eventId, tier: Number(tank.tier) },
    { session: bravoSession },
  );
  expect(entered.replayed).toBe(false);

  // Battle servers report three battles: Alpha wins two, Bravo one.
  const battle = async (winner: number, loser: number) => {
    const { battleId } = await game(running, battles.start, {
      mode: "random",
      map: "steppe",
      players: [
        { playerId: winner, tankId: Number(tank.id) },
        { playerId: loser, tankId: Number(tank.id) },
      ],
    });
    const r = { experience: 100, silver: 0, kills: 1, damage: 200, durationS: 60 };
    await game(running, battles.end, {
      battleId,
      results: [
        { playerId: winner, result: "win", ...r },
        { playerId: loser, result: "loss", ...r },
      ],
    });
  };
  await battle(alpha, bravo);
  await battle(bravo, alpha);
  await battle(alpha, bravo);

  await hangar(page, `${running.url}/en/play/`, "en", () =>
    expect(card).toContainText("Your place: 1 of 2", { timeout: 3_000 }),
  );
  await expect(card).toContainText("Score: 2");
  await expect(card.getByRole("list", { name: "Your place" })).toContainText(`Bravo${stamp}`);
  await look(page, "running-en-1366");

  // The period ends; the settle pays the prizes, once (a second run pays nothing).
  await expect.poll(() => Date.now() >= end + 1000, { timeout: 240_000, intervals: [5_000] }).toBe(true);
  const settle = () =>
    spawnSync("node_modules/.bin/bun", ["edge/cli/liveops-settle.ts"], {
      env: { ...process.env, DATA_DIR: running.dir },
      encoding: "utf8",
    });
  const first = settle();
  expect(first.status, first.stderr).toBe(0);
  expect(first.stdout).toContain(`event ${eventId} period`);
  expect(first.stdout).toContain("2 prizes paid");
  expect(settle().stdout).toContain("0 periods settled");
  expect(await gold(alpha)).toBe(goldBefore.alpha + 120);
  expect(await gold(bravo)).toBe(goldBefore.bravo + 40);

  // What's on shows the result.
  await hangar(page, `${running.url}/en/play/`, "en", () =>
    expect(card).toContainText("Last time", { timeout: 3_000 }),
  );
  await expect(card).toContainText("Place 1 · Score: 2");
  await expect(card).toContainText("120");
  await look(page, "settled-en-1366");
  await context.close();

  for (const [locale, width] of [
    ["ru", 390],
    ["en", 390],
    ["ru", 1366],
  ] as const) {
    const { context: c, page: p } = await signedInPage(
      browser,
      db,
      { player: bravo },
      {
        locale,
        context: { locale: locale === "ru" ? "ru-RU" : "en-US", viewport: { width, height: 900 } },
      },
    );
    const mine = p
      .getByRole("region", { name: locale === "ru" ? "События" : "What's on" })
      .getByRole("listitem")
      .filter({ hasText: locale === "ru" ? "Кубок трёх минут" : "Three-minute cup" });
    await hangar(p, `${running.url}/${locale}/play/`, locale, () =>
      expect(mine).toContainText(locale === "ru" ? "Место 2 · Очки: 1" : "Place 2 · Score: 1", {
        timeout: 3_000,
      }),
    );
    await look(p, `settled-${locale}-${width}`);
    await c.close();
  }
});

test("the weekly clans' tournament: a member's battle for the clan puts the clan on the board, What's on shows the clan's place", async ({
  browser,
}) => {
  const { db } = running;
  // The first journey's tier-I tank (this one may run alone).
  await db.execute({
    sql: "insert or ignore into content_tanks (id, name_ru, name_en, nation, type, tier, hp, damage, penetration, armor, speed, rate_of_fire, updated_at) values (9801, 'Кубковый', 'Cup Runner', 'ussr', 'medium', 1, 300, 50, 60, 40, 50, 80, ?)",
    args: [Date.now()],
  });
  const tank = { id: 9801, tier: 1 };
  const stamp = Date.now() % 100000;
  const member = await addPlayer(db, { nickname: `Member${stamp}`, country: "DE" });
  const rival = await addPlayer(db, { nickname: `Rival${stamp}`, country: "DE" });
  for (const p of [member, rival])
    await db.execute({
      sql: "insert into player_items (player_id, item_type, item_id, quantity, acquired_at) values (?, 'tank', ?, 1, ?)",
      args: [p, tank.id, Date.now()],
    });
  const clan = await db.execute({
    sql: "insert into clans (name, tag, leader_id, created_at) values (?, ?, ?, ?) returning id",
    args: [`Cup Wolves ${stamp}`, `W${stamp % 1000}`, member, Date.now()],
  });
  await db.execute({
    sql: "insert into clan_members (player_id, clan_id, role, joined_at) values (?, ?, 'leader', ?)",
    args: [member, Number(clan.rows[0].id), Date.now()],
  });
  const { battleId } = await game(running, battles.start, {
    mode: "random",
    map: "steppe",
    players: [
      { playerId: member, tankId: tank.id },
      { playerId: rival, tankId: tank.id },
    ],
  });
  const r = { experience: 100, silver: 0, kills: 1, damage: 200, durationS: 60 };
  await game(running, battles.end, {
    battleId,
    results: [
      { playerId: member, result: "win", ...r },
      { playerId: rival, result: "loss", ...r },
    ],
  });
  for (const [locale, width] of [
    ["en", 1366],
    ["ru", 390],
  ] as const) {
    const { context, page } = await signedInPage(
      browser,
      db,
      { player: member },
      { locale, context: { locale: locale === "ru" ? "ru-RU" : "en-US", viewport: { width, height: 900 } } },
    );
    const card = page
      .getByRole("region", { name: locale === "ru" ? "События" : "What's on" })
      .getByRole("listitem")
      .filter({ hasText: locale === "ru" ? "Еженедельный турнир кланов" : "Weekly clans' tournament" });
    await hangar(page, `${running.url}/${locale}/play/`, locale, () =>
      expect(card).toContainText(locale === "ru" ? "Место вашего клана: 1 из 1" : "Your clan's place: 1 of 1", {
        timeout: 3_000,
      }),
    );
    await expect(card.getByRole("list")).toContainText(`Cup Wolves ${stamp}`);
    await look(page, `clans-${locale}-${width}`);
    await context.close();
  }
});
