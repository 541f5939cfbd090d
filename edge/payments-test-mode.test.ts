// Test mode (free gold through the stand-ins) is on by default only for a loopback-only server.
import { test, expect } from "bun:test";
import { servesLoopbackOnly } from "./boot.ts";

test("only a loopback HOST counts as nobody else can reach it", () => {
  for (const host of ["127.0.0.1", "127.3.2.1", "localhost", "::1", "[::1]", " LOCALHOST "])
    expect(servesLoopbackOnly(host)).toBe(true);
  for (const host of [
    "0.0.0.0",
    "::",
    "192.168.1.10",
    "10.0.0.2",
    "example.com",
    "127.0.0.1.example.com",
    "1270.0.0.1",
    "",
  ])
    expect(servesLoopbackOnly(host)).toBe(false);
});

// Issue 25, defect 6: HOST=127.0.0.1 behind a reverse proxy (PUBLIC_URL=https://…, or trusted
// proxies) is reachable by others: test mode stays off by default and cannot be turned on.
test("test mode: on only for a loopback HOST, a loopback or unset PUBLIC_URL and no trusted proxies", async () => {
  const { paymentsTestMode, readEnv } = await import("./config.ts");
  const mode = (env: Record<string, string | undefined>) => paymentsTestMode(readEnv(env));
  expect(mode({}).on).toBe(true);
  expect(mode({ HOST: "127.0.0.1", PUBLIC_URL: "http://localhost:3000" }).on).toBe(true);
  expect(mode({ HOST: "::1", PUBLIC_URL: "http://127.0.0.1:8080/" }).on).toBe(true);
  expect(mode({ PAYMENTS_TEST_MODE: "0" }).on).toBe(false);
  // Reachable by others: off by default, whatever else is set.
  for (const env of [
    { HOST: "127.0.0.1", PUBLIC_URL: "https://tankodrome.example" },
    { HOST: "127.0.0.1", PUBLIC_URL: "http://192.168.1.5:3000" },
    { HOST: "127.0.0.1", TRUSTED_PROXIES: "127.0.0.1" },
    { HOST: "0.0.0.0" },
    { LIBSQL_URL: "libsql://db.example.turso.io" },
  ]) {
    const m = mode(env);
    expect(m.on).toBe(false);
    expect(m.why.length).toBeGreaterThan(0);
  }
  // Said out loud on a reachable site: refused at start with the reason.
  expect(() =>
    readEnv({ HOST: "127.0.0.1", PUBLIC_URL: "https://tankodrome.example", PAYMENTS_TEST_MODE: "1" }),
  ).toThrow(/PAYMENTS_TEST_MODE/);
  expect(() => readEnv({ HOST: "0.0.0.0", PAYMENTS_TEST_MODE: "1" })).toThrow(/reachable/);
  expect(mode({ PAYMENTS_TEST_MODE: "1" }).on).toBe(true);
});
