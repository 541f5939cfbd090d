// Forwarding headers count only from trusted proxies: a client talking to the server directly
// cannot pick its own address (to slip past the per-address sign-in limit, or to write a forged
// address into the admin log).
import { test, expect } from "bun:test";
import { parseTrustedProxies, resolveClientAddress, isTrusted } from "./client-address.ts";
import { bunFetch } from "./bun-fetch.ts";
import { makeWorld } from "../api/test/fixture.ts";
import { createAdmin } from "../api/domain/admins.ts";
import { THROTTLE } from "../api/domain/throttle.ts";
import { adminLog } from "../api/db/schema/index.ts";
import { desc } from "drizzle-orm";
import { readEnv } from "./config.ts";

const h = (o: Record<string, string>) => new Headers(o);

test("TRUSTED_PROXIES: addresses and CIDR ranges, IPv4 and IPv6; a bad entry stops the start", () => {
  const t = parseTrustedProxies("10.0.0.0/8, 192.168.1.7 ::1 2001:db8::/32");
  expect(isTrusted(t, "10.200.3.4")).toBe(true);
  expect(isTrusted(t, "11.0.0.1")).toBe(false);
  expect(isTrusted(t, "192.168.1.7")).toBe(true);
  expect(isTrusted(t, "::ffff:192.168.1.7")).toBe(true);
  expect(isTrusted(t, "192.168.1.8")).toBe(false);
  expect(isTrusted(t, "::1")).toBe(true);
  expect(isTrusted(t, "2001:db8:1::5")).toBe(true);
  expect(isTrusted(t, "2001:db9::5")).toBe(false);
  expect(() => parseTrustedProxies("10.0.0.0/33")).toThrow("TRUSTED_PROXIES");
  expect(() => parseTrustedProxies("proxy.local")).toThrow("TRUSTED_PROXIES");
  expect(() => readEnv({ TRUSTED_PROXIES: "1.2.3.4/99" })).toThrow("TRUSTED_PROXIES");
  expect(readEnv({ TRUSTED_PROXIES: "127.0.0.1" }).TRUSTED_PROXIES).toBe("127.0.0.1");
});

test("forwarded addresses are believed only from a trusted peer; the last untrusted hop of X-Forwarded-For is the client", () => {
  const forged = h({ "x-real-ip": "6.6.6.6", "cf-connecting-ip": "7.7.7.7", "x-forwarded-for": "8.8.8.8" });
  expect(resolveClientAddress("203.0.113.9", forged, [])).toBe("203.0.113.9");
  expect(resolveClientAddress("203.0.113.9", forged, parseTrustedProxies("10.0.0.0/8"))).toBe("203.0.113.9");
  const t = parseTrustedProxies("10.0.0.0/8");
  // The client prepended a forged hop; the proxy appended the real one.
  expect(resolveClientAddress("10.0.0.2", h({ "x-forwarded-for": "1.1.1.1, 198.51.100.4, 10.0.0.3" }), t)).toBe(
    "198.51.100.4",
  );
  expect(resolveClientAddress("10.0.0.2", h({ "x-real-ip": "198.51.100.5" }), t)).toBe("198.51.100.5");
  expect(resolveClientAddress("10.0.0.2", h({ "x-forwarded-for": "not-an-ip" }), t)).toBe("10.0.0.2");
  expect(resolveClientAddress("10.0.0.2", h({}), t)).toBe("10.0.0.2");
});

test("on Bun, rotating X-Real-IP / CF-Connecting-IP neither escapes the per-address sign-in limit nor forges the admin log's address", async () => {
  const w = await makeWorld();
  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: bunFetch(w.app) });
  try {
    const url = `http://127.0.0.1:${server.port}/admin/login`;
    const post = (body: unknown, i: number) =>
      fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-real-ip": `6.6.6.${i % 250}`,
          "cf-connecting-ip": `7.7.${i % 250}.7`,
          "x-forwarded-for": `8.8.8.${i % 250}`,
        },
        body: JSON.stringify(body),
      });
    await createAdmin(w.deps.db, {
      username: "boss",
      email: "boss@example.com",
      password: "correct horse battery",
      role: "superadmin",
      at: w.clock.now(),
    });
    const ok = await post({ username: "boss", password: "correct horse battery" }, 1);
    expect(ok.status).toBe(200);
    const [row] = await w.deps.db.select().from(adminLog).orderBy(desc(adminLog.id)).limit(1);
    expect(JSON.stringify(row)).toContain("127.0.0.1");
    expect(JSON.stringify(row)).not.toContain("6.6.6.");
    // Wrong passwords for different accounts (the per-account limit never trips), each with new headers.
    const statuses: number[] = [];
    for (let i = 0; i <= THROTTLE.perAddress; i++)
      statuses.push((await post({ username: `nobody${i}`, password: "wrong password" }, i + 2)).status);
    expect(statuses.slice(0, THROTTLE.perAddress).every((s) => s === 401)).toBe(true);
    expect(statuses[THROTTLE.perAddress]).toBe(429);
  } finally {
    server.stop(true);
    await w.close();
  }
}, 120_000);
