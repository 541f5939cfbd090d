// The CSV export helpers against the real list route of a real world (fetch goes to the app).
import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { makeWorld, type TestWorld } from "../../api/test/fixture.ts";
import { signInAdmin } from "../../api/test/sign-in.ts";
import { contentStep } from "../../api/domain/content.ts";
import { rng } from "../../api/db/seed/world.ts";
import { fetchAllPages, type Progress } from "./csv.ts";

describe("fetchAllPages", () => {
  let w: TestWorld;
  const realFetch = globalThis.fetch;
  beforeAll(async () => {
    w = await makeWorld();
    await contentStep({ db: w.deps.db, r: rng(1), playerIds: [], opts: { players: 0, days: 1, now: w.clock.now() } });
    const admin = await signInAdmin(w, "operator");
    globalThis.fetch = ((url: string, init?: RequestInit) =>
      w.app.request(url, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), cookie: admin.cookie },
      })) as typeof fetch;
  });
  const realFetchless = (url: string) => w.app.request(url, { headers: { accept: "application/json" } });
  afterAll(async () => {
    globalThis.fetch = realFetch;
    await w.close();
  });

  test("pages through the filtered, sorted set, every row once, with progress", async () => {
    // The route really is guarded: the export below reads it through the admin's session.
    expect((await realFetchless("/admin/tank/getTanks")).status).toBe(401);
    const progress: Progress[] = [];
    const query = new URLSearchParams({ nation: "ussr", sort: "tier", dir: "desc" });
    const parts = await fetchAllPages<{ id: number; tier: number; nation: string }>(
      "/admin/tank/getTanks",
      query,
      ["id", "tier"],
      (r) => [r.id, r.tier],
      (p) => progress.push(p),
      undefined,
      3,
    );
    const lines = (parts as string[]).join("").trimEnd().split("\n");
    expect(lines[0]).toBe("id,tier");
    const body = lines.slice(1).map((l) => l.split(",").map(Number));
    const total = progress.at(-1)!.total!;
    expect(body.length).toBe(total);
    expect(total).toBeGreaterThan(3); // more than one page was read
    expect(new Set(body.map((r) => r[0])).size).toBe(total);
    expect(body.map((r) => r[1])).toEqual([...body.map((r) => r[1])].sort((a, b) => b - a));
    expect(progress.map((p) => p.done)).toEqual(progress.map((_, i) => Math.min(3 * (i + 1), total)));
  });

  test("a refused query is an error with the server's message", async () => {
    await expect(
      fetchAllPages(
        "/admin/tank/getTanks",
        new URLSearchParams({ sort: "nope" }),
        ["id"],
        () => [],
        () => {},
      ),
    ).rejects.toThrow();
  });
});
