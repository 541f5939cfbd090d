// Issue 31, a support case solved from the ticket page: the demo world's "no gold after payment"
// ticket names a 500-gold order left pending (the provider's callback never came). Support sees the
// player's case beside the thread — balance, the pending order, the status history — tries to
// credit more than their role may (refused under the field), then credits 500 gold and replies in
// one step after a confirmation; the balance, the thread, the history and the admin log say so.
import { test, expect } from "@playwright/test";
import { signedInPage, startApp, type RunningApp } from "./server.ts";

let running: RunningApp;
test.beforeAll(async () => {
  running = await startApp("support", { SEED_PLAYERS: "40", SEED_DAYS: "10" });
});
test.afterAll(async () => {
  await running?.stop();
});
const one = async (sql: string, args: (string | number)[] = []) => (await running.db.execute({ sql, args })).rows[0];

test("a 'no gold after payment' case settled from the ticket page", async ({ browser }, info) => {
  const ticket = await one(
    "select t.id, t.player_id as playerId, p.nickname, p.gold from support_tickets t join players p on p.id = t.player_id where t.sub_category = 'not_credited'",
  );
  const order = await one("select id from billing_orders where player_id = ? and status = 'pending' order by id desc", [
    Number(ticket.playerId),
  ]);
  const gold0 = Number(ticket.gold);
  const { context, page } = await signedInPage(
    browser,
    running.db,
    { admin: "support" },
    { context: { viewport: { width: 1366, height: 900 }, locale: "en-US" } },
  );
  const errors: string[] = [];
  // The refused credit answers 400 on purpose; Chromium logs that as a console error.
  page.on("console", (m) => m.type() === "error" && !/creditAndReply/.test(m.location().url) && errors.push(m.text()));

  // From the tickets list to the ticket.
  await page.goto(`${running.url}/admin/feedback`);
  await page.getByRole("link", { name: "Не пришло золото после оплаты" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: /Не пришло золото после оплаты/ })).toBeVisible();
  const thread = page.getByRole("list", { name: "Messages" });
  await expect(thread).toContainText(`заказ №${order.id}`);

  // The case: the player's balance, the order named in the ticket, pending, with verify.
  const aside = page.getByRole("complementary", { name: "The player's case" });
  await expect(aside.getByTestId("case-balance")).toContainText(`${gold0.toLocaleString("en-US")} gold`);
  const card = aside.getByTestId(`case-order-${order.id}`);
  await expect(card).toContainText("pending");
  await expect(card).toContainText("Robokassa");
  await expect(card.getByRole("button", { name: "Verify with the provider" })).toBeVisible();
  await expect(aside.getByRole("region", { name: "Status history" })).toContainText("opened by the player");

  // Support may credit at most 500 gold: 600 is refused under the field, nothing happens.
  const credit = aside.getByRole("form", { name: "Credit and reply" });
  await credit.locator("input[name=gold]").fill("600");
  await credit.getByLabel("Reason (operators only)").fill(`order #${order.id} pending at the provider, money taken`);
  await credit.getByLabel("Reply to the player").fill("Здравствуйте! Начислили 500 золота, извините за задержку.");
  await credit.getByRole("button", { name: "Credit and reply" }).click();
  await expect(page.getByRole("dialog")).toContainText(`Credit 600 gold to ${ticket.nickname} and send the reply?`);
  await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(credit.locator("input[name=gold]")).toHaveAttribute("aria-invalid", "true");
  await expect(credit).toContainText("at most 500");
  expect(Number((await one("select gold from players where id = ?", [Number(ticket.playerId)])).gold)).toBe(gold0);

  // 500: credited and answered in one step.
  await credit.locator("input[name=gold]").fill("500");
  await credit.getByRole("button", { name: "Credit and reply" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(
    page.getByText(`Credited and answered: the balance is ${(gold0 + 500).toLocaleString("en-US")} gold now.`),
  ).toBeVisible();
  await expect(aside.getByTestId("case-balance")).toContainText(`${(gold0 + 500).toLocaleString("en-US")} gold`);
  await expect(thread).toContainText("Начислили 500 золота");
  await expect(aside.getByRole("region", { name: "Status history" })).toContainText("awaiting operator → answered");
  await expect(aside.getByRole("region", { name: "Recent orders" })).toContainText("compensation");
  await page.screenshot({ path: info.outputPath("ticket-case.png"), fullPage: true });

  // The store: gold through the ledger once, one admin log row tied to the ticket.
  const ledger = await one(
    "select delta, balance_after as after from ledger_entries where player_id = ? and currency = 'gold' order by id desc",
    [Number(ticket.playerId)],
  );
  expect([Number(ledger.delta), Number(ledger.after)]).toEqual([500, gold0 + 500]);
  const log = await one("select action, target_type as t, target_id as id from admin_log order by id desc");
  expect([log.action, log.t, log.id]).toEqual(["ticket.creditAndReply", "ticket", String(ticket.id)]);
  expect(errors).toEqual([]);

  // On a phone the case follows the thread, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(aside.getByTestId("case-balance")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: info.outputPath("ticket-case-phone.png"), fullPage: true });
  await context.close();
});
