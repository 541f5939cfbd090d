// The embedded client on Bun: named rows for our own SQL, rows by position and by name (libSQL's shape) for drizzle over the same
// connections, synchronous reads for the hot path, and the write lock in front of all three.
import { test, expect, afterAll } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { createBunSqliteClient } from "./bun-sqlite-client.ts";
import { withWriteLock } from "../api/db/write-lock.ts";
import { readFirstRow } from "../api/db/read.ts";
import { createDb } from "../api/db/index.ts";
import { migrate } from "../api/db/migrate.ts";
import { players } from "../api/db/schema/index.ts";

const dir = mkdtempSync(join(tmpdir(), "tk-bun-sqlite-"));
const client = withWriteLock(createBunSqliteClient(`${dir}/t.db`));
afterAll(() => {
  client.close();
  rmSync(dir, { recursive: true, force: true });
});

test("our SQL gets plain rows by column name (first of duplicate names wins); drizzle reads the same rows by position", async () => {
  await migrate(client);
  const db = createDb(client);
  const [p] = await db.insert(players).values({ nickname: "Rows", createdAt: 1, gold: 7 }).returning();
  const { rows } = await client.execute({
    sql: "SELECT id, nickname, gold, 1 AS id FROM players WHERE id = ?",
    args: [p.id],
  });
  expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
  expect(JSON.parse(JSON.stringify(rows[0]))).toEqual({ id: p.id, nickname: "Rows", gold: 7 });
  const [viaDrizzle] = await db
    .select({ nickname: players.nickname, gold: players.gold })
    .from(players)
    .where(eq(players.id, p.id));
  expect(viaDrizzle).toEqual({ nickname: "Rows", gold: 7 });
});

test("drizzle's raw SQL (db.all, db.get) gets rows by column name, as on libSQL; its selects still read by position, duplicate names included", async () => {
  const db = createDb(client);
  // Before the fix the positional view handed drizzle bare value arrays: db.all answered [{ "0": …, "1": … }].
  expect(
    await db.all<{ n: number; nick: string }>(sql`SELECT count(*) AS n, max(nickname) AS nick FROM players`),
  ).toEqual([{ n: 1, nick: "Rows" }]);
  expect(await db.get<{ x: number }>(sql`SELECT 1 AS x, 2 AS x`)).toEqual({ x: 1 });
  const inTx = await db.transaction(async (tx) => tx.all<{ gold: number }>(sql`SELECT gold FROM players`));
  expect(inTx).toEqual([{ gold: 7 }]);
  // A join whose two sides share a column name reads each side's own value.
  const a = alias(players, "a");
  const [j] = await db
    .select({ id: players.id, aId: a.id, aNick: a.nickname })
    .from(players)
    .innerJoin(a, sql`${a.id} = ${players.id}`);
  expect(j).toEqual({ id: expect.any(Number), aId: j.id, aNick: "Rows" });
  const { rows } = await (client as unknown as { positional: typeof client }).positional.execute({
    sql: "SELECT 3 AS x, 4 AS y, 5 AS x",
    args: [],
  });
  expect(Object.keys(rows[0])).toEqual(["x", "y"]);
  expect(Array.prototype.slice.call(rows[0])).toEqual([3, 4, 5]);
  expect(rows[0].length).toBe(3);
  // A column called "length" or like an index does not hide the row's positions (libSQL skips it too).
  const odd = (
    await (client as unknown as { positional: typeof client }).positional.execute(
      'SELECT 7 AS length, 8 AS "0", 9 AS z',
    )
  ).rows[0];
  expect(Array.prototype.slice.call(odd)).toEqual([7, 8, 9]);
  expect(Object.keys(odd)).toEqual(["z"]);
});

test("readFirstRow() answers at once on this driver; the synchronous path refuses writes, which must queue behind the lock", async () => {
  const r = readFirstRow(client, { sql: "SELECT count(*) AS n FROM players", args: [] });
  expect(r).not.toBeInstanceOf(Promise);
  expect(r).toEqual({ n: 1 });
  expect(readFirstRow(client, { sql: "SELECT id FROM players WHERE id = ?", args: [-1] })).toBeUndefined();
  // Duplicate names: the first wins, as everywhere else on this client and in libSQL.
  expect(readFirstRow(client, { sql: "SELECT gold AS x, 1 AS x FROM players", args: [] })).toEqual({ x: 7 });
  // Booleans and dates bind as SQLite stores them.
  expect(readFirstRow(client, { sql: "SELECT ? AS b, ? AS d", args: [true, new Date(5)] })).toEqual({ b: 1, d: 5 });
  expect(() => readFirstRow(client, { sql: "UPDATE players SET gold = 0", args: [] })).toThrow("reads only");
  expect((await client.execute("SELECT gold FROM players")).rows[0].gold).toBe(7);
});

test("a COMMIT that fails rolls back and drops its connection: the next transaction starts clean and can write", async () => {
  const d = mkdtempSync(join(tmpdir(), "tk-bun-sqlite-commit-"));
  const c = withWriteLock(createBunSqliteClient(`${d}/t.db`, { busyTimeoutMs: 200 }));
  try {
    await c.executeMultiple(
      "CREATE TABLE parent (id INTEGER PRIMARY KEY); CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED);",
    );
    const tx = await c.transaction("write");
    await tx.execute({ sql: "INSERT INTO child (id, parent_id) VALUES (1, 99)", args: [] });
    // The deferred foreign key is checked at COMMIT, which fails and leaves SQLite's transaction open.
    await expect(tx.commit()).rejects.toThrow(/FOREIGN KEY/);
    // Before the fix the same connection went back to the pool mid-transaction: this BEGIN
    // failed with "cannot start a transaction within a transaction".
    const tx2 = await c.transaction("write");
    await tx2.execute({ sql: "INSERT INTO parent (id) VALUES (5)", args: [] });
    await tx2.execute({ sql: "INSERT INTO child (id, parent_id) VALUES (2, 5)", args: [] });
    await tx2.commit();
    // The failed transaction wrote nothing, and the file is not left locked for plain writes.
    await c.execute({ sql: "INSERT INTO parent (id) VALUES (6)", args: [] });
    expect((await c.execute("SELECT id FROM child ORDER BY id")).rows.map((r) => r.id)).toEqual([2]);
    expect((await c.execute("SELECT count(*) AS n FROM parent")).rows[0].n).toBe(2);
  } finally {
    c.close();
    rmSync(d, { recursive: true, force: true });
  }
});
