// Prepared selects answered at once over bun:sqlite (api/db/prepared.ts) give drizzle's own
// answers: the same objects with their keys in the same order, each column decoded by its mode
// (booleans, timestamps, JSON, blobs), nulls as nulls, the joined table's nested object (drizzle
// maps it) and the same error for a missing placeholder.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { blob, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createBunSqliteClient } from "../../edge/bun-sqlite-client.ts";
import { createDb } from "./index.ts";
import { allNow, getNow, preparedOnce, readSteps, ready } from "./prepared.ts";

const dir = mkdtempSync(join(tmpdir(), "tk-prepared-"));
const client = createBunSqliteClient(join(dir, "t.db"));
const db = createDb(client);
afterAll(() => {
  client.close();
  rmSync(dir, { recursive: true, force: true });
});

const things = sqliteTable("things", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  on: integer("on", { mode: "boolean" }).notNull(),
  at: integer("at", { mode: "timestamp_ms" }),
  doc: text("doc", { mode: "json" }).$type<{ a: number[] }>(),
  bytes: blob("bytes"),
  ownerId: integer("owner_id"),
});
const owners = sqliteTable("owners", { id: integer("id").primaryKey(), title: text("title").notNull() });

await client.execute(
  "CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT NOT NULL, on_ INTEGER, at INTEGER, doc TEXT, bytes BLOB, owner_id INTEGER)".replace(
    "on_",
    '"on"',
  ),
);
await client.execute("CREATE TABLE owners (id INTEGER PRIMARY KEY, title TEXT NOT NULL)");
await client.execute("INSERT INTO owners VALUES (7, 'seven')");
await client.execute({
  sql: 'INSERT INTO things (id, name, "on", at, doc, bytes, owner_id) VALUES (1, ?, 1, ?, ?, ?, 7), (2, ?, 0, NULL, NULL, NULL, NULL)',
  args: ["one", Date.UTC(2026, 10, 27), JSON.stringify({ a: [1, 2] }), new Uint8Array([1, 2, 3]), "two"],
});

const build = (d: typeof db) => ({
  all: d
    .select()
    .from(things)
    .where(sql`${things.id} >= ${sql.placeholder("from")}`)
    .prepare(),
  picked: d
    .select({
      name: things.name,
      on: things.on,
      double: sql<number>`${things.id} * 2`.mapWith(Number),
      label: sql<string>`'#' || ${things.id}`.as("label"),
      flag: sql<boolean>`${things.on}`.mapWith(things.on),
    })
    .from(things)
    .where(eq(things.id, sql.placeholder("id")))
    .prepare(),
  nested: d
    .select({ id: things.id, owner: { id: owners.id, title: owners.title } })
    .from(things)
    .leftJoin(owners, eq(owners.id, things.ownerId))
    .where(sql`${things.id} >= ${sql.placeholder("from")}`)
    .prepare(),
});
const atOnce = preparedOnce(build)(db);
const drizzles = build(db);

const same = (a: unknown, b: unknown) => {
  expect(a).toEqual(b);
  // Key order too: answers are written out as JSON.
  expect(JSON.stringify(a, (_k, v) => (v instanceof Uint8Array ? [...v] : v))).toBe(
    JSON.stringify(b, (_k, v) => (v instanceof Uint8Array ? [...v] : v)),
  );
};

test("a prepared select answers at once what drizzle answers, decoded by each column's mode", async () => {
  expect((atOnce.all as { allNow?: unknown }).allNow).toBeDefined();
  const rows = await atOnce.all.all({ from: 1 });
  same(rows, await drizzles.all.all({ from: 1 }));
  expect(rows[0].on).toBe(true);
  expect(rows[0].at).toEqual(new Date(Date.UTC(2026, 10, 27)));
  expect(rows[0].doc).toEqual({ a: [1, 2] });
  expect(rows[1]).toMatchObject({ on: false, at: null, doc: null, bytes: null });
  same(await atOnce.all.get({ from: 2 }), await drizzles.all.get({ from: 2 }));
  same(getNow(atOnce.all, { from: 3 }), await drizzles.all.get({ from: 3 }));
  expect(getNow(atOnce.all, { from: 3 })).toBeUndefined();
});

test("chosen fields and SQL expressions with their decoders, and nested objects, as drizzle maps them", async () => {
  for (const id of [1, 2, 3]) same(getNow(atOnce.picked, { id }), await drizzles.picked.get({ id }));
  expect(getNow(atOnce.picked, { id: 1 })).toEqual({ name: "one", on: true, double: 2, label: "#1", flag: true });
  same(await atOnce.nested.all({ from: 1 }), await drizzles.nested.all({ from: 1 }));
  expect(await atOnce.nested.all({ from: 1 })).toEqual([
    { id: 1, owner: { id: 7, title: "seven" } },
    { id: 2, owner: null },
  ]);
});

test("a placeholder without a value fails as drizzle's does", async () => {
  const mine = await atOnce.picked.get({}).catch((e: Error) => e.cause ?? e);
  const theirs = await drizzles.picked.get({}).catch((e: Error) => e.cause ?? e);
  expect(String(mine)).toBe(String(theirs));
  expect(String(mine)).toContain('No value for placeholder "id"');
});

test("a read of steps answers at once while each step is ready, on promises from the first that is not", async () => {
  function* steps(a: number | Promise<number>, b: number | Promise<number>) {
    const x = yield* ready(a);
    let y: number;
    try {
      y = yield* ready(b);
    } catch (e) {
      y = -(e as Error).message.length;
    }
    if (x + y === 0) throw new Error("zero");
    return x + y;
  }
  expect(readSteps(steps(1, 2))).toBe(3);
  const later = readSteps(steps(1, Promise.resolve(2)));
  expect(later).toBeInstanceOf(Promise);
  expect(await later).toBe(3);
  // A step that fails is thrown into the read, where it may be caught.
  expect(await readSteps(steps(Promise.resolve(1), Promise.reject(new Error("abc"))))).toBe(-2);
  expect(() => readSteps(steps(1, -1))).toThrow("zero");
  expect(await (readSteps(steps(Promise.resolve(1), -1)) as Promise<number>).catch((e: Error) => e.message)).toBe(
    "zero",
  );
  // The statements' answers are steps: at once on bun:sqlite.
  function* names() {
    const rows = yield* ready(allNow(atOnce.all, { from: 1 }));
    const one = yield* ready(getNow(atOnce.picked, { id: rows[1].id }));
    return [rows.length, one?.name];
  }
  expect(readSteps(names())).toEqual([2, "two"]);
});
