// Throttling under concurrency: attempts are counted before the password is hashed, so a burst
// of concurrent wrong passwords for one account is refused after the limit instead of being
// checked in full (each check costs an Argon2id hash).
import { test, expect, beforeAll, afterAll } from "bun:test";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { createAdmin } from "./admins.ts";
import { THROTTLE } from "./throttle.ts";
import { gameApi } from "../test/sign-in.ts";
import { inArray } from "drizzle-orm";
import { loginFailures } from "../db/schema/identity.ts";

let w: TestWorld;
beforeAll(async () => {
  w = await makeWorld();
  await createAdmin(w.deps.db, {
    username: "target",
    email: "t@example.com",
    password: "correct horse battery",
    role: "support",
    at: w.clock.now(),
  });
});
afterAll(() => w.close());

const adminLogin = async (password: string, address: string) =>
  await w.app.request(
    "/admin/login",
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "target", password }),
    },
    { address },
  );

test("30 concurrent wrong passwords for one admin: the account's limit is checked (401), the rest refused (429), even the right password after", async () => {
  const statuses = await Promise.all(
    Array.from({ length: 30 }, (_, i) => adminLogin(`wrong password ${i}`, `198.51.100.${i}`).then((r) => r.status)),
  );
  expect(statuses.filter((s) => s === 401).length).toBe(THROTTLE.perAccount);
  expect(statuses.filter((s) => s === 429).length).toBe(30 - THROTTLE.perAccount);
  expect((await adminLogin("correct horse battery", "198.51.100.200")).status).toBe(429);
});

test("100 concurrent wrong passwords for one player from one address: at most the limit is checked", async () => {
  const reg = await gameApi(w, "/game/api/players/register", {
    email: "burst@example.com",
    password: "player password 1",
    nickname: "Burster",
  });
  expect(reg.status).toBe(201);
  const statuses = await Promise.all(
    Array.from({ length: 100 }, (_, i) =>
      Promise.resolve(
        w.app.request(
          "/public/login",
          {
            method: "POST",
            headers: { "content-type": "application/json", accept: "application/json" },
            body: JSON.stringify({ email: "burst@example.com", password: `wrong ${i}` }),
          },
          { address: "203.0.113.5" },
        ),
      ).then((r) => r.status),
    ),
  );
  expect(statuses.filter((s) => s === 401).length).toBe(THROTTLE.perAccount);
  expect(statuses.filter((s) => s === 429).length).toBe(100 - THROTTLE.perAccount);
});

test("a successful sign-in takes its attempt back: it does not count against the account or the address", async () => {
  await createAdmin(w.deps.db, {
    username: "regular",
    email: "r@example.com",
    password: "correct horse battery",
    role: "support",
    at: w.clock.now(),
  });
  const r = await w.app.request(
    "/admin/login",
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "regular", password: "correct horse battery" }),
    },
    { address: "192.0.2.77" },
  );
  expect(r.status).toBe(200);
  const left = await w.deps.db
    .select()
    .from(loginFailures)
    .where(inArray(loginFailures.key, ["acct:regular", "addr:192.0.2.77"]));
  expect(left).toEqual([]);
});
