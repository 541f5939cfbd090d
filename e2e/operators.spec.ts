// Operators' journeys in Debian's Chromium: a player uploads an avatar through the route, an
// operator rejects it with a reason the player then reads, the player uploads another, the
// operator accepts it from the keyboard and the profile shows it; an operator answers a ticket
// from the ticket list; an operator creates a special offer and the player sees it in
// /public/profile/offers. The app runs as in production (startApp: bun edge/bun.ts on a fresh data
// directory); the player arrives through the game API, sessions are written to the store.
import { test, expect, type Page } from "@playwright/test";
import { addAdmin, addSession, GAME_API_KEY, game, sessionCookie, startApp, type RunningApp } from "./server.ts";
import * as players from "../api/contracts/game/api/players.ts";
import { badgePng } from "../api/db/seed/avatars.ts";

test.use({ launchOptions: { executablePath: "/usr/bin/chromium" }, locale: "en-US" });
test.describe.configure({ mode: "serial", timeout: 120_000 });

let running: RunningApp;
let playerId = 0;
let player: Awaited<ReturnType<typeof addSession>>;
let admin: Awaited<ReturnType<typeof addSession>>;

/** A player's request with their cookie and CSRF token. */
const asPlayer = (path: string, init: { body?: BodyInit; type?: string } = {}) =>
  fetch(`${running.url}${path}`, {
    method: "POST",
    headers: {
      cookie: `tk_player=${player.token}`,
      "x-csrf-token": player.csrf,
      accept: "application/json",
      "accept-language": "en",
      "content-type": init.type ?? "application/json",
    },
    body: init.body ?? "{}",
  });

test.beforeAll(async () => {
  running = await startApp("operators", { GAME_API_KEY });
  const reg = await game(running, players.register, {
    network: "vk",
    uid: `e2e-${Date.now()}`,
    nickname: "AvatarTanker",
    locale: "en",
  });
  expect(reg.created).toBe(true);
  playerId = reg.playerId;
  player = await addSession(running.db, "player", playerId);
  admin = await addSession(running.db, "admin", await addAdmin(running.db, "operator"));
});

test.afterAll(async () => {
  await running?.stop();
});

async function operatorPage(browser: import("@playwright/test").Browser, path: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addCookies([sessionCookie(admin)]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(`${running.url}${path}`);
  (page as Page & { errors: string[] }).errors = errors;
  return page;
}

test("avatar: rejected with a reason the player reads, the next one accepted from the keyboard and shown", async ({
  browser,
}, info) => {
  const app = running.url;
  const first = await badgePng(128, [200, 30, 30], [255, 255, 255]);
  const up = await asPlayer("/public/profile/saveAvatar", { body: first, type: "image/png" });
  expect(up.status).toBe(200);
  expect((await up.json()).pending).not.toBeNull();

  const ops = await operatorPage(browser, "/admin/playerAvatars/");
  await expect(ops.getByRole("heading", { name: "Avatar moderation" })).toBeVisible();
  const card = ops.getByRole("listitem", { name: "Avatar of AvatarTanker" });
  await expect(card.getByRole("img")).toBeVisible();
  await expect.poll(() => card.getByRole("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(128);
  await card.getByRole("button", { name: "Reject" }).click();
  await card.getByLabel("Reason").selectOption("advertising");
  await card.getByLabel("Note for the player").fill("Links are not allowed");
  await ops.screenshot({ path: info.outputPath("avatar-rejecting.png") });
  await card.getByRole("button", { name: "Reject" }).click();
  await expect(ops.getByText("Avatar rejected")).toBeVisible();

  const state = await (await asPlayer("/public/profile/saveAvatar")).json();
  expect(state.rejected).toMatchObject({
    reason: "advertising",
    note: "Links are not allowed",
    reasonText: "Advertising or links",
  });
  expect(state.avatarUrl).toBeNull();

  const form = new FormData();
  form.set("image", new Blob([await badgePng(256, [20, 60, 160], [240, 200, 0])]), "me.png");
  const second = await fetch(`${app}/public/profile/saveAvatar`, {
    method: "POST",
    headers: { cookie: `tk_player=${player.token}`, "x-csrf-token": player.csrf, accept: "application/json" },
    body: form,
  });
  expect(second.status).toBe(200);

  await ops.reload();
  const next = ops.getByRole("listitem", { name: "Avatar of AvatarTanker" });
  await expect(next).toContainText("256×256");
  await next.focus();
  await ops.keyboard.press("a");
  await expect(ops.getByText("Avatar accepted")).toBeVisible();

  const profile = await (
    await fetch(`${app}/public/profile/`, {
      headers: { cookie: `tk_player=${player.token}`, accept: "application/json" },
    })
  ).json();
  expect(profile.player.avatarUrl).toMatch(/^\/public\/avatars\/[0-9a-f]{64}$/);
  expect(profile.avatar.pending).toBeNull();
  const img = await fetch(`${app}${profile.player.avatarUrl}`);
  expect(img.headers.get("content-type")).toBe("image/png");
  expect(img.headers.get("cache-control")).toContain("immutable");
  expect((ops as Page & { errors: string[] }).errors).toEqual([]);
});

test("an operator answers a ticket from the ticket list", async ({ browser }, info) => {
  const t = await asPlayer("/public/profile/feedback/add/ticket", {
    body: JSON.stringify({
      category: "game",
      subCategory: "bug",
      subject: "Turret will not turn",
      body: "After the update my turret is stuck.",
    }),
  });
  expect(t.status).toBe(200);
  const ticketId = (await t.json()).ticket.id;

  const ops = await operatorPage(browser, "/admin/feedback?status=open");
  await expect(ops.getByRole("heading", { name: "Support tickets" })).toBeVisible();
  await ops.getByRole("link", { name: /Turret will not turn/ }).click();
  await ops.waitForURL(new RegExp(`/admin/feedback/${ticketId}/messages/$`));
  await expect(ops.getByText("After the update my turret is stuck.")).toBeVisible();
  await ops.getByRole("textbox", { name: "Reply", exact: true }).fill("Thanks! Fixed in 1.2.3, please update.");
  await ops.getByRole("button", { name: "Send reply" }).click();
  await expect(ops.getByText("Reply sent")).toBeVisible();
  await expect(
    ops.getByRole("list", { name: "Messages" }).getByText("Thanks! Fixed in 1.2.3, please update."),
  ).toBeVisible();
  await ops.screenshot({ path: info.outputPath("ticket-answered.png") });
  const row = (
    await running.db.execute({
      sql: "select status, unread_by_player, unread_by_support from support_tickets where id = ?",
      args: [ticketId],
    })
  ).rows[0];
  expect(row).toMatchObject({ status: "answered", unread_by_player: 1, unread_by_support: 0 });
  expect((ops as Page & { errors: string[] }).errors).toEqual([]);
});

test("an operator creates an offer and the player sees it in /public/profile/offers", async ({ browser }, info) => {
  const ops = await operatorPage(browser, "/admin/specialOfferOptions/");
  await expect(ops.getByRole("heading", { name: "Special offers" })).toBeVisible();
  await ops.getByRole("button", { name: "New offer" }).click();
  const form = ops.getByRole("form", { name: "New offer" });
  await form.getByLabel("Title (Russian)").fill("Золотая неделя");
  await form.getByLabel("Title (English)").fill("Golden week");
  await form.getByLabel("Price in gold").fill("20");
  await form.locator('input[name="silver"]').fill("5000");
  await form.locator('input[name="premiumDays"]').fill("2");
  await ops.screenshot({ path: info.outputPath("offer-form.png"), fullPage: true });
  await form.getByRole("button", { name: "Save offer" }).click();
  await expect(ops.getByText("Offer saved")).toBeVisible();
  await expect(ops.getByRole("cell", { name: "Golden week" })).toBeVisible();
  await ops.screenshot({ path: info.outputPath("offer-saved.png") });

  const list = await (await asPlayer("/public/profile/offers")).json();
  const offer = list.offers.find((o: { title: string }) => o.title === "Golden week");
  expect(offer).toMatchObject({ priceGold: 20, grants: { silver: 5000, premiumDays: 2 } });
  expect(offer.remainingMs).toBeGreaterThan(6 * 86_400_000);
  expect((ops as Page & { errors: string[] }).errors).toEqual([]);
});

test("the start page counts the queues; the screens render in Russian without errors", async ({ browser }, info) => {
  const app = running.url;
  await asPlayer("/public/profile/saveAvatar", {
    body: await badgePng(96, [0, 120, 0], [255, 255, 255]),
    type: "image/png",
  });
  await asPlayer("/public/profile/feedback/add/ticket", {
    body: JSON.stringify({
      category: "account",
      subCategory: "login",
      subject: "Не могу войти",
      body: "Пишет, что пароль неверный.",
    }),
  });
  const ticketId = Number((await running.db.execute("select max(id) as id from support_tickets")).rows[0].id);
  const context = await browser.newContext();
  await context.addCookies([sessionCookie(admin), { name: "lang", value: "ru", domain: "127.0.0.1", path: "/" }]);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(String(e)));
  page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
  page.on("response", (r) => r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));

  await page.goto(`${app}/admin/`);
  await expect(page.getByRole("link", { name: /Аватары на проверке: 1/ })).toBeVisible();
  // Open tickets are one of today's tiles: the count, and the link to the tickets awaiting an answer.
  const tickets = page
    .getByRole("list", { name: "Сегодня коротко" })
    .getByRole("link", { name: /^Открытые обращения/ });
  await expect(tickets.locator(".tk-tile-value")).toHaveText("1");
  await expect(tickets).toContainText("ждут ответа оператора");
  await tickets.click();
  await page.waitForURL(/\/admin\/feedback\?status=open$/);
  await expect(page.getByRole("link", { name: /Не могу войти/ })).toBeVisible();

  const screens: [string, string][] = [
    ["/admin/playerAvatars/", "Проверка аватаров"],
    [`/admin/feedback/${playerId}`, "Обращения игрока AvatarTanker"],
    [`/admin/feedback/${ticketId}/messages/`, `Обращение №${ticketId}`],
    ["/admin/specialOfferOptions/", "Специальные предложения"],
  ];
  for (const [path, heading] of screens) {
    await page.goto(`${app}${path}`);
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    await page.screenshot({ path: info.outputPath(`ru${path.replace(/[^\w]+/g, "_")}.png`) });
  }
  expect(problems).toEqual([]);
});
