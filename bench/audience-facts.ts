// bun bench/audience-facts.ts [--players 5000] [--rounds 3]
// Saved audiences over warehouse facts and any-of groups (docs/decisions/audiences.md): the
// preview (size) of a definition naming battles, wins, damage, active days and last purchase in
// two any-of groups, the first sweep writing its entries, a sweep that changes nothing, and the
// events path for 200 players. Players get 0–16 battles and 0–12 sign-ins over 60 days and a
// third of them payments, in chDB. Each figure: every round's milliseconds, then min–max.
import { parseArgs } from "node:util";
import { makeWorld } from "../api/test/fixture.ts";
import { systemCtx } from "../api/domain/context.ts";
import { audiences, players } from "../api/db/schema/index.ts";
import { emit } from "../api/domain/outbox.ts";
import { audienceSize, followAudienceEvents, reconcile, resolveFacts } from "../api/domain/audiences/membership.ts";
import type { Definition } from "../api/domain/audiences/definition.ts";
import { newEventId, toCHDateTime } from "../warehouse/events.ts";
import { prng } from "../warehouse/metrics/testing.ts";

const { values } = parseArgs({
  options: { players: { type: "string", default: "5000" }, rounds: { type: "string", default: "3" } },
});
const N = Number(values.players);
const rounds = Number(values.rounds);
const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const DAY = 86_400_000;

const w = await makeWorld({ now: NOW });
const db = w.deps.db;
const r = prng(32);
const ids: number[] = [];
for (let i = 0; i < N; i += 500) {
  const rows = await db
    .insert(players)
    .values(
      Array.from({ length: Math.min(500, N - i) }, (_, k) => ({
        nickname: `b_${i + k}`,
        country: r.pick(["RU", "KZ", "DE", "US"]),
        platform: r.pick(["web", "android", "ios"]),
        level: r.int(1, 12),
        createdAt: NOW - r.int(0, 90) * DAY,
      })),
    )
    .returning({ id: players.id });
  ids.push(...rows.map((x) => x.id));
}
const lines: Record<"battles" | "activity" | "payments", string[]> = { battles: [], activity: [], payments: [] };
let battleNo = 0;
for (const id of ids) {
  for (let k = r.int(0, 16); k > 0; k--)
    lines.battles.push(
      JSON.stringify({
        event_id: newEventId(),
        ts: toCHDateTime(NOW - r.int(0, 60 * DAY)),
        battle_id: ++battleNo,
        player_id: id,
        tank_id: 1,
        mode: "random",
        result: r.pick(["win", "loss", "draw"]),
        duration_s: 300,
        experience: r.int(50, 600),
        silver_earned: 0,
        silver_spent: 0,
        gold_earned: 0,
        kills: 1,
        damage: r.int(0, 1500),
        player_level: 5,
      }),
    );
  for (let k = r.int(0, 12); k > 0; k--)
    lines.activity.push(
      JSON.stringify({
        event_id: newEventId(),
        ts: toCHDateTime(NOW - r.int(0, 45 * DAY)),
        player_id: id,
        kind: "login",
        country: "RU",
        platform: "web",
        reg_ts: toCHDateTime(NOW - 90 * DAY),
      }),
    );
  if (r.next() < 0.33)
    lines.payments.push(
      JSON.stringify({
        event_id: newEventId(),
        ts: toCHDateTime(NOW - r.int(0, 60 * DAY)),
        order_id: `o${id}`,
        player_id: id,
        provider: "stripe",
        market: "web",
        item_id: "gold_100",
        country: "RU",
        platform: "web",
        source: "organic",
        status: "paid",
        amount_minor: 499,
        currency: "USD",
        amount_usd_cents: 499,
        reg_ts: toCHDateTime(NOW - 90 * DAY),
      }),
    );
}
for (const [table, ls] of Object.entries(lines))
  await w.deps.warehouse.insertLines(table as "battles", `${ls.join("\n")}\n`);

const definition: Definition = {
  conditions: [{ kind: "level", min: 3 }],
  groups: [
    {
      anyOf: [
        { kind: "battlesIn", min: 8, days: 30 },
        { kind: "winsIn", min: 4, days: 30 },
        { kind: "damageIn", min: 5000, days: 14 },
      ],
    },
    {
      anyOf: [
        { kind: "activeDays", min: 3, days: 30 },
        { kind: "lastPurchaseDays", max: 14 },
      ],
    },
  ],
};
const ctx = systemCtx(db, w.clock);
const time = async (f: () => Promise<unknown>) => {
  const t0 = performance.now();
  await f();
  return Math.round(performance.now() - t0);
};
const show = (name: string, ms: number[]) =>
  console.log(`${name}: ${ms.join(", ")} ms (min–max ${Math.min(...ms)}–${Math.max(...ms)})`);

const preview: number[] = [];
let size = 0;
for (let i = 0; i < rounds; i++)
  preview.push(await time(async () => (size = await audienceSize(ctx, w.deps.warehouse, definition))));
show(`preview (${size} of ${N} players)`, preview);

const first: number[] = [];
const again: number[] = [];
for (let i = 0; i < rounds; i++) {
  const [a] = await db
    .insert(audiences)
    .values({ name: `bench ${i}`, definition: JSON.stringify(definition), createdAt: NOW, updatedAt: NOW })
    .returning();
  first.push(await time(async () => reconcile(ctx, a.id, await resolveFacts(ctx, w.deps.warehouse, definition), null)));
  again.push(await time(async () => reconcile(ctx, a.id, await resolveFacts(ctx, w.deps.warehouse, definition), null)));
}
show("first sweep (writes the entries)", first);
show("sweep changing nothing", again);

const events: number[] = [];
for (let i = 0; i < rounds; i++) {
  for (const id of ids.slice(i * 200, i * 200 + 200))
    await emit(db, "activity", {
      event_id: newEventId(),
      ts: toCHDateTime(w.clock.now()),
      player_id: id,
      kind: "login",
      platform: "web",
      country: "RU",
      reg_ts: toCHDateTime(NOW - 90 * DAY),
    });
  await w.ship();
  events.push(await time(() => followAudienceEvents({ ctx, warehouse: w.deps.warehouse })));
}
show(`events path, 200 players × ${rounds} audiences`, events);
await w.close();
