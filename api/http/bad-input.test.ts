// No route answers 500 to bad input. Each class of bad input the route table can meet is tried
// on every route: a JSON body that is not an object (null, an array, a number, a string, broken
// JSON), a path parameter whose %-encoding does not decode, absurd numbers and years in the
// query and the body. Then the instances that were 500s, with the spec's message in the
// request's locale.
import { test, expect } from "bun:test";
import { routeTable } from "./router.ts";
import { parseDateTime } from "../domain/fields.ts";
import { fillPath, methodOf, routeWalk } from "../test/route-walk.ts";

const walk = routeWalk();

/** The path with its numeric parameters 1, the locale en, any other `text`. */
const fill = (path: string, text: string) => fillPath(path, { other: text });

const ABSURD: Record<string, string | number> = {
  year: 10000,
  month: "99999999999999999999",
  day: 1e308,
  from: 1e308,
  to: "10000-01-01",
  from1: 1e308,
  to1: "+275760-09-13",
  from2: -1e308,
  to2: 1e308,
  date: "9999-99-99",
  at: 1e308,
  until: -1e308,
  startsAt: 1e308,
  endsAt: 1e308,
  registeredAfter: 1e308,
  page: 1e308,
  limit: 1e308,
  offset: -1e308,
  size: 1e308,
  id: 1e308,
  playerId: 1e308,
  clanId: 1e308,
  amount: 1e308,
  hours: 1e308,
};

test("no route answers 500 to a non-object JSON body, a broken %-encoded parameter or absurd numbers and years", async () => {
  const failures: string[] = [];
  // Signing out would end the session the walk uses (logout has tests of its own).
  const { w } = walk;
  for (const r of routeTable(w.app).filter((r) => !r.path.includes("logout") && !r.path.startsWith("/test/"))) {
    const who = walk.actorOf(r);
    const tries: [string, string, RequestInit][] = [];
    const method = methodOf(r);
    if (/:\w+(\{\[\^\/\]\+\})?\??(\/|$)/.test(r.path)) {
      for (const bad of ["%E0%A4%A", "%E0", "%25E0", "%ZZ"])
        tries.push([`param ${bad}`, fill(r.path, bad), { method, headers: who.headers() }]);
    }
    const path = fill(r.path, "x");
    if (method !== "GET") {
      for (const body of ["null", "[]", "1", '"s"', "{", '{"playerId":null}'])
        tries.push([`body ${body}`, path, { method, headers: who.headers(), body }]);
    }
    const qs = new URLSearchParams(Object.entries(ABSURD).map(([k, v]) => [k, String(v)])).toString();
    tries.push(["absurd query", `${path}?${qs}`, { method, headers: who.headers() }]);
    if (method !== "GET")
      tries.push(["absurd body", path, { method, headers: who.headers(), body: JSON.stringify(ABSURD) }]);
    for (const [what, url, init] of tries) {
      const res = await w.app.request(url, init);
      if (res.status === 500) failures.push(`${what}: ${init.method} ${url.slice(0, 80)}`);
    }
  }
  expect(failures).toEqual([]);
}, 120_000);

test("the instances: each a 400 with the spec's message in the request's locale", async () => {
  const { w, admin } = walk;
  const en = (extra: Record<string, string> = {}) => admin.headers({ "accept-language": "en", ...extra });
  const nullBody = await w.app.request("/admin/playerAvatars/save", { method: "POST", headers: en(), body: "null" });
  expect(nullBody.status).toBe(400);
  expect((await nullBody.json()).error).toEqual({ code: "malformed", message: "The request could not be read." });
  for (const url of ["/admin/billing/catalog/edit/%E0%A4%A", "/admin/api/user/%E0"]) {
    const res = await w.app.request(url, { headers: en() });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe("malformed");
  }
  const ru = await w.app.request("/admin/api/user/%E0", { headers: admin.headers({ "accept-language": "ru" }) });
  expect((await ru.json()).error.message).toBe("Не удалось прочитать запрос.");
  const periods: Record<string, unknown> = {
    from1: "2026-01-01",
    to1: "2026-01-31",
    from2: "2026-02-01",
    to2: "2026-02-28",
  };
  for (const [field, value] of [
    ["from1", 1e308],
    ["from1", "10000-01-01"],
    ["from1", "01.01.10000"],
  ] as const) {
    for (const action of ["getPeriodData", "getCsv"]) {
      const res = await w.app.request(`/admin/metrics/comparePeriods/${action}`, {
        method: "POST",
        headers: en(),
        body: JSON.stringify({ ...periods, [field]: value }),
      });
      expect(res.status).toBe(400);
      const { error } = await res.json();
      expect(error.code).toBe("validation");
      expect(error.fields[field]).toBe("Please enter a proper date.");
    }
  }
});

test("dates from input lie in years 1900–2100", () => {
  expect(parseDateTime("01.01.2026 10:00:00")).toBe(Date.UTC(2026, 0, 1, 10));
  expect(parseDateTime("2100-12-31T23:59:59Z")).toBe(Date.UTC(2100, 11, 31, 23, 59, 59));
  for (const bad of [1e308, -1e308, 8.64e15, "2101-01-01", "1899-12-31", "+275760-09-13", "31.12.9999"])
    expect(parseDateTime(bad)).toBeNull();
});
