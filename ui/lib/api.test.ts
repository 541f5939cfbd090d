// The UI's calls through contracts: the request a contract makes of an input (method, address,
// query or JSON body, the CSRF token on a change), the typed answer, and the bundle's stand-in for
// a contract file (descriptors only: a screen that calls a route downloads no zod).
import { test, expect, beforeEach, afterEach } from "bun:test";
import { z } from "zod";
import { contract } from "../../api/contracts/contract.ts";
import * as players from "../../api/contracts/game/api/players.ts";
import { api, href } from "./api.ts";
import { contractDescriptors } from "../build.ts";
import * as f from "../../api/domain/fields.ts";

const sent: { url: string; method: string; headers: Record<string, string>; body?: string }[] = [];
const realFetch = globalThis.fetch;
beforeEach(() => {
  sent.length = 0;
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    sent.push({
      url,
      method: init.method ?? "GET",
      headers: init.headers as Record<string, string>,
      body: init.body as string | undefined,
    });
    return new Response(JSON.stringify({ ok: true, n: 3 }), { headers: { "content-type": "application/json" } });
  }) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

const rating = contract({
  method: "ANY",
  path: "/public/profile/rating",
  auth: "player",
  input: z.object({ board: z.enum(["players", "clans"]), page: f.optional(f.int(1, 100)) }),
  output: z.object({ ok: z.boolean(), n: z.int() }),
});
const save = contract({
  method: "ANY",
  path: "/public/profile/feedback/:ticketId{[0-9]+}/reply",
  auth: "player",
  mutates: true,
  params: z.object({ ticketId: f.id() }),
  input: z.object({ text: f.text(1, 100) }),
  output: z.object({ ok: z.boolean(), n: z.int() }),
});

test("a read goes as a GET with its fields in the query string; the answer is the output's type", async () => {
  const r = await api(rating, { board: "clans", page: 2 });
  const n: number = r.n; // a compile error if the answer were untyped
  expect(n).toBe(3);
  expect(sent).toEqual([
    {
      url: "/public/profile/rating?board=clans&page=2",
      method: "GET",
      headers: { accept: "application/json" },
      body: undefined,
    },
  ]);
});

test("a change goes as a POST with a JSON body and the CSRF token; path parameters fill the address", async () => {
  (globalThis as { document?: unknown }).document = { querySelector: () => ({ content: "the-token" }) };
  await api(save, { ticketId: 12, text: "hello" });
  delete (globalThis as { document?: unknown }).document;
  expect(sent[0].url).toBe("/public/profile/feedback/12/reply");
  expect(sent[0].method).toBe("POST");
  expect(JSON.parse(sent[0].body!)).toEqual({ text: "hello" });
  expect(sent[0].headers["content-type"]).toBe("application/json");
  expect(sent[0].headers["x-csrf-token"]).toBe("the-token");
  expect(href(players.playerState, { playerId: 5 })).toBe("/game/api/players/5");
});

test("inputs are typed by the contract (compile-time checks)", () => {
  // @ts-expect-error board is required
  void (() => api(rating, { page: 1 }));
  // @ts-expect-error board is one of the schema's values
  void (() => api(rating, { board: "tanks" }));
  // @ts-expect-error the path's parameter is required
  void (() => api(save, { text: "x" }));
  // @ts-expect-error fields the schema does not have
  void (() => api(rating, { board: "players", size: 3 }));
  expect(true).toBe(true);
});

test("in the bundle, a contract file is its contracts' descriptors: no zod, no schemas", async () => {
  let load: ((args: { path: string }) => Promise<{ contents: string; loader: string }>) | undefined;
  contractDescriptors.setup({ onLoad: (_: unknown, fn: typeof load) => void (load = fn) } as never);
  const path = new URL("../../api/contracts/game/api/players.ts", import.meta.url).pathname;
  const out = await load!({ path });
  expect(out.contents).not.toContain("zod");
  const mod = await import(`data:text/javascript,${encodeURIComponent(out.contents)}`);
  expect(mod.playerState).toEqual({
    contract: true,
    method: "GET",
    path: "/game/api/players/:playerId{[0-9]+}",
    auth: "game",
    kind: "action",
    mutates: false,
  });
  expect(Object.keys(mod).sort()).toEqual(["playerState", "register", "siteToken"]);
});
