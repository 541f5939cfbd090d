// Notifications journey in Debian's Chromium: an operator creates an inbox notification for
// German players of levels 5–50, writes its Russian and English texts (markdown editor), activates
// it after a confirmation, and a matching player finds it in their notifications
// (/public/profile/gift) and reads it in the profile's inbox, while a player outside the audience does not. The app runs as in
// production (bun edge/bun.ts) on a fresh data directory; the players and both sessions are put
// in with SQL. A second journey: the chat notifications screen in Russian, a finished one read-only.
import { test, expect } from "@playwright/test";
import { addSession, signedInPage, startApp, type RunningApp } from "./server.ts";

test.use({ launchOptions: { executablePath: "/usr/bin/chromium" }, locale: "en-US" });
test.describe.configure({ mode: "serial", timeout: 120_000 });

let running: RunningApp;

async function player(nickname: string, country: string, level: number) {
  const r = await running.db.execute({
    sql: "insert into players (nickname, country, platform, source, locale, level, created_at) values (?, ?, 'web', 'organic', 'en', ?, ?) returning id",
    args: [nickname, country, level, Date.now()],
  });
  return Number(r.rows[0].id);
}

test.beforeAll(async () => {
  running = await startApp("notifications");
});

test.afterAll(async () => {
  await running?.stop();
});

const pad = (n: number) => String(n).padStart(2, "0");
const spec = (d: Date) =>
  `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

test("an operator creates a notification, writes ru and en, activates it; a matching player sees it", async ({
  browser,
  playwright,
}, info) => {
  const suffix = Date.now() % 100000;
  const matching = await player(`Berlin${suffix}`, "DE", 12);
  const outside = await player(`Moscow${suffix}`, "RU", 12);

  const app = running.url;
  const { context, page } = await signedInPage(browser, running.db, { admin: "operator" });
  await page.goto(`${app}/admin/notification/`);
  await expect(page.getByRole("heading", { name: "Notifications", exact: true })).toBeVisible();

  // Create: a window open now, levels 5–50, Germany only.
  await page.getByRole("button", { name: "New notification" }).click();
  const form = page.getByRole("region", { name: "New notification" });
  await form.getByLabel("Name (operators only)").fill("Berlin league weekend");
  await form.getByLabel("Starts").fill(spec(new Date(Date.now() - 3_600_000)));
  await form.getByLabel("Ends").fill(spec(new Date(Date.now() + 3 * 86_400_000)));
  await form.getByLabel("Lowest level").fill("5");
  await form.getByLabel("Highest level").fill("50");
  await form.getByLabel("Countries").fill("DE");
  // A bad range is refused before anything is sent.
  await form.getByLabel("Highest level").fill("3");
  await form.getByRole("button", { name: "Create" }).click();
  await expect(form.getByText("Please enter a value greater than or equal to 5.")).toBeVisible();
  await form.getByLabel("Highest level").fill("50");
  await form.getByRole("button", { name: "Create" }).click();

  const editor = page.getByRole("region", { name: /^Notification #\d+$/ });
  await expect(editor.getByRole("heading", { name: /Berlin league weekend/ })).toBeVisible();
  await expect(editor.getByText("Status: Draft")).toBeVisible();

  // Texts in both languages, the body in the markdown editor.
  for (const [lang, title, body] of [
    ["Russian", "Лига Берлина", "Все выходные — **двойной опыт**."],
    ["English", "Berlin league", "All weekend — **double XP**."],
  ] as const) {
    const part = editor.getByRole("region", { name: lang });
    await part.getByLabel("Title").fill(title);
    await part.getByRole("textbox", { name: "Body" }).fill(body);
    await part.getByRole("button", { name: `Save text (${lang})` }).click();
    await expect(page.getByText("Text saved").last()).toBeVisible();
  }

  // Before activation: how many it reaches (the German player of level 12, not the Russian one),
  // and what a player sees in each language.
  await expect(editor.getByTestId("reach")).toContainText("1 player would receive it if it were activated now.");
  const preview = editor.getByRole("region", { name: "Preview as a player" });
  await expect(preview.locator("article")).toContainText("Лига Берлина");
  await preview.getByRole("button", { name: "English" }).click();
  await expect(preview.locator("article strong").first()).toHaveText("Berlin league");
  await expect(preview.locator("article")).toContainText("double XP");

  // Activate after the confirmation, which says the audience again.
  await editor.getByRole("button", { name: "Activate" }).click();
  await expect(page.getByRole("dialog")).toContainText("Activate it? 1 player receives it now.");
  await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(editor.getByText("Status: Active")).toBeVisible();
  await expect(editor.getByTestId("reach")).toContainText("Delivered: 1; read: 0.");
  await expect(page.getByRole("cell", { name: "Berlin league weekend" })).toBeVisible();
  await page.screenshot({ path: info.outputPath("notification-active.png"), fullPage: true });

  // The players' side: what the site's notifications route answers each of them.
  const seen = async (playerId: number) => {
    const s = await addSession(running.db, "player", playerId);
    const req = await playwright.request.newContext({
      baseURL: app,
      extraHTTPHeaders: {
        cookie: `${s.cookieName}=${s.token}`,
        "x-csrf-token": s.csrf,
        accept: "application/json",
        "content-type": "application/json",
      },
    });
    const r = await req.post("/public/profile/gift", { data: {} });
    expect(r.status()).toBe(200);
    const body = (await r.json()) as {
      notifications: { kind: string; payload: { contents?: Record<string, { title: string; body: string }> } }[];
    };
    await req.dispose();
    return body.notifications.filter((n) => n.kind === "notification");
  };
  const mine = await seen(matching);
  expect(mine).toHaveLength(1);
  expect(mine[0].payload.contents).toEqual({
    ru: { title: "Лига Берлина", body: "Все выходные — **двойной опыт**." },
    en: { title: "Berlin league", body: "All weekend — **double XP**." },
  });
  expect(await seen(outside)).toHaveLength(0);

  // The matching player reads it on their profile, in English (their locale): opening it marks it read.
  const { context: playerContext, page: pp } = await signedInPage(
    browser,
    running.db,
    { player: matching },
    { context: { locale: "en-US" } },
  );
  const playerErrors: string[] = [];
  pp.on("console", (m) => m.type() === "error" && playerErrors.push(m.text()));
  await pp.goto(`${app}/public/profile/`);
  const inbox = pp.getByRole("region", { name: /Messages/ });
  await expect(inbox.getByText("1 new")).toBeVisible();
  await inbox.getByText("Berlin league").click();
  await expect(inbox.locator("strong", { hasText: "double XP" })).toBeVisible();
  await expect(inbox.getByText("1 new")).toHaveCount(0);
  expect(
    Number(
      (
        await running.db.execute({
          sql: "select count(*) as n from player_notifications where player_id = ? and kind = 'notification' and read_at is not null",
          args: [matching],
        })
      ).rows[0].n,
    ),
  ).toBe(1);
  await pp.screenshot({ path: info.outputPath("notification-player-inbox.png"), fullPage: true });
  expect(playerErrors).toEqual([]);
  // The operator sees it read, in the editor and in the list.
  await editor.getByRole("button", { name: "Close" }).click();
  await page.reload();
  const row = page.getByRole("row", { name: /Berlin league weekend/ });
  await expect(row.getByRole("cell").nth(6)).toHaveText("1");
  await expect(row.getByRole("cell").nth(7)).toHaveText("1 (100 %)");
  await playerContext.close();
  await context.close();
});

test("in Russian, a finished chat notification is listed and shown read-only", async ({ browser }) => {
  const now = Date.now();
  const id = Number(
    (
      await running.db.execute({
        sql: "insert into notifications (channel, name, status, starts_at, ends_at, created_at, updated_at) values ('chat', 'Clan tournament starts', 'finished', ?, ?, ?, ?) returning id",
        args: [now - 8 * 86_400_000, now - 6 * 86_400_000, now, now],
      })
    ).rows[0].id,
  );
  for (const [lang, body] of [
    ["ru", "Клановый турнир начинается в 20:00 по Москве. Удачи, командиры!"],
    ["en", "The clan tournament starts at 20:00 Moscow time."],
  ])
    await running.db.execute({
      sql: "insert into notification_contents (notification_id, lang, title, body, updated_at) values (?, ?, '', ?, ?)",
      args: [id, lang, body, now],
    });
  const { context, page } = await signedInPage(
    browser,
    running.db,
    { admin: "operator" },
    { context: { locale: "ru-RU" }, locale: "ru" },
  );
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(`${running.url}/admin/notificationChat/`);
  await expect(page.getByRole("heading", { name: "Уведомления в чат", exact: true })).toBeVisible();
  const row = page.getByRole("row", { name: /Clan tournament starts/ });
  await expect(row.getByRole("cell", { name: "Завершено" })).toBeVisible();
  await row.getByRole("button", { name: "Открыть" }).click();
  await expect(page.getByText("Статус: Завершено")).toBeVisible();
  await expect(page.getByText("Клановый турнир начинается в 20:00 по Москве. Удачи, командиры!")).toBeVisible();
  await expect(page.getByRole("button", { name: "Активировать" })).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});
