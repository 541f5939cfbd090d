// A player is never stuck in a dead battle (issue 28): the server (bun edge/bun.ts, as npm start
// runs it) is killed with SIGKILL mid-battle and started again; the player reloads the page and is
// back in the same battle, which the restarted server took over from its log; when the battle then
// ends (an operator stops it) the page shows the result and the hangar after it, never the battle
// again. Then the server goes away for good while the page is in a battle: the page keeps trying,
// then gives up and says what happened, in Russian. Screenshots go to e2e/output.
import { test, expect } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type Client } from "@libsql/client";
import { createDb } from "../api/db/index.ts";
import { migrate } from "../api/db/migrate.ts";
import { putContent, DEMO_TANKS } from "../api/domain/content.ts";
import { saveBattleOptions } from "../api/domain/options.ts";
import { addAdmin, addPlayer, addSession, sessionCookie } from "./server.ts";

test.describe.configure({ mode: "serial", timeout: 180_000 });

let dir = "";
let db: Client;
let url = "";
let port = 0;
let server: ChildProcess | null = null;

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const { port: p } = probe.address() as { port: number };
      probe.close(() => ok(p));
    });
  });
}

/** Starts the server on the journey's port and data; resolves once it is ready. */
function start(): Promise<void> {
  const proc = spawn("node_modules/.bin/bun", ["edge/bun.ts"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dir, SEED_PLAYERS: "0", PUBLIC_URL: url },
    stdio: ["ignore", "pipe", "inherit"],
  });
  server = proc;
  return new Promise((ok, fail) => {
    proc.stdout?.on("data", (d: Buffer) => String(d).includes("Tankodrome ready") && ok());
    proc.on("exit", (code) => fail(new Error(`server exited ${code}`)));
  });
}

async function kill() {
  const proc = server;
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((r) => proc.once("exit", r));
  proc.kill("SIGKILL");
  await exited;
}

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "tk-e2e-restart-"));
  port = await freePort();
  url = `http://127.0.0.1:${port}`;
  db = createClient({ url: `file:${dir}/tankodrome.db` });
  // The catalogue and battle options before the first start: long rounds, one player and bots a side.
  await migrate(db);
  const store = createDb(db);
  await putContent(store, "tank", DEMO_TANKS, Date.now());
  await saveBattleOptions(
    store,
    { roundSeconds: 300, maps: ["steppe"], teamSize: 2, maxWaitSeconds: 0, tierSpread: 1, lateJoinSeconds: 0 },
    "test",
    Date.now(),
  );
  await db.execute("PRAGMA busy_timeout = 10000");
  await start();
});

test.afterAll(async () => {
  await kill();
  db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("reload after the server restarted: back in the battle, then its result, then the hangar", async ({ browser }) => {
  const playerId = await addPlayer(db, { nickname: `Restarted${Date.now() % 100000}`, country: "DE" });
  const session = await addSession(db, "player", playerId, "en");
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1366, height: 768 } });
  await context.addCookies([sessionCookie(session)]);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));

  await page.goto(`${url}/en/play/`);
  await expect(page.getByRole("heading", { name: "Hangar" })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "To battle" }).click();
  const field = page.getByRole("img", { name: "Battlefield" });
  await expect(field).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Connecting to the battle…")).toBeHidden({ timeout: 15_000 });
  const battleId = Number(
    (await db.execute({ sql: "select battle_id from battle_players where player_id = ?", args: [playerId] })).rows[0]
      .battle_id,
  );
  await page.keyboard.down("KeyW");
  await page.waitForTimeout(1_500);
  await page.keyboard.up("KeyW");

  // The server dies mid-battle and comes back; the player reloads.
  await kill();
  await expect(page.getByText("Connection lost. Reconnecting…")).toBeVisible({ timeout: 10_000 });
  await start();
  await page.reload();
  await expect(field).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Connecting to the battle…")).toBeHidden({ timeout: 15_000 });
  await expect(page.getByText("Connection lost. Reconnecting…")).toBeHidden({ timeout: 15_000 });
  // The same battle, taken over by the restarted server (a new lease epoch) and running on.
  const room = (await db.execute({ sql: "select epoch, tick from battle_rooms where battle_id = ?", args: [battleId] }))
    .rows[0];
  expect(Number(room.epoch)).toBeGreaterThan(1);
  await page.screenshot({ path: "e2e/output/battle-restart-resumed.png" });

  // It ends (an operator stops it): the result, then the hangar — not the battle again.
  const admin = await addSession(db, "admin", await addAdmin(db, "operator", "ops"));
  const stop = await fetch(`${url}/admin/battles/${battleId}/stop`, {
    method: "POST",
    headers: {
      cookie: `tk_admin=${admin.token}`,
      "x-csrf-token": admin.csrf,
      "content-type": "application/json",
    },
    body: "{}",
  });
  expect(stop.status).toBe(200);
  await expect(page.getByRole("heading", { name: "Battle stopped" })).toBeVisible({ timeout: 15_000 });
  await page.getByRole("button", { name: "To the hangar" }).click();
  await expect(page.getByRole("heading", { name: "Hangar" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Hangar" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("button", { name: "To battle" })).toBeVisible();
  expect(problems).toEqual([]);
  await context.close();
});

test("the server gone for good mid-battle: the page gives up and says what happened", async ({ browser }) => {
  const playerId = await addPlayer(db, { nickname: `Stranded${Date.now() % 100000}`, country: "DE" });
  const session = await addSession(db, "player", playerId, "ru");
  const context = await browser.newContext({ locale: "ru-RU", viewport: { width: 390, height: 844 } });
  await context.addCookies([sessionCookie(session)]);
  const page = await context.newPage();
  await page.goto(`${url}/ru/play/`);
  await page.getByRole("button", { name: "В бой" }).click();
  await expect(page.getByRole("img", { name: "Поле боя" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Подключаемся к бою…")).toBeHidden({ timeout: 15_000 });
  await kill();
  // It keeps trying for a while (the server may come back), then says what happened.
  // A portrait phone also shows the turn-the-phone note as an alert.
  const gone = page.getByRole("alert").filter({ hasText: "Сервер боя" });
  await expect(gone).toContainText("Сервер боя не отвечал 20 секунд", { timeout: 40_000 });
  await expect(gone.getByRole("button", { name: "В ангар" })).toBeVisible();
  await page.screenshot({ path: "e2e/output/battle-restart-gone-390.png" });
  await context.close();
  await start();
});
