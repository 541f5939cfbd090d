// The player site's journey in Debian's Chromium, once in Russian and once in English, against the
// app as it runs in production (startApp: bun edge/bun.ts on a fresh data directory) with a small
// seeded demo world: a seeded player arrives from the game with a sign-in link and lands signed in
// with a clean address bar, uploads an avatar and changes the nickname, buys gold with Stripe
// (billing's stand-in) on the payment methods page, leaves the seeded clan and founds one (the
// spec's validation message first), a newly registered player asks to join and is approved, the
// first buys a tank (a double click buys once) and sends the newcomer a gift, opens a support
// ticket and reads the operator's reply (given through the admin route by a signed-in operator),
// reads a guide and erases their personal data. Any console error or failed request fails the
// journey; screenshots go to e2e/output. The profile edit: a new avatar is uploaded and waits for
// moderation, and the nickname is changed (the password has its own journey in access.spec.ts).
import { test, expect, type Browser, type Page } from "@playwright/test";
import { crc32, deflateSync } from "node:zlib";
import { serverCatalog } from "../api/i18n/catalog.ts";
import { stripeStandin } from "../api/billing/test-standins/stripe.ts";
import { BATTLE_RULES } from "../api/domain/battles.ts";
import {
  createAdminWithCli,
  game,
  GAME_API_KEY,
  serveStandin,
  type Standin,
  startApp,
  type RunningApp,
} from "./server.ts";
import * as players from "../api/contracts/game/api/players.ts";
import * as battles from "../api/contracts/game/api/battles.ts";

test.describe.configure({ mode: "serial", timeout: 180_000 });
test.use({ actionTimeout: 15_000, navigationTimeout: 30_000 });
// What the watched pages reported, printed when a journey fails (the failing step rarely says).
let reported: string[] = [];
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads a hook's fixtures from an object pattern, none here
test.afterEach(({}, info) => {
  if (info.status !== info.expectedStatus) console.log(`problems seen by the pages:\n${reported.join("\n")}`);
});

const OPERATOR = { username: "helper", password: "helper password 123" };
let running: RunningApp;
let stripeApi: Standin;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // Gold comes the way players get it: a purchase through Stripe (billing's local stand-in), made
  // once the app's address (its webhook) is known.
  let stripe: ReturnType<typeof stripeStandin>;
  stripeApi = await serveStandin((r) => stripe.app.fetch(r));
  running = await startApp("player", {
    SEED_PLAYERS: "60",
    SEED_DAYS: "3",
    GAME_API_KEY,
    STRIPE_SECRET_KEY: "sk_test_e2e",
    STRIPE_WEBHOOK_SECRET: "whsec_e2e",
    STRIPE_API_BASE: stripeApi.url,
  });
  stripe = stripeStandin({
    secretKey: "sk_test_e2e",
    webhookSecret: "whsec_e2e",
    webhookUrl: `${running.url}/billing/stripe/event/handle`,
    origin: () => stripeApi.url,
  });
  const made = createAdminWithCli(running, {
    username: OPERATOR.username,
    role: "support",
    email: "helper@example.com",
    password: OPERATOR.password,
  });
  expect(made.status, made.stderr).toBe(0);
});

test.afterAll(async () => {
  await running?.stop();
  await stripeApi?.close();
});

/** A plain 96×96 PNG, the smallest honest avatar (the server reads its size from the header). */
function png(side = 96): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(side * 3, 0x5a)]);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.concat(Array(side).fill(row)))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const one = async (sql: string, args: (string | number)[] = []) =>
  (await running.db.execute({ sql, args })).rows[0] as Record<string, any>;

/** A page that records console errors, uncaught errors and failed or refused requests. */
async function watchedPage(browser: Browser, locale: "ru" | "en", problems: string[]) {
  const context = await browser.newContext({
    locale: locale === "ru" ? "ru-RU" : "en-US",
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  page.on("pageerror", (e) => problems.push(`page: ${e}`));
  // Only our app's pages are held to this (the payment stand-in is not ours).
  const ours = (u: string) => u.startsWith(running.url);
  page.on("console", (m) => ours(page.url()) && m.type() === "error" && problems.push(`console: ${m.text()}`));
  // A request the browser dropped because the page moved on (ERR_ABORTED) is no failure.
  page.on(
    "requestfailed",
    (r) =>
      ours(r.url()) &&
      r.failure()?.errorText !== "net::ERR_ABORTED" &&
      problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`),
  );
  page.on("response", (r) => ours(r.url()) && r.status() >= 400 && problems.push(`${r.status()}: ${r.url()}`));
  return page;
}

/** The seeded players the journeys have taken so far (one each, a retry takes another). */
const taken: number[] = [];

/** A seeded web player for a journey: the highest-levelled one that is not banned, erased or a
 * clan's leader (the journey founds a clan) and that no earlier journey took. How many seeded
 * players reached level 3 changes with the demo world, so one below it gets there the way
 * players do: a battle server reports a won battle worth the experience (BATTLE_RULES.levelStep
 * per level step; level 3 is 4 steps). */
async function seededPlayer() {
  const a = await one(
    `select id, nickname, level from players where erased_at is null and banned_until is null and platform = 'web' and id not in (select player_id from clan_members where role = 'leader') and id not in (${taken.join(",") || "0"}) order by level desc, id limit 1`,
  );
  expect(a, "a seeded web player not leading a clan").toBeTruthy();
  taken.push(Number(a.id));
  if (Number(a.level) < 3) {
    const tank = await one("select id from content_tanks order by tier, id limit 1");
    const { battleId } = await game(running, battles.start, {
      mode: "random",
      map: "e2e-steppe",
      players: [{ playerId: Number(a.id), tankId: Number(tank.id) }],
    });
    await game(running, battles.end, {
      battleId,
      results: [
        {
          playerId: Number(a.id),
          result: "win",
          experience: 4 * BATTLE_RULES.levelStep,
          silver: 1_000,
          kills: 2,
          damage: 1_500,
          durationS: 420,
        },
      ],
    });
    expect(Number((await one("select level from players where id = ?", [a.id])).level)).toBeGreaterThanOrEqual(3);
  }
  return a;
}

/** Arrives from the game with a single-use sign-in link; the token leaves the address bar. */
async function arrive(page: Page, playerId: number, locale: "ru" | "en", nickname: string, problems: string[]) {
  // The seeded player speaks the journey's language: a signed-in player's saved language wins on
  // the pages without one in their path (docs/decisions/http.md); the seed saves ru or en.
  await running.db.execute({ sql: "update players set locale = ? where id = ?", args: [locale, playerId] });
  const link = await game(running, players.siteToken, { playerId, next: `/${locale}/public` });
  await page.goto(link.url);
  await expect(page.locator(".tk-me"), problems.join("\n")).toContainText(nickname);
  expect(page.url()).toBe(`${running.url}/${locale}/public`);
}

const TEXT = {
  en: {
    clanName: "Clan name",
    tag: "Tag",
    found: /Found the clan for 100 gold/,
    openClan: /Open clan/,
    ask: "Ask to join",
    asked: "Your request was sent",
    approve: /Approve/,
    members: "Members",
    tanks: "Tanks",
    bought: /Bought for [\d,]+ (gold|silver)/,
    gifts: "Gifts",
    find: "Find the receiver by nickname or id",
    findBtn: "Find",
    choose: /Choose/,
    kind: "Gift",
    amount: "Amount",
    send: "Send the gift",
    giftSent: /Gift sent to/,
    askSupport: "Ask support",
    subject: "Subject",
    message: "Message",
    toSupport: "Send to support",
    newReply: "New reply",
    support: "Support",
    sections: "Sections",
    newAvatar: "New avatar",
    pending: "is waiting for moderation",
    leave: "Leave the clan",
    notInClan: "You are not in a clan.",
    erase: "Erase my data",
    confirm: "Confirm",
    erased: "Your personal data was erased and you were signed out.",
    search: "Search",
    clanSearch: "Clan name or tag",
    editProfile: "Edit profile",
    nickname: "Nickname",
    save: "Save",
    saved: "Profile saved",
  },
  ru: {
    clanName: "Название клана",
    tag: "Тег",
    found: /Основать клан за 100 золота/,
    openClan: /Открыть клан/,
    ask: "Подать заявку",
    asked: "Заявка отправлена",
    approve: /Принять/,
    members: "Участники",
    tanks: "Танки",
    bought: /Куплено за [\d\s\u00a0\u202f]+ (золота|серебра)/,
    gifts: "Подарки",
    find: "Найдите получателя по нику или номеру",
    findBtn: "Найти",
    choose: /Выбрать/,
    kind: "Подарок",
    amount: "Сумма",
    send: "Отправить подарок",
    giftSent: /Подарок отправлен игроку/,
    askSupport: "Написать в поддержку",
    subject: "Тема",
    message: "Сообщение",
    toSupport: "Отправить в поддержку",
    newReply: "Новый ответ",
    support: "Поддержка",
    sections: "Разделы",
    newAvatar: "Новый аватар",
    pending: "ждёт модерации",
    leave: "Покинуть клан",
    notInClan: "Вы не состоите в клане.",
    erase: "Удалить мои данные",
    confirm: "Подтвердить",
    erased: "Ваши персональные данные удалены, вы вышли из аккаунта.",
    search: "Искать",
    clanSearch: "Название или тег клана",
    editProfile: "Изменить профиль",
    nickname: "Ник",
    save: "Сохранить",
    saved: "Профиль сохранён",
  },
} as const;

for (const locale of ["ru", "en"] as const) {
  test(`player journey (${locale}): arrive, clan, shop, gift, support, guide, erase`, async ({ browser }, info) => {
    const app = running.url;
    const T = TEXT[locale];
    const problems: string[] = (reported = []);
    const shot = (page: Page, name: string) =>
      page.screenshot({ path: info.outputPath(`${locale}-${name}.png`), fullPage: true });

    // A seeded web player of level 3 or more (a tier-2 tank needs it), not leading a clan, each
    // journey its own; a newcomer registered by the game client.
    const a = await seededPlayer();
    const suffix = `${locale}${Date.now() % 100000}`;
    const b = await game(running, players.register, {
      network: "vk",
      uid: `e2e-player-${suffix}`,
      nickname: `Newbie_${suffix}`,
      locale,
    });

    const page = await watchedPage(browser, locale, problems);
    await arrive(page, Number(a.id), locale, String(a.nickname), problems);
    await shot(page, "landing");

    // Payment methods: the seeded player buys 500 gold (+50 bonus) and a million silver with Stripe
    // through billing's flow (a seeded player has too little of either for what follows).
    for (const [itemId, currency, grant] of [
      ["gold_500", "gold", 550],
      ["silver_1m", "silver", 1_000_000],
    ] as const) {
      const had = Number((await one(`select ${currency} as v from players where id = ?`, [a.id])).v);
      await page.goto(`${app}/public/profile/paymentMethods`);
      await page.getByRole("region", { name: "stripe" }).locator(`[data-item="${itemId}"]`).getByRole("button").click();
      await page.waitForURL(/127\.0\.0\.1:\d+\/pay\/cs_test_/);
      await page.locator("#pay").click();
      await page.waitForURL(/\/billing\/stripe\/order\/checkout\?order=\d+/);
      await expect
        .poll(async () => Number((await one(`select ${currency} as v from players where id = ?`, [a.id])).v))
        .toBe(had + grant);
      await expect(page.getByRole("status").first()).toBeVisible();
    }

    // The profile: a new avatar goes to moderation, and the page says so.
    await page.goto(`${app}/public/profile/`);
    await page.getByLabel(T.newAvatar).setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png() });
    await expect(page.getByTestId("avatar-pending")).toContainText(T.pending);
    await shot(page, "profile-avatar-pending");

    // The profile edit: a new nickname (too short first: the spec's message), saved and shown.
    const edit = page.getByRole("region", { name: T.editProfile });
    await edit.getByLabel(T.nickname).fill("ab");
    await edit.getByRole("button", { name: T.save }).click();
    await expect(edit.getByLabel(T.nickname)).toHaveAttribute("aria-invalid", "true");
    expect(await one("select nickname from players where id = ?", [a.id])).toMatchObject({ nickname: a.nickname });
    const renamed = `Renamed_${suffix}`;
    await edit.getByLabel(T.nickname).fill(renamed);
    await edit.getByRole("button", { name: T.save }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(renamed);
    expect((await one("select nickname from players where id = ?", [a.id])).nickname).toBe(renamed);

    // Out of the seeded clan first (confirmed), if in one.
    await page.goto(`${app}/public/profile/myClan`);
    const leave = page.getByRole("button", { name: T.leave });
    await expect(leave.or(page.getByText(T.notInClan))).toBeVisible();
    if (await leave.isVisible()) {
      await leave.click();
      await page.getByRole("dialog").getByRole("button", { name: T.confirm }).click();
      await expect(page.getByText(T.notInClan)).toBeVisible();
    }

    // Found a clan: the spec's message for a too-short tag, in the page's locale, before any request.
    const clan = { name: `Steel ${suffix}`, tag: `S${suffix}`.slice(0, 5).toUpperCase() };
    await page.goto(`${app}/public/profile/createClan`);
    await page.getByLabel(T.clanName).fill(clan.name);
    await page.getByLabel(T.tag).fill("X");
    await page.getByRole("button", { name: T.found }).click();
    await expect(page.locator(".tk-field-error")).toHaveText(
      serverCatalog[locale]["validation.minLength"].replace("{0}", "2"),
    );
    await page.getByLabel(T.tag).fill(clan.tag);
    await page.getByRole("button", { name: T.found }).click();
    await page.waitForURL(/\/public\/profile\/myClan$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`[${clan.tag}] ${clan.name}`);

    // The newcomer finds the clan by its name in the address and asks to join.
    const newcomer = await watchedPage(browser, locale, problems);
    await arrive(newcomer, Number(b.playerId), locale, String(b.nickname), problems);
    await newcomer.goto(`${app}/public/profile/searchClans/${encodeURIComponent(clan.tag)}`);
    await newcomer.getByRole("button", { name: T.openClan }).first().click();
    await newcomer.getByRole("button", { name: T.ask }).click();
    await expect(newcomer.locator("p.tk-notice").filter({ hasText: T.asked })).toBeVisible();
    await shot(newcomer, "asked-to-join");

    // The leader approves the request; the newcomer is a member.
    await page.reload();
    await page.getByRole("button", { name: T.approve }).click();
    await expect(page.getByRole("list", { name: T.members, exact: true })).toContainText(String(b.nickname));
    await shot(page, "clan");

    // The shop: a tank (for gold or silver, whichever the player can afford); a double click buys it once.
    await page.goto(`${app}/public/profile/shop`);
    await page.getByRole("tab", { name: T.tanks }).click();
    const before = await one(
      "select gold, silver, (select coalesce(max(id), 0) from shop_purchases) as lastPurchase from players where id = ?",
      [a.id],
    );
    const card = page
      .locator('[data-item^="tank-"]')
      .filter({ has: page.locator("button:not([disabled])") })
      .first();
    const item = await card.getAttribute("data-item");
    await card.locator("button:not([disabled])").first().dblclick();
    await expect(page.locator(".tk-toast").filter({ hasText: T.bought })).toBeVisible();
    await expect(page.locator(`[data-item="${item}"] button`).first()).toBeDisabled();
    const purchases = await one(
      "select count(*) as n, sum(price) as spent, max(currency) as currency from shop_purchases where player_id = ? and id > ?",
      [a.id, Number(before.lastPurchase)],
    );
    expect(Number(purchases.n)).toBe(1);
    const after = await one("select gold, silver from players where id = ?", [a.id]);
    const currency = String(purchases.currency) as "gold" | "silver";
    expect(Number(after[currency])).toBe(Number(before[currency]) - Number(purchases.spent));
    await expect(page.getByTestId("balance")).toContainText(
      Number(after[currency]).toLocaleString(locale === "ru" ? "ru-RU" : "en-US"),
    );
    const goldAfter = Number(after.gold);
    await shot(page, "shop");

    // A gift of 50 gold to the newcomer, found by nickname.
    await page.goto(`${app}/public/profile/gift`);
    const newcomerGold = Number((await one("select gold from players where id = ?", [b.playerId])).gold);
    await page.getByLabel(T.find).fill(String(b.nickname));
    await page.getByRole("button", { name: T.findBtn, exact: true }).click();
    await page.getByRole("button", { name: T.choose }).click();
    await page.getByLabel(T.amount).fill("50");
    await page.getByRole("button", { name: T.send }).click();
    await expect(page.locator(".tk-toast").filter({ hasText: T.giftSent })).toBeVisible();
    expect(Number((await one("select gold from players where id = ?", [b.playerId])).gold)).toBe(newcomerGold + 50);
    await expect(page.getByTestId("balance")).toContainText(
      (goldAfter - 50).toLocaleString(locale === "ru" ? "ru-RU" : "en-US"),
    );
    await shot(page, "gift");

    // Support: the category wizard, the ticket, then an operator's reply through the admin route.
    await page.goto(`${app}/public/profile/feedback`);
    await page.getByRole("button", { name: T.askSupport }).click();
    await page.locator("fieldset .tk-row").first().getByRole("button").first().click();
    await page.locator("fieldset .tk-row").first().getByRole("button").first().click();
    await page.getByLabel(T.subject).fill("Tank does not move");
    await page.getByLabel(T.message, { exact: true }).fill("After the last battle my tank stays in the hangar.");
    await page.getByRole("button", { name: T.toSupport }).click();
    await page.waitForURL(/\?ticket=\d+$/);
    const ticketId = Number(new URL(page.url()).searchParams.get("ticket"));

    const operator = await watchedPage(browser, "en", problems);
    await operator.goto(`${app}/admin/login`);
    await operator.getByLabel("Username").fill(OPERATOR.username);
    await operator.getByLabel("Password").fill(OPERATOR.password);
    await operator.getByRole("button", { name: "Sign in" }).click();
    await operator.waitForURL((u) => !u.pathname.startsWith("/admin/login"));
    const csrf = await operator.locator('meta[name="tk-csrf"]').getAttribute("content");
    const reply = await operator.request.post(`${app}/admin/feedback/${ticketId}/messages/add`, {
      data: { body: "Please restart the game client; the tank is back in the hangar." },
      headers: { "x-csrf-token": csrf ?? "" },
    });
    expect(reply.status(), await reply.text()).toBe(200);

    await page.goto(`${app}/public/profile/feedback`);
    const ticket = page
      .getByRole("list")
      .getByRole("button")
      .filter({ hasText: `#${ticketId}` });
    await expect(ticket).toContainText(T.newReply);
    await ticket.click();
    await expect(page.locator('[data-author="support"]')).toContainText(T.support);
    await expect(page.locator('[data-author="support"]')).toContainText("Please restart the game client");
    await shot(page, "support-thread");

    // A guide, rendered from markdown in the page's locale.
    await page.goto(`${app}/${locale}/public/information/guide/`);
    const nav = page.getByRole("navigation", { name: T.sections });
    const guide = nav.getByRole("link").nth(1);
    const title = (await guide.textContent())!.trim();
    await guide.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.locator(".tk-markdown")).not.toBeEmpty();
    await shot(page, "guide");

    // Erasing personal data: confirmed, then signed out on the landing page.
    await page.goto(`${app}/public/profile/`);
    await page.getByRole("button", { name: T.erase }).click();
    await page.getByRole("dialog").getByRole("button", { name: T.confirm }).click();
    await page.waitForURL(new RegExp(`/${locale}/public\\?erased=1$`));
    await expect(page.locator("p.tk-notice").filter({ hasText: T.erased })).toBeVisible();
    await expect(page.locator(".tk-me")).not.toContainText(String(a.nickname));
    expect((await one("select erased_at from players where id = ?", [a.id])).erased_at).not.toBeNull();
    await shot(page, "erased");
    for (const p of [page, newcomer, operator]) await p.context().close();

    expect(problems).toEqual([]);
  });
}
