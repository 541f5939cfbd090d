// Issue 30's journey in Debian's Chromium: a player fights in a fragile tank (an operator's test
// tank: one hit destroys it), dies, watches an ally, goes to the hangar while the battle goes on,
// sees the result come with a level-up, buys a gun module, sees the damage figure change, and takes
// the tank to battle with it. Screenshots go to e2e/output.
import { test, expect } from "@playwright/test";
import { addAdmin, addPlayer, addSession, signedInPage, startApp, type RunningApp } from "./server.ts";

test.describe.configure({ mode: "serial", timeout: 300_000 });
test.use({ actionTimeout: 20_000, navigationTimeout: 30_000 });

let running: RunningApp;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  running = await startApp("battle-journey", { SEED_PLAYERS: "20", SEED_DAYS: "1" });
});

test.afterAll(async () => {
  await running?.stop();
});

test("play, die, watch an ally, to the hangar, the result with a level-up, buy a module, the figure changes, take it to battle", async ({
  browser,
}) => {
  const db = running.db;
  const now = Date.now();
  // Short battles of three a side on an operator's map, bots at once: saved the way operators save them.
  const admin = await addSession(db, "admin", await addAdmin(db, "operator", "ops"));
  const asAdmin = (path: string, body?: unknown) =>
    fetch(`${running.url}${path}`, {
      method: body ? "POST" : "GET",
      headers: {
        cookie: `tk_admin=${admin.token}`,
        "x-csrf-token": admin.csrf,
        accept: "application/json",
        "content-type": "application/json",
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  const current = (await (await asAdmin("/admin/battleOptions/")).json()) as {
    current: { version: number; value: Record<string, unknown> };
  };
  const saved = await asAdmin("/admin/battleOptions/save", {
    value: {
      ...current.current.value,
      roundSeconds: 100,
      respawn: false,
      // An operator's map: a small open field, the sides 100 m apart, so the fragile tank is
      // seen and shot within seconds (on a big map it could outlive the clock and never die).
      maps: ["Полигон"],
      mapDefs: [
        {
          name: "Полигон",
          width: 160,
          height: 100,
          obstacles: [{ x: 76, y: 8, w: 8, h: 10, kind: "rock" }],
          bushes: [],
          base: { x: 80, y: 50, r: 10 },
          spawns: [[30, 50, 70].map((y) => ({ x: 30, y })), [30, 50, 70].map((y) => ({ x: 130, y }))],
        },
      ],
      teamSize: 3,
      maxWaitSeconds: 1,
      tierSpread: 1,
      lateJoinSeconds: 0,
    },
    baseVersion: current.current.version,
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
  // The fragile tank (artillery: bots never draw it) in the player's garage; experience just short of level 2; silver to spend.
  await db.execute({
    sql: "insert into content_tanks (id, name_ru, name_en, nation, type, tier, hp, damage, penetration, armor, speed, rate_of_fire, updated_at) values (9901, 'Стеклянная пушка', 'Glass Cannon', 'ussr', 'spg', 1, 1, 200, 60, 1, 60, 150, ?)",
    args: [now],
  });
  const playerId = await addPlayer(db, { nickname: `Glass${now % 100000}`, country: "RU" });
  await db.execute({
    sql: "update players set experience = 480, silver = 100000, locale = 'ru' where id = ?",
    args: [playerId],
  });
  await db.execute({
    sql: "insert into player_items (player_id, item_type, item_id, quantity, acquired_at) values (?, 'tank', 9901, 1, ?)",
    args: [playerId, now],
  });

  const { context, page } = await signedInPage(
    browser,
    db,
    { player: playerId },
    { locale: "ru", context: { locale: "ru-RU", viewport: { width: 1366, height: 768 } } },
  );
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  await page.goto(`${running.url}/ru/play/`);
  await expect(page.getByRole("heading", { name: "Ангар" })).toBeVisible();
  await page.getByRole("button", { name: /Стеклянная пушка/ }).click();
  await expect(page.getByTestId("battle-figures")).toContainText("Урон200");

  // To battle; drive at the enemy, firing, until the tank is destroyed. (A tank that neither fired
  // nor drove 25 m is idle and earns nothing: one shot on the way keeps a quick death a real one.)
  await page.getByRole("button", { name: "В бой" }).click();
  const field = page.getByRole("img", { name: "Поле боя" });
  await expect(field).toBeVisible({ timeout: 30_000 });
  const dead = page.getByRole("region", { name: "Ваш танк уничтожен" });
  for (let round = 0; round < 120 && !(await dead.isVisible()); round++) {
    await page.keyboard.down("Space");
    await page.waitForTimeout(100);
    await page.keyboard.up("Space");
    await page.keyboard.down("KeyW");
    await page.waitForTimeout(600);
    if (round % 4 === 3) {
      await page.keyboard.down(round % 8 === 3 ? "KeyA" : "KeyD");
      await page.waitForTimeout(300);
      await page.keyboard.up(round % 8 === 3 ? "KeyA" : "KeyD");
    }
  }
  await page.keyboard.up("KeyW");
  await expect(dead).toBeVisible();
  // Watching an ally (the camera follows them); the next one.
  const watching = page.getByTestId("watching");
  await expect(watching).toContainText("Наблюдаем за:");
  await page.screenshot({ path: "e2e/output/journey-spectate.png" });
  const first = await watching.innerText();
  const next = page.getByRole("button", { name: "Следующий союзник" });
  await next.click();
  await expect(watching).toBeVisible();
  expect(first.length).toBeGreaterThan(0);

  // To the hangar at once: the battle goes on, its result comes when it ends.
  await dead.getByRole("button", { name: "В ангар" }).click();
  await expect(page.getByRole("heading", { name: "Ангар" })).toBeVisible();
  await expect(page.getByText(/идёт без вас/)).toBeVisible();
  await page.screenshot({ path: "e2e/output/journey-hangar-waiting.png" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Победа!|Поражение|Ничья/, { timeout: 150_000 });
  await expect(page.getByTestId("level-up")).toHaveText("Новый уровень: 2!");
  await expect(page.getByText("Следующие цели")).toBeVisible();
  await page.screenshot({ path: "e2e/output/journey-result.png", fullPage: true });
  const level = await db.execute({ sql: "select level from players where id = ?", args: [playerId] });
  expect(Number(level.rows[0].level)).toBe(2);
  await page.getByRole("button", { name: "В ангар" }).click();
  await expect(page.getByRole("heading", { name: "Ангар" })).toBeVisible();

  // A gun of level 1 for silver: the damage in battle goes 200 → 206, the silver down by its price.
  await page.getByRole("button", { name: /Стеклянная пушка/ }).click();
  const buy = page.getByRole("button", { name: "Купить: Орудие, уровень 1 за 16000 серебра" });
  await buy.click();
  await expect(page.getByTestId("battle-figures")).toContainText("Урон206");
  await page.screenshot({ path: "e2e/output/journey-module.png", fullPage: true });
  const paid = await db.execute({
    sql: "select delta from ledger_entries where player_id = ? and reason = 'module.buy'",
    args: [playerId],
  });
  expect(paid.rows.map((r) => Number(r.delta))).toEqual([-16000]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: "e2e/output/journey-module-390.png", fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });

  // And to battle with it: the battle's setup carries the gun's +3 %.
  await page.getByRole("button", { name: "В бой" }).click();
  await expect(field).toBeVisible({ timeout: 30_000 });
  const rooms = await db.execute({
    sql: "select r.setup from battle_rooms r join battle_players p on p.battle_id = r.battle_id where p.player_id = ? order by r.battle_id desc limit 1",
    args: [playerId],
  });
  const setup = JSON.parse(String(rooms.rows[0].setup)) as {
    seats: { playerId: number | null; modules?: { damage: number } }[];
    mapDef?: { name: string };
  };
  expect(setup.mapDef?.name).toBe("Полигон");
  expect(setup.seats.find((s) => s.playerId === playerId)?.modules?.damage).toBe(3);
  expect(problems).toEqual([]);
  await context.close();
});
