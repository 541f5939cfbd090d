// The demo world's community is consistent: friendships in both directions, one event per chat
// message (plus the moderation's), a device per player, the rating bonus paid once through the ledger.
import { test, expect, afterAll } from "bun:test";
import { makeWorld } from "../../test/fixture.ts";
import { buildWorld } from "./world.ts";

const w = await makeWorld();
afterAll(() => w.close());

test("the demo world's friends, chat, devices and ratings", async () => {
  await buildWorld(w.deps.db, { players: 60, days: 5, now: w.clock.now(), seed: 7 });
  const one = async (sql: string) => (await w.deps.client.execute(sql)).rows[0] as Record<string, number>;
  expect((await one("select count(*) as n from friends")).n).toBeGreaterThan(0);
  expect(
    (
      await one(
        "select count(*) as n from friends f where not exists (select 1 from friends g where g.player_id = f.friend_id and g.friend_id = f.player_id)",
      )
    ).n,
  ).toBe(0);
  expect(
    (
      await one(
        "select count(*) as n from chat_messages m where not exists (select 1 from chat_events e where e.message_id = m.id and e.kind = 'message')",
      )
    ).n,
  ).toBe(0);
  expect((await one("select count(*) as n from chat_messages where status = 'hidden'")).n).toBe(1);
  expect((await one("select count(*) as n from chat_events where kind = 'hidden'")).n).toBe(1);
  expect((await one("select count(distinct player_id) as n from player_devices where client = 'game'")).n).toBe(60);
  const rated = (await one("select count(*) as n from player_terms where rated_at is not null")).n;
  expect((await one("select count(*) as n from ledger_entries where reason = 'bonus.rate'")).n).toBe(rated);
}, 120_000);
