// The game's journey in Debian's Chromium, against the app as it runs in production (startApp: bun
// edge/bun.ts, a small seeded world): an operator sets short battles through /admin/battleOptions/
// (one minute, two a side, bots after a second); a player signs in on the way to /ru/play/ and
// comes to the hangar, goes to battle, drives and fires with the keys until the battle ends,
// reloads the page mid-battle and is back in it, reads the rewards on the result screen; then the battle is in their profile, on the operator's
// battle page (with its replay) and in the tanks' earnings metrics. Screenshots go to e2e/output.
import { test, expect } from "@playwright/test";
import { addAdmin, addSession, game, GAME_API_KEY, sessionCookie, startApp, type RunningApp } from "./server.ts";
import * as players from "../api/contracts/game/api/players.ts";

test.describe.configure({ mode: "serial", timeout: 240_000 });
test.use({ actionTimeout: 20_000, navigationTimeout: 30_000 });

let running: RunningApp;
let admin: Awaited<ReturnType<typeof addSession>>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  running = await startApp("battle", { SEED_PLAYERS: "30", SEED_DAYS: "2", GAME_API_KEY });
  admin = await addSession(running.db, "admin", await addAdmin(running.db, "operator", "ops"));
});

test.afterAll(async () => {
  await running?.stop();
});

const asAdmin = (path: string, init: RequestInit = {}) =>
  fetch(`${running.url}${path}`, {
    ...init,
    headers: {
      cookie: `tk_admin=${admin.token}`,
      "x-csrf-token": admin.csrf,
      accept: "application/json",
      "content-type": "application/json",
      ...(init.headers ?? {}),
    },
  });

interface TankEarns {
  tanks: { tank_id: number; battles: number }[];
}

test("a player signs in, fights a battle with the keys and reads the rewards; the profile, the admin battle page and the metrics show it", async ({
  browser,
}) => {
  const app = running.url;
  // Short battles, set the way operators set them.
  const current = (await (await asAdmin("/admin/battleOptions/")).json()) as {
    current: { version: number; value: Record<string, unknown> };
  };
  const saved = await asAdmin("/admin/battleOptions/save", {
    method: "POST",
    body: JSON.stringify({
      value: {
        ...current.current.value,
        roundSeconds: 60,
        respawn: false,
        maps: ["prokhorovka"],
        teamSize: 2,
        maxWaitSeconds: 1,
        tierSpread: 1,
      },
      baseVersion: current.current.version,
    }),
  });
  expect(saved.status, await saved.clone().text()).toBe(200);

  const email = `gunner${Date.now()}@example.com`;
  const reg = await game(running, players.register, {
    email,
    password: "gunner password 1",
    nickname: `Gunner${Date.now() % 100000}`,
    locale: "ru",
  });
  expect(reg.playerId).toBeGreaterThan(0);
  // A trained loader (level 6, one skill level): the hangar's tank card shows the crew's effect.
  await running.db.execute({
    sql: "update player_crew_members set level = 6, skill_level = 1 where player_id = ? and crew_id = (select id from content_crews where role = 'loader')",
    args: [reg.playerId],
  });
  const earnsBefore = (await (await asAdmin("/admin/metrics/tanksEarns/")).json()) as TankEarns;

  const context = await browser.newContext({ locale: "ru-RU", viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
  page.on("response", (r) => r.status() === 404 && problems.push(`404: ${r.url()}`));

  // Signing in from the header's link on the way to the game, and back to the game after it (a
  // visitor opening /ru/play/ plays as a guest: e2e/front-door.spec.ts).
  await page.goto(`${app}/public/login?next=${encodeURIComponent("/ru/play/")}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Пароль").fill("gunner password 1");
  await page.getByRole("button", { name: "Войти" }).click();
  await page.waitForURL(/\/ru\/play\/$/);
  await expect(page.getByRole("heading", { name: "Ангар" })).toBeVisible();
  await expect(page).toHaveTitle(/Ангар/);
  const toBattle = page.getByRole("button", { name: "В бой" });
  await expect(toBattle).toBeVisible();
  await expect(page.getByTestId("crew-bonus")).toHaveText("Экипаж в бою: перезарядка −6%");
  await page.screenshot({ path: "e2e/output/battle-hangar.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("crew-bonus")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: "e2e/output/battle-hangar-390.png", fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });
  // Training the loader's skill one more level from the crew list, at once for gold: paid once, the bonus grows.
  const goldBefore = Number(
    (await running.db.execute({ sql: "select gold from players where id = ?", args: [reg.playerId] })).rows[0].gold,
  );
  await page.getByRole("button", { name: "Обучить навык (Заряжающий) до 2 сразу за 10 золота" }).click();
  await expect(page.getByTestId("crew-bonus")).toHaveText("Экипаж в бою: перезарядка −7%");
  await expect(page.getByRole("button", { name: "Обучить навык (Заряжающий) до 3 сразу за 10 золота" })).toBeVisible();
  expect(
    Number(
      (await running.db.execute({ sql: "select gold from players where id = ?", args: [reg.playerId] })).rows[0].gold,
    ),
  ).toBe(goldBefore - 10);
  const trainedPaid = await running.db.execute({
    sql: "select delta from ledger_entries where player_id = ? and reason = 'crew.upgrade'",
    args: [reg.playerId],
  });
  expect(trainedPaid.rows.map((r) => Number(r.delta))).toEqual([-10]);
  await page.screenshot({ path: "e2e/output/battle-hangar-trained.png" });
  const tankName = (
    await page.getByRole("region", { name: "Выбранный танк" }).getByRole("heading", { level: 2 }).innerText()
  ).replace(/\s+[IVX]+$/, "");

  // To battle: bots fill both teams after the second's wait.
  await toBattle.click();
  const field = page.getByRole("img", { name: "Поле боя" });
  await expect(field).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Подключаемся к бою…")).toBeHidden({ timeout: 15_000 });
  // Drive forward, turn, fire with Space, drive back; again until the battle ends.
  const result = page.getByRole("button", { name: "В ангар" });
  let shot = false;
  for (let round = 0; round < 40 && !(await result.isVisible()); round++) {
    await page.keyboard.down("KeyW");
    await page.keyboard.down("Space");
    await page.waitForTimeout(700);
    await page.keyboard.up("Space");
    await page.keyboard.down(round % 2 ? "KeyA" : "KeyD");
    await page.waitForTimeout(500);
    await page.keyboard.up(round % 2 ? "KeyA" : "KeyD");
    await page.keyboard.up("KeyW");
    if (round === 3 && !shot && !(await result.isVisible())) {
      await page.screenshot({ path: "e2e/output/battle-field.png" });
      shot = true;
      // A reload mid-battle brings the player straight back into it.
      await page.reload();
      await expect(field.or(result)).toBeVisible({ timeout: 20_000 });
    }
    await page.keyboard.down("KeyS");
    await page.waitForTimeout(300);
    await page.keyboard.up("KeyS");
    await page.waitForTimeout(600);
  }
  await expect(result).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Победа!|Поражение|Ничья/);
  const earnings = page.getByRole("definition").first();
  await expect(earnings).toHaveText(/^\+\d/);
  await expect(page.getByText("Получено серебра")).toBeVisible();
  await page.screenshot({ path: "e2e/output/battle-result.png" });
  const battleId = Number(/№(\d+)/.exec(await page.getByText(/Бой №\d+/).innerText())![1]);
  await result.click();
  await expect(page.getByRole("heading", { name: "Ангар" })).toBeVisible();
  await expect(page.getByText("Боёв: 1")).toBeVisible();

  // The profile counts the battle.
  const profile = (await (
    await page.request.get(`${app}/public/profile/`, { headers: { accept: "application/json" } })
  ).json()) as { player?: { battles: number }; battles?: number };
  expect(profile.player?.battles ?? profile.battles).toBe(1);
  await page.goto(`${app}/public/profile/`);
  await page.screenshot({ path: "e2e/output/battle-profile.png" });
  expect(problems).toEqual([]);

  // The operator's battle page: finished, the player's row, and its replay drawn.
  const ops = await browser.newContext({ locale: "en-US", viewport: { width: 1366, height: 900 } });
  await ops.addCookies([sessionCookie(admin)]);
  const opsPage = await ops.newPage();
  await opsPage.goto(`${app}/admin/battles/${battleId}/events`);
  await expect(opsPage.getByRole("heading", { name: new RegExp(`Battle #${battleId}`) })).toBeVisible();
  await expect(opsPage.getByRole("link", { name: /Gunner/ })).toBeVisible();
  await opsPage.getByRole("button", { name: "Replay" }).click();
  await expect(opsPage.getByRole("img", { name: "Battlefield" })).toBeVisible();
  await opsPage.waitForTimeout(2500);
  await opsPage.screenshot({ path: "e2e/output/battle-admin-replay.png" });

  // The tanks' earnings count one battle more for the player's tank once the warehouse has it.
  const tanks = (await (await asAdmin(`/admin/battles/${battleId}/players/get`)).json()) as {
    rows: { tankId: number; tankName: string }[];
  };
  const tankId = tanks.rows[0].tankId;
  expect(tankName.length).toBeGreaterThan(0);
  const count = (e: TankEarns) => e.tanks.find((t) => t.tank_id === tankId)?.battles ?? 0;
  await expect
    .poll(async () => count((await (await asAdmin("/admin/metrics/tanksEarns/")).json()) as TankEarns), {
      timeout: 30_000,
    })
    .toBe(count(earnsBefore) + 1);
  await opsPage.goto(`${app}/admin/metrics/tanksEarns/`);
  await expect(opsPage.getByRole("heading", { level: 1 })).toBeVisible();
  await opsPage.screenshot({ path: "e2e/output/battle-metrics.png" });
  await context.close();
  await ops.close();
});
