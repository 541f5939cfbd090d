// Promoting a winner into the option's default (one transaction with its audit row; refused on a
// draft or an unknown variant, nothing changed) and the guardrail sweep (a variant surely worse
// than the control by more than its bound stops the experiment, audited as "system"; one within
// its bound, or with too few players, keeps running).
import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { eq } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../../test/fixture.ts";
import { signInAdmin, type Actor } from "../../test/sign-in.ts";
import { adminLog, players } from "../../db/schema/index.ts";
import { experiments } from "../../db/schema/experiments.ts";
import { options } from "../../db/schema/system.ts";
import { listVariants, readOption, saveVariant } from "../../domain/options.ts";
import {
  applyShares,
  participants,
  toExperiment,
  type Conditions,
  type ExperimentVariant,
} from "../../domain/experiments.ts";
import { stopOnGuardrails } from "../../domain/experiments-admin.ts";
import { newEventId, toCHDateTime } from "../../../warehouse/events.ts";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const START = NOW - 10 * DAY;

describe("Experiments: promote a winner into the option's default; stop on a crossed guardrail", () => {
  let w: TestWorld;
  let admin: Actor;
  const send = (path: string, body: unknown, lang = "en") =>
    w.app.request(path, {
      method: "POST",
      headers: { ...admin.headers(), "accept-language": lang },
      body: JSON.stringify(body),
    });
  const row = async (id: number) =>
    toExperiment((await w.deps.db.select().from(experiments).where(eq(experiments.id, id)))[0]);
  const logs = () => w.deps.db.select().from(adminLog);
  const hudDefault = async () =>
    JSON.parse(
      (await w.deps.db.select().from(options)).find((o) => o.key === "battle.hud" && o.variant === "default")!.value,
    );

  async function start(
    key: string,
    status: "running" | "draft",
    conditions: Conditions,
    variants: ExperimentVariant[],
  ) {
    const [r] = await w.deps.db
      .insert(experiments)
      .values({
        name: key,
        status,
        optionScope: "client",
        optionKey: key,
        conditions: JSON.stringify(conditions),
        variants: JSON.stringify(variants),
        createdAt: START,
        updatedAt: START,
        startedAt: status === "running" ? START : null,
      })
      .returning();
    if (status === "running") await applyShares(w.deps.db, toExperiment(r), true, START);
    return toExperiment(r);
  }
  const two = [
    { name: "control", weight: 1, optionVariant: "default" },
    { name: "new", weight: 1, optionVariant: "new" },
  ];
  const all = { platforms: [], countries: [], percent: 100 };

  beforeAll(async () => {
    w = await makeWorld({ now: NOW });
    for (const key of ["battle.hud", "slow", "mild", "few"]) {
      await saveVariant(w.deps.db, "client", { key, variant: "default", value: { size: "medium" }, share: 0 }, START);
      await saveVariant(w.deps.db, "client", { key, variant: "new", value: { size: "large" }, share: 0 }, START);
    }
    await w.deps.db.insert(players).values(
      Array.from({ length: 900 }, (_, i) => ({
        nickname: `p${i}`,
        level: 1 + Math.floor(i / 300) * 10 + (i % 10),
        platform: "web",
        country: "RU",
        createdAt: START - 30 * DAY,
      })),
    );
    admin = await signInAdmin(w, "operator");
  }, 120_000);
  afterAll(() => w.close());

  test("promote: refused on a draft and for an unknown variant (nothing changed); then the winner's value is the default, the experiment stopped, one audit row", async () => {
    const draft = await start("battle.hud", "draft", { ...all, levelMin: 1, levelMax: 100 }, two);
    const before = (await logs()).length;
    const r1 = await send("/admin/experiments/promote", { id: draft.id, variant: "new" });
    expect(r1.status).toBe(409);
    expect((await r1.json()).error.message).toBe("A draft has no results to promote; start the experiment first.");
    await w.deps.db.delete(experiments).where(eq(experiments.id, draft.id));

    const e = await start("battle.hud", "running", { ...all, levelMin: 1, levelMax: 100 }, two);
    const r2 = await send("/admin/experiments/promote", { id: e.id, variant: "nope" }, "ru");
    expect(r2.status).toBe(400);
    expect((await r2.json()).error.fields.variant).toBe("В эксперименте нет варианта «nope».");
    expect(await hudDefault()).toEqual({ size: "medium" });
    expect((await row(e.id)).status).toBe("running");
    expect((await logs()).length).toBe(before);

    const ok = await send("/admin/experiments/promote", { id: e.id, variant: "new" });
    expect(ok.status).toBe(200);
    expect((await ok.json()).experiment.status).toBe("stopped");
    expect(await hudDefault()).toEqual({ size: "large" });
    // Every player reads the winner's value now: the new variant's share went back to 0.
    const hud = (await listVariants(w.deps.db, "client")).filter((v) => v.key === "battle.hud");
    expect(hud.find((v) => v.variant === "new")!.share).toBe(0);
    for (const id of [1, 2, 3])
      expect((await readOption(w.deps.db, "client", "battle.hud", { playerId: id }))?.value).toEqual({ size: "large" });
    const after = await logs();
    expect(after.length).toBe(before + 1);
    const log = after.at(-1)!;
    expect(log.action).toBe("/admin/experiments/promote");
    expect(log.targetId).toBe(String(e.id));
    expect(log.summary).toContain('promoted variant "new" (new) into client option battle.hud default');
    expect(log.summary).toContain("running → stopped");
  });

  test("guardrails: saved and audited; the sweep stops the experiment whose variant is surely worse than its bound, by 'system', and leaves the others", async () => {
    const slow = await start("slow", "running", { ...all, levelMin: 1, levelMax: 10 }, two);
    const mild = await start("mild", "running", { ...all, levelMin: 11, levelMax: 20 }, two);
    const few = await start("few", "running", { ...all, levelMin: 21, levelMax: 30 }, two);
    for (const [e, bound] of [
      [slow, 10],
      [mild, 50],
      [few, 10],
    ] as const) {
      const r = await send("/admin/experiments/save/guardrails", { id: e.id, battlesPerDau: bound, d1: "" });
      expect(r.status).toBe(200);
      expect((await r.json()).experiment.guardrails).toEqual({ battlesPerDau: bound });
    }
    expect((await logs()).at(-1)!.action).toBe("/admin/experiments/save/guardrails");
    // Control: 4 battles a day; the new variant: 3 (−25 %). "few": only 10 players of each came.
    const act: object[] = [];
    const bat: object[] = [];
    let battleId = 0;
    for (const e of [slow, mild, few]) {
      const counts: Record<string, number> = {};
      for (const p of await participants(w.deps.db, await row(e.id))) {
        counts[p.variant] = (counts[p.variant] ?? 0) + 1;
        if (e === few && counts[p.variant] > 10) continue;
        for (let d = 1; d <= 3; d++) {
          const at = START + d * DAY + (p.playerId % 7) * 60_000;
          act.push({
            event_id: newEventId(),
            ts: toCHDateTime(at),
            player_id: p.playerId,
            kind: "login",
            country: "RU",
            platform: "web",
            reg_ts: toCHDateTime(START - 30 * DAY),
          });
          const n = p.variant === "control" ? 3 + (p.playerId % 3) : 2 + (p.playerId % 3);
          for (let b = 0; b < n; b++)
            bat.push({
              event_id: newEventId(),
              ts: toCHDateTime(at + b + 1),
              battle_id: ++battleId,
              player_id: p.playerId,
              tank_id: 1,
              mode: "random",
              result: "win",
              duration_s: 300,
              experience: 10,
              silver_earned: 100,
              silver_spent: 0,
              gold_earned: 0,
              kills: 1,
              damage: 100,
              player_level: 5,
            });
        }
      }
    }
    await w.deps.warehouse.insertLines("activity", act.map((x) => JSON.stringify(x)).join("\n"));
    await w.deps.warehouse.insertLines("battles", bat.map((x) => JSON.stringify(x)).join("\n"));

    const before = (await logs()).length;
    const stopped = await stopOnGuardrails(w.deps);
    expect(stopped.map((s) => s.id)).toEqual([slow.id]);
    expect(stopped[0].crossings.map((c) => [c.variant, c.metric, c.bound])).toEqual([["new", "battlesPerDau", 10]]);
    expect((await row(slow.id)).status).toBe("stopped");
    expect((await row(mild.id)).status).toBe("running");
    expect((await row(few.id)).status).toBe("running");
    const slowShares = (await listVariants(w.deps.db, "client")).find((v) => v.key === "slow" && v.variant === "new")!;
    expect(slowShares.share).toBe(0);
    const after = await logs();
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)!.adminUsername).toBe("system");
    expect(after.at(-1)!.action).toBe("/admin/experiments/guardrails/stop");
    expect(after.at(-1)!.summary).toContain("new battlesPerDau");
    // A second sweep finds nothing more to stop.
    expect(await stopOnGuardrails(w.deps)).toEqual([]);
  });
});
