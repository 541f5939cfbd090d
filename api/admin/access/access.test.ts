import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { count, eq } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../../test/fixture.ts";
import { signInAdmin, loginAdmin, type Actor } from "../../test/sign-in.ts";
import { routeTable, roleRank } from "../../http/router.ts";
import { adminLog, admins, sessions } from "../../db/schema/access.ts";
import { createAdmin } from "../../domain/admins.ts";
import { THROTTLE } from "../../domain/throttle.ts";

/** A concrete path for a route pattern: digits for ids, text for names. */
export const samplePath = (pattern: string) =>
  pattern.replace(/:(\w+)\{([^}]+)\}\??/g, (_, name: string, re: string) =>
    re === "ru|en" ? "en" : re === "[0-9]+" ? "1" : name === "type" ? "guide" : "sample",
  );

describe("admin access", () => {
  let w: TestWorld;
  let root: Actor & { username: string };
  beforeAll(async () => {
    w = await makeWorld();
    root = await signInAdmin(w, "superadmin", "root");
  });
  afterAll(() => w.close());

  const logRows = async () => (await w.deps.db.select({ n: count() }).from(adminLog))[0].n;
  const post = (path: string, who: Actor | null, body: unknown = {}, headers: Record<string, string> = {}) =>
    w.app.request(path, {
      method: "POST",
      headers: {
        ...(who ? who.headers() : { "content-type": "application/json", accept: "application/json" }),
        ...headers,
      },
      body: JSON.stringify(body),
    });

  test("sign-in: a wrong password and an unknown user get the same answer", async () => {
    const a = await post(
      "/admin/login",
      null,
      { username: "root", password: "wrong password!" },
      { "accept-language": "en" },
    );
    const b = await post(
      "/admin/login",
      null,
      { username: "nobody", password: "wrong password!" },
      { "accept-language": "en" },
    );
    expect(a.status).toBe(401);
    expect(b.status).toBe(401);
    expect(await a.json()).toEqual(await b.json());
  });

  test("the throttle engages after repeated failures and says how long to wait", async () => {
    await createAdmin(w.deps.db, {
      username: "victim",
      email: "v@example.com",
      password: "correct horse battery",
      role: "support",
      at: w.clock.now(),
    });
    for (let i = 0; i < THROTTLE.perAccount; i++)
      expect((await post("/admin/login", null, { username: "victim", password: "nope nope nope" })).status).toBe(401);
    const r = await post(
      "/admin/login",
      null,
      { username: "victim", password: "correct horse battery" },
      { "accept-language": "en" },
    );
    expect(r.status).toBe(429);
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await r.json()).error.message).toMatch(/Try again in \d+ seconds/);
    w.clock.advance(THROTTLE.windowMs + 1000);
    expect((await post("/admin/login", null, { username: "victim", password: "correct horse battery" })).status).toBe(
      200,
    );
  });

  test("without a session, admin JSON routes answer 401 and pages send to the login page", async () => {
    const json = await w.app.request("/admin/api/user/", { headers: { accept: "application/json" } });
    expect(json.status).toBe(401);
    const html = await w.app.request("/admin/adminLog/", { headers: { accept: "text/html" } });
    expect(html.status).toBe(302);
    expect(html.headers.get("location")).toStartWith("/admin/login");
  });

  test("a state-changing admin request without the CSRF token is refused and changes nothing", async () => {
    const before = await logRows();
    const r = await post(
      "/admin/api/user/create",
      root,
      { username: "csrfless", email: "c@example.com", password: "long enough pw", role: "support" },
      { "x-csrf-token": "" },
    );
    expect(r.status).toBe(403);
    expect((await r.json()).error.code).toBe("csrf");
    expect((await w.app.request("/admin/api/user/csrfless", { headers: root.headers() })).status).toBe(404);
    expect(await logRows()).toBe(before);
  });

  test("create, promote, denote, deactivate: each leaves exactly one admin log row", async () => {
    const steps: [string, unknown, number][] = [
      [
        "/admin/api/user/create",
        { username: "ops", email: "ops@example.com", password: "long enough pw", role: "support" },
        201,
      ],
      ["/admin/api/user/promote/ops", {}, 200],
      ["/admin/api/user/denote/ops", {}, 200],
      ["/admin/api/user/change-email/ops", { email: "ops2@example.com" }, 200],
      ["/admin/api/user/deactivate/ops", {}, 200],
      ["/admin/api/user/activate/ops", {}, 200],
    ];
    for (const [path, body, status] of steps) {
      const before = await logRows();
      const r = await post(path, root, body);
      expect(r.status, path).toBe(status);
      expect(await logRows(), path).toBe(before + 1);
    }
    const info = await (await w.app.request("/admin/api/user/ops", { headers: root.headers() })).json();
    expect(info.admin).toMatchObject({ role: "support", email: "ops2@example.com", active: true });
  });

  test("the admin named in the path is decoded once: `%2541` is a literal `%41`, never `A`; a body's username does not override it", async () => {
    await createAdmin(w.deps.db, {
      username: "aAbc",
      email: "aabc@example.com",
      password: "long enough pw",
      role: "support",
      at: w.clock.now(),
    });
    expect((await w.app.request("/admin/api/user/aAbc", { headers: root.headers() })).status).toBe(200);
    expect((await w.app.request("/admin/api/user/a%41bc", { headers: root.headers() })).status).toBe(200);
    const before = await logRows();
    for (const p of ["a%2541bc", "%25", "a%25"]) {
      const r = await w.app.request(`/admin/api/user/${p}`, { headers: root.headers() });
      expect(r.status, p).toBe(404);
      await r.body?.cancel();
      const promoted = await post(`/admin/api/user/promote/${p}`, root);
      expect(promoted.status, p).toBe(404);
      await promoted.body?.cancel();
    }
    const other = await post("/admin/api/user/change-email/nobody-here", root, {
      email: "x@example.com",
      username: "aAbc",
    });
    expect(other.status).toBe(404);
    await other.body?.cancel();
    expect(await logRows()).toBe(before);
    const row = (await w.deps.db.select().from(admins).where(eq(admins.username, "aAbc")))[0];
    expect([row.role, row.email]).toEqual(["support", "aabc@example.com"]);
  });

  test("a deactivated admin's session cookie stops working at once", async () => {
    const victim = await signInAdmin(w, "operator", "shortlived");
    expect((await w.app.request("/admin/index", { headers: victim.headers() })).status).toBe(200);
    expect((await post("/admin/api/user/deactivate/shortlived", root)).status).toBe(200);
    expect((await w.app.request("/admin/index", { headers: victim.headers() })).status).toBe(401);
    expect(await loginAdmin(w, "shortlived", "correct horse battery").catch((e) => String(e))).toContain("403");
  });

  test("the role ladder: no promotion past one's own role, no lock-out, always an active superadmin", async () => {
    const boss = await signInAdmin(w, "admin", "boss");
    await post("/admin/api/user/create", root, {
      username: "junior",
      email: "j@example.com",
      password: "long enough pw",
      role: "operator",
    });
    expect((await post("/admin/api/user/promote/junior", boss)).status).toBe(200); // operator → admin
    expect((await post("/admin/api/user/promote/junior", boss)).status).toBe(403); // admin → superadmin is above boss
    expect(
      (
        await post("/admin/api/user/create", boss, {
          username: "tooHigh",
          email: "t@example.com",
          password: "long enough pw",
          role: "superadmin",
        })
      ).status,
    ).toBe(403);
    expect((await post("/admin/api/user/deactivate/boss", boss)).status).toBe(403); // not oneself
    expect((await post("/admin/api/user/denote/root", boss)).status).toBe(403); // outranked
    const other = await signInAdmin(w, "superadmin", "root2");
    expect((await post("/admin/api/user/deactivate/root", other)).status).toBe(200);
    const last = await post("/admin/api/user/denote/root2", root, {});
    expect(last.status).toBe(401); // root was deactivated: its session is gone
    const again = await signInAdmin(w, "admin", "boss2");
    expect((await post("/admin/api/user/denote/root2", again)).status).toBe(403);
    expect((await post("/admin/api/user/activate/root", other)).status).toBe(200);
    const rootAgain = await loginAdmin(w, "root", "correct horse battery");
    expect((await post("/admin/api/user/deactivate/root2", rootAgain)).status).toBe(200);
    const lastOne = await post("/admin/api/user/denote/root", other, {});
    expect(lastOne.status).toBe(401);
    // root is now the only active superadmin and cannot be demoted by anyone.
    const third = await signInAdmin(w, "superadmin", "root3");
    expect((await post("/admin/api/user/deactivate/root3", rootAgain)).status).toBe(200);
    const r = await post("/admin/api/user/denote/root", rootAgain);
    expect(r.status).toBe(403);
    expect(third.username).toBe("root3");
  });

  test("every admin route refuses a role below the one it declares, and anonymous callers", async () => {
    const support = await signInAdmin(w, "support", "lowly");
    const adminRoutes = routeTable(w.app).filter((r) => r.auth === "admin");
    expect(adminRoutes.length).toBeGreaterThan(10);
    const checked: string[] = [];
    for (const r of adminRoutes) {
      const method = r.method === "ANY" || r.method === "GET|POST" ? "GET" : r.method;
      const path = samplePath(r.path);
      const anon = await w.app.request(path, { method, headers: { accept: "application/json" } });
      expect([401, 302], `${method} ${path}`).toContain(anon.status);
      if (roleRank(r.role ?? "support") > roleRank("support")) {
        const res = await w.app.request(path, { method, headers: support.headers() });
        expect(res.status, `${method} ${path} as support`).toBe(403);
        checked.push(path);
      }
    }
    expect(checked.length).toBeGreaterThan(0);
  });

  test("the admin log filters by admin, action and target, pages, and cannot be changed", async () => {
    const auditor = await signInAdmin(w, "superadmin", "auditor");
    await post("/admin/api/user/create", auditor, {
      username: "logged",
      email: "l@example.com",
      password: "long enough pw",
      role: "support",
    });
    for (let i = 0; i < 3; i++) {
      await post("/admin/api/user/promote/logged", auditor);
      await post("/admin/api/user/denote/logged", auditor);
    }
    const get = (q: string) =>
      w.app.request(`/admin/adminLog/get/logs?${q}`, { headers: auditor.headers({ "accept-language": "en" }) });
    const all = await (await get("pageSize=5")).json();
    expect(all.rows.length).toBe(5);
    expect(all.total).toBeGreaterThan(5);
    const page2 = await (await get("pageSize=5&page=2")).json();
    expect(page2.rows[0].id).toBeLessThan(all.rows[4].id);
    const byAction = await (await get("action=admin.promote&admin=auditor")).json();
    expect(byAction.rows.length).toBe(3);
    const byTarget = await (await get("target=logged")).json();
    expect(byTarget.rows.length).toBe(7);
    expect(byTarget.rows[0]).toMatchObject({
      adminUsername: "auditor",
      action: "admin.denote",
      targetType: "admin",
      targetId: "logged",
      summary: "role operator → support",
    });
    // What changed, as data the log shows in the viewer's language.
    expect(byTarget.rows[0].details).toEqual({
      changes: [{ field: "adminRole", before: "operator", after: "support" }],
    });
    const bad = await get("from=31.02.2026");
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields.from).toBe("Please enter a proper date.");
    const writeRoutes = routeTable(w.app).filter((r) => r.path.startsWith("/admin/adminLog") && r.mutates);
    expect(writeRoutes).toEqual([]);
  });

  test("the admin log's period filter keeps the rows between from and to, both ends included", async () => {
    const start = Date.UTC(2026, 10, 21, 9, 0, 0);
    const clerk = await signInAdmin(w, "admin", "clerk");
    await post("/admin/api/user/create", clerk, {
      username: "periodic",
      email: "p@example.com",
      password: "correct horse battery",
      role: "support",
    });
    // One promote and one denote a day for three days, from 09:00:00 UTC on 21.11.2026.
    for (let day = 0; day < 3; day++) {
      w.clock.set(start + day * 86_400_000);
      await loginAdmin(w, "clerk", "correct horse battery").then((a) => post("/admin/api/user/promote/periodic", a));
      w.clock.set(start + day * 86_400_000 + 3_600_000);
      await loginAdmin(w, "clerk", "correct horse battery").then((a) => post("/admin/api/user/denote/periodic", a));
    }
    const reader = await loginAdmin(w, "clerk", "correct horse battery");
    const get = async (q: string) =>
      w.app.request(`/admin/adminLog/get/logs?target=periodic&${q}`, {
        headers: reader.headers({ "accept-language": "en" }),
      });
    const rows = async (q: string) =>
      ((await (await get(q)).json()) as { rows: { action: string; createdAt: number }[] }).rows;
    expect((await rows("")).length).toBe(7); // create + 6 steps
    // The second day only: 22.11.2026 00:00:00 to 22.11.2026 23:59:59.
    const second = await rows(
      `from=${encodeURIComponent("22.11.2026 00:00:00")}&to=${encodeURIComponent("22.11.2026 23:59:59")}`,
    );
    expect(second.map((r) => r.action)).toEqual(["admin.denote", "admin.promote"]);
    expect(second.every((r) => r.createdAt >= Date.UTC(2026, 10, 22) && r.createdAt < Date.UTC(2026, 10, 23))).toBe(
      true,
    );
    // Both ends are inclusive, to the second.
    const exact = await rows(
      `from=${encodeURIComponent("23.11.2026 09:00:00")}&to=${encodeURIComponent("23.11.2026 10:00:00")}`,
    );
    expect(exact.map((r) => r.action)).toEqual(["admin.denote", "admin.promote"]);
    expect(
      (await rows(`from=${encodeURIComponent("23.11.2026 09:00:01")}&to=${encodeURIComponent("23.11.2026 09:59:59")}`))
        .length,
    ).toBe(0);
    // Open-ended: from alone, to alone; ISO dates too.
    expect((await rows(`from=${encodeURIComponent("22.11.2026 09:00:00")}`)).length).toBe(4);
    expect((await rows("to=2026-11-21T23:59:59Z")).length).toBe(2 + 1);
    const reversed = await get(
      `from=${encodeURIComponent("23.11.2026 00:00:00")}&to=${encodeURIComponent("22.11.2026 00:00:00")}`,
    );
    expect(reversed.status).toBe(400);
    expect((await reversed.json()).error.fields.to).toBe("The end of the period must not be before its start.");
  });

  test("GET /admin/logout only asks (the confirm screen); a POST without the CSRF token is refused; with it, the session ends", async () => {
    const a = await signInAdmin(w, "operator", "leaver");
    // A link, an <img src>, a prefetch: GET signs nobody out (it did before).
    const page = await w.app.request("/admin/logout", { headers: { cookie: a.cookie, accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const asJson = await w.app.request("/admin/logout", { headers: a.headers() });
    expect(await asJson.json()).toEqual({ admin: { username: "leaver", role: "operator" } });
    expect((await w.app.request("/admin/index", { headers: a.headers() })).status).toBe(200);
    const forged = await w.app.request("/admin/logout", {
      method: "POST",
      headers: { cookie: a.cookie, accept: "application/json" },
    });
    expect(forged.status).toBe(403);
    expect((await w.app.request("/admin/index", { headers: a.headers() })).status).toBe(200);
    const r = await w.app.request("/admin/logout", { method: "POST", headers: a.headers() });
    expect(r.status).toBe(200);
    const left = await w.deps.db.select().from(sessions).where(eq(sessions.kind, "admin"));
    expect((await w.app.request("/admin/index", { headers: a.headers() })).status).toBe(401);
    expect(left.length).toBeGreaterThan(0);
  });

  test("an old PBKDF2 hash signs in and is replaced by an Argon2id one", async () => {
    await createAdmin(w.deps.db, {
      username: "oldhash",
      email: "old@example.com",
      password: "correct horse battery",
      role: "support",
      at: w.clock.now(),
    });
    const salt = crypto.getRandomValues(new Uint8Array(16));
    const key = await crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode("correct horse battery"),
      "PBKDF2",
      false,
      ["deriveBits"],
    );
    const bits = new Uint8Array(
      await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations: 1000 }, key, 256),
    );
    const b64 = (b: Uint8Array) => btoa(String.fromCharCode(...b));
    await w.deps.db
      .update(admins)
      .set({ passwordHash: `pbkdf2-sha256$1000$${b64(salt)}$${b64(bits)}` })
      .where(eq(admins.username, "oldhash"));
    await loginAdmin(w, "oldhash", "correct horse battery");
    const [row] = await w.deps.db.select({ h: admins.passwordHash }).from(admins).where(eq(admins.username, "oldhash"));
    expect(row.h).toStartWith("$argon2id$");
    await loginAdmin(w, "oldhash", "correct horse battery");
  });
});
