// The netcode measured as a player feels it, in Debian's Chromium through a delay proxy on
// 127.0.0.1 (e2e/delay-proxy.ts) at 0, 100 and 200 ms of round trip: key press → the own tank drawn
// moved (the page's own figures, ui/areas/play/figures.ts: from the key event's time to the first
// animation frame whose own tank moved ≥ 1 cm or turned ≥ 0.3°), the reconciliation's corrections
// (metres between the prediction and the server after each acknowledged input) and how far behind
// the others are drawn. A 1 v 1 of two players (no bots): the other never connects and idles at its
// spawn, out of sight, so nothing ends the battle while it is measured.
import { test, expect, type Page } from "@playwright/test";
import { addSession, game, GAME_API_KEY, sessionCookie, startApp, addAdmin, type RunningApp } from "./server.ts";
import { delayProxy } from "./delay-proxy.ts";
import * as players from "../api/contracts/game/api/players.ts";

test.describe.configure({ mode: "serial", timeout: 300_000 });

let running: RunningApp;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  running = await startApp("netcode", { SEED_PLAYERS: "5", SEED_DAYS: "1", GAME_API_KEY });
  const admin = await addSession(running.db, "admin", await addAdmin(running.db, "operator", "ops"));
  const asAdmin = (path: string, init: RequestInit = {}) =>
    fetch(`${running.url}${path}`, {
      ...init,
      headers: {
        cookie: `tk_admin=${admin.token}`,
        "x-csrf-token": admin.csrf,
        accept: "application/json",
        "content-type": "application/json",
      },
    });
  const current = (await (await asAdmin("/admin/battleOptions/")).json()) as {
    current: { version: number; value: Record<string, unknown> };
  };
  const saved = await asAdmin("/admin/battleOptions/save", {
    method: "POST",
    body: JSON.stringify({
      value: {
        ...current.current.value,
        roundSeconds: 600,
        respawn: false,
        maps: ["steppe"],
        teamSize: 1,
        maxWaitSeconds: 600,
        tierSpread: 3,
      },
      baseVersion: current.current.version,
    }),
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
});

test.afterAll(async () => {
  await running?.stop();
});

/** A registered player with a session; joins the queue with their first tank (unless `queue` is false). */
async function queuedPlayer(name: string, queue = true) {
  const reg = await game(running, players.register, {
    email: `${name}${Date.now()}@example.com`,
    password: "netcode password 1",
    nickname: `${name}${Date.now() % 100000}`,
    locale: "en",
  });
  const s = await addSession(running.db, "player", reg.playerId);
  const headers = {
    cookie: `tk_player=${s.token}`,
    "x-csrf-token": s.csrf,
    accept: "application/json",
    "content-type": "application/json",
  };
  if (!queue) return { playerId: reg.playerId, session: s };
  const hangar = (await (await fetch(`${running.url}/en/play/`, { headers })).json()) as { garage: { id: number }[] };
  const join = await fetch(`${running.url}/game/play/join`, {
    method: "POST",
    headers,
    body: JSON.stringify({ tankId: hangar.garage[0].id }),
  });
  expect(join.status, await join.clone().text()).toBe(200);
  return { playerId: reg.playerId, session: s };
}

interface Figures {
  keyToMove: number[];
  keyToMoveFrames: number[];
  corrections: number[];
  behind: number[];
  snaps: number;
  delay: number;
  frames: number;
  frameMs: number[];
  drawMs: number[];
  views: number;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length - 1) * p))];
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** 28 presses of the driving keys, each held 300 ms, 450 ms apart (the tank comes to rest between). */
async function drive(page: Page) {
  const keys = ["KeyW", "KeyA", "KeyS", "KeyD"];
  for (let i = 0; i < 28; i++) {
    const k = keys[i % 4];
    await page.keyboard.down(k);
    await page.waitForTimeout(300);
    await page.keyboard.up(k);
    await page.waitForTimeout(450 + (i % 3) * 37);
  }
}

test("key press → own tank moves within a frame at 0, 100 and 200 ms round trip; corrections small; others ≤ 120 ms behind", async ({
  browser,
}) => {
  const me = await queuedPlayer("Driver");
  await queuedPlayer("Idle");
  const report: string[] = [];
  for (const rtt of (process.env.NETCODE_RTTS ?? "0,100,200").split(",").map(Number)) {
    const proxy = await delayProxy(running.url, rtt);
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    await context.addCookies([sessionCookie(me.session)]);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
    await page.goto(`${proxy.url}/en/play/`);
    const field = page.getByRole("img", { name: "Battlefield" });
    await expect(field).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("Connecting to the battle…")).toBeHidden({ timeout: 15_000 });
    await page.mouse.move(900, 300);
    await page.waitForTimeout(1500);
    await drive(page);
    const f = (await page.evaluate(() => (window as unknown as { __tkNet: Figures }).__tkNet)) as Figures;
    await page.screenshot({ path: `e2e/output/netcode-${rtt}ms.png` });
    const k = f.keyToMove;
    const c = f.corrections;
    const b = f.behind.slice(60);
    report.push(
      `${rtt} ms: key→move median ${ms(pct(k, 0.5))}, p90 ${ms(pct(k, 0.9))} (min ${ms(Math.min(...k))}, max ${ms(Math.max(...k))}, ${k.length} presses; in frames median ${pct(f.keyToMoveFrames, 0.5)}, p90 ${pct(f.keyToMoveFrames, 0.9)}); corrections p99 ${pct(c, 0.99).toFixed(3)} m (max ${Math.max(...c).toFixed(3)}, ${c.length}, snaps ${f.snaps}); others behind median ${ms(pct(b, 0.5))}, p99 ${ms(pct(b, 0.99))}; frames every ${ms(pct(f.frameMs, 0.5))} (p90 ${ms(pct(f.frameMs, 0.9))}), drawn in ${ms(pct(f.drawMs, 0.5))} (p90 ${ms(pct(f.drawMs, 0.9))}); ${f.views} view(s)`,
    );
    console.log(report[report.length - 1]);
    expect(problems).toEqual([]);
    expect(k.length).toBeGreaterThanOrEqual(20);
    // The own tank moves in the first frame drawn after the press (the second when the press came
    // too late in a tick for the first to show a centimetre), whatever the round trip. In ms that is
    // ≤ 20 / 35 where the browser draws every frame; on a loaded machine the browser's own dropped
    // frames add to it, so the ms goals are held against the frames this page actually got.
    expect(pct(f.keyToMoveFrames, 0.5)).toBeLessThanOrEqual(1);
    expect(pct(f.keyToMoveFrames, 0.9)).toBeLessThanOrEqual(2);
    const frame90 = pct(f.frameMs, 0.9);
    expect(pct(k, 0.5)).toBeLessThanOrEqual(Math.max(20, pct(f.frameMs, 0.5) * 1.2));
    expect(pct(k, 0.9)).toBeLessThanOrEqual(Math.max(35, frame90 * 1.2));
    expect(c.length).toBeGreaterThan(100);
    expect(pct(c, 0.99)).toBeLessThanOrEqual(0.5);
    expect(pct(b, 0.99)).toBeLessThanOrEqual(120 + 1e-6);
    await context.close();
    await proxy.close();
  }
  console.log(report.join("\n"));
});

test("on a phone: To battle on the first screen, twin sticks drive, aim and fire (two fingers at once), sound and mute, upright asks to turn, the end and the hangar again", async ({
  browser,
}) => {
  const me = await queuedPlayer("Thumbs", false);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await context.addCookies([sessionCookie(me.session)]);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  await page.goto(`${running.url}/en/play/`);
  // "To battle" is on the first screen, upright and sideways.
  const toBattle = page.getByRole("button", { name: "To battle" });
  const inView = async () => {
    const b = await toBattle.boundingBox();
    const v = page.viewportSize();
    return Boolean(b && v && b.y >= 0 && b.y + b.height <= v.height && b.x >= 0 && b.x + b.width <= v.width);
  };
  await expect(toBattle).toBeVisible();
  // Polled: right after the first paint the hangar is still laying out (the tanks' strip, the
  // crew), and a box read in that frame once put the fixed bar off the screen in CI.
  await expect.poll(inView).toBe(true);
  await page.screenshot({ path: "e2e/output/netcode-phone-hangar-upright.png" });
  await page.setViewportSize({ width: 844, height: 390 });
  await expect.poll(inView).toBe(true);
  await page.screenshot({ path: "e2e/output/netcode-phone-hangar.png" });
  await toBattle.click();
  await queuedPlayer("Idle");
  const field = page.getByRole("img", { name: "Battlefield" });
  await expect(field).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Connecting to the battle…")).toBeHidden({ timeout: 15_000 });
  const drive = page.getByRole("slider", { name: "Drive" });
  const aim = page.getByRole("slider", { name: "Aim and fire" });
  await expect(drive).toBeVisible();
  await expect(aim).toBeVisible();
  await page.waitForTimeout(1000);
  const pose = () =>
    page.evaluate(() => {
      const f = (window as unknown as { __tkNet: { own: { x: number; y: number; hull: number; turret: number } } })
        .__tkNet;
      return { ...f.own, shots: (f as unknown as { shots: number }).shots };
    });
  const before = await pose();
  // Two fingers: the left stick pushed up-right (drive that way), the right one to its rim pointing
  // down-left (aim there and fire), held together for two seconds.
  const d = (await drive.boundingBox())!;
  const a = (await aim.boundingBox())!;
  const dc = { x: d.x + d.width / 2, y: d.y + d.height / 2 };
  const ac = { x: a.x + a.width / 2, y: a.y + a.height / 2 };
  const cdp = await context.newCDPSession(page);
  const touch = (type: "touchStart" | "touchMove" | "touchEnd", points: { x: number; y: number; id: number }[]) =>
    cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points.map((p) => ({ ...p, radiusX: 4, radiusY: 4 })) });
  await touch("touchStart", [{ ...dc, id: 1 }]);
  await touch("touchStart", [
    { ...dc, id: 1 },
    { ...ac, id: 2 },
  ]);
  for (let k = 1; k <= 8; k++) {
    await touch("touchMove", [
      { x: dc.x + 5 * k, y: dc.y - 5 * k, id: 1 },
      { x: ac.x - 6 * k, y: ac.y + 6 * k, id: 2 },
    ]);
    await page.waitForTimeout(40);
  }
  await page.screenshot({ path: "e2e/output/netcode-phone-sticks.png" });
  await page.waitForTimeout(2000);
  const held = await pose();
  await touch("touchEnd", []);
  // The sound started with the first touch and played the shots.
  const sound = () =>
    page.evaluate(() => {
      const s = (window as unknown as { __tkSound: { state: string; played: Record<string, number> } }).__tkSound;
      return { state: s.state, shots: s.played.shot };
    });
  expect(await sound()).toMatchObject({ state: "running" });
  expect((await sound()).shots).toBeGreaterThan(0);
  // It drove (the hull turned toward up-right and the tank moved), the turret turned toward down-left, and it fired.
  expect(Math.hypot(held.x - before.x, held.y - before.y)).toBeGreaterThan(2);
  const wrap = (x: number) => Math.atan2(Math.sin(x), Math.cos(x));
  expect(Math.abs(wrap(held.hull - -Math.PI / 4))).toBeLessThan(0.4);
  expect(Math.abs(wrap(held.turret - (3 * Math.PI) / 4))).toBeLessThan(0.3);
  expect(held.shots).toBeGreaterThan(before.shots);
  // Let go: the tank stops.
  await page.waitForTimeout(1200);
  const stopped = await pose();
  await page.waitForTimeout(500);
  const still = await pose();
  expect(Math.hypot(still.x - stopped.x, still.y - stopped.y)).toBeLessThan(0.05);
  // Muted, and still muted after a reload (the choice is remembered).
  await page.getByRole("button", { name: "Sound on: mute" }).click();
  await expect(page.getByRole("button", { name: "Sound off: turn on" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Sound off: turn on" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("slider", { name: "Volume" })).toBeVisible();
  // Upright: asked to turn the phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("alert").filter({ hasText: "Turn your phone sideways" })).toBeVisible();
  await expect(drive).toBeHidden();
  await page.screenshot({ path: "e2e/output/netcode-phone-portrait.png" });
  // Sideways again, the sticks are back; the battle ends (an operator stops it): the result fits the
  // phone, and the hangar after it offers the next battle.
  await page.setViewportSize({ width: 844, height: 390 });
  await expect(drive).toBeVisible();
  const battleId = Number(
    (
      await running.db.execute({
        sql: "select battle_id from battle_players where player_id = ?",
        args: [me.playerId],
      })
    ).rows[0].battle_id,
  );
  const admin = await addSession(running.db, "admin", await addAdmin(running.db, "operator", "phoneops"));
  const stop = await fetch(`${running.url}/admin/battles/${battleId}/stop`, {
    method: "POST",
    headers: { cookie: `tk_admin=${admin.token}`, "x-csrf-token": admin.csrf, "content-type": "application/json" },
    body: "{}",
  });
  expect(stop.status).toBe(200);
  await expect(page.getByRole("heading", { name: "Battle stopped" })).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: "e2e/output/netcode-phone-result.png" });
  await page.getByRole("button", { name: "To the hangar" }).click();
  await expect(page.getByRole("heading", { name: "Hangar" })).toBeVisible();
  await expect(toBattle).toBeVisible();
  await expect.poll(inView).toBe(true);
  expect(problems).toEqual([]);
  await context.close();
});
