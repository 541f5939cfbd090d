// Path parameters are typed at the boundary like the rest of the input: every route with a
// numeric parameter ({[0-9]+} in routes.tsv) declares it in its params schema, so an id the
// path's pattern lets through but no row can have (0, past 2^53, 400 digits) is a 400 with the
// spec's message in the request's locale — never a 500, a NaN or a rounded id in a query — and
// one the pattern refuses (abc, -1, 1e308) is the router's 404.
import { test, expect } from "bun:test";
import { routeTable, type RouteInfo } from "./router.ts";
import { TEST_GAME_API_KEY } from "../test/sign-in.ts";
import { fillPath, methodOf, routeWalk } from "../test/route-walk.ts";

const walk = routeWalk();

const NUMERIC = /:(\w+)\{\[0-9\]\+\}\??/g;
/** The path with `name` set to `value`, the other numeric parameters 1, the locale's, any other "x". */
const fill = (path: string, name: string, value: string, locale = "en") =>
  fillPath(path, { numeric: (n) => (n === name ? value : "1"), locale });

async function request(r: RouteInfo, url: string, locale: "ru" | "en") {
  // A player's answers come in their saved language: the player speaks the request's.
  if (r.auth === "player") await walk.playerSpeaks(locale);
  const method = methodOf(r);
  const headers = walk.actorOf(r).headers({ "accept-language": locale, authorization: `Bearer ${TEST_GAME_API_KEY}` });
  return walk.w.app.request(url, { method, headers, body: method === "POST" ? "{}" : undefined });
}

const routes = () => routeTable(walk.w.app).filter((r) => /\{\[0-9\]\+\}/.test(r.path));

test("the numeric path parameters of every route: 0, 2^53 and 400 digits are a 400 naming the parameter, in en and ru", async () => {
  const failures: string[] = [];
  const all = routes();
  expect(all.length).toBeGreaterThan(40);
  for (const r of all) {
    for (const [, name] of r.path.matchAll(NUMERIC)) {
      for (const bad of ["0", "9007199254740992", "9".repeat(400)]) {
        for (const locale of ["en", "ru"] as const) {
          const url = fill(r.path, name, bad, locale);
          const res = await request(r, url, locale);
          const body = (await res.json().catch(() => null)) as {
            error?: { code?: string; fields?: Record<string, string> };
          } | null;
          const message = body?.error?.fields?.[name];
          // 0 is under every parameter's least value (1 for an id, 2000 for a metrics year).
          const expected =
            bad === "0"
              ? {
                  en: /^Please enter a value greater than or equal to \d+\.$/,
                  ru: /^Введите значение не меньше \d+\.$/,
                }[locale]
              : /\S/;
          if (
            res.status !== 400 ||
            body?.error?.code !== "validation" ||
            !message ||
            !expected.test(message) ||
            /^validation\./.test(message)
          ) {
            failures.push(
              `${r.method} ${url.slice(0, 70)} (${locale}): ${res.status} ${JSON.stringify(body?.error ?? null).slice(0, 120)}`,
            );
          }
        }
      }
    }
  }
  expect(failures).toEqual([]);
}, 120_000);

test("an id the path's pattern refuses (abc, -1, 1e308) is a 404, never a 500", async () => {
  const failures: string[] = [];
  for (const r of routes()) {
    const [, name] = r.path.matchAll(NUMERIC).next().value!;
    for (const bad of ["abc", "-1", "1e308"]) {
      const url = fill(r.path, name, bad);
      const res = await request(r, url, "en");
      if (res.status !== 404) failures.push(`${r.method} ${url}: ${res.status}`);
    }
  }
  expect(failures).toEqual([]);
}, 120_000);

test("the other path parameters: an admin's name and a player's uid are checked by their schema too", async () => {
  const { w, admin } = walk;
  const bad = await w.app.request(`/admin/api/user/${"a".repeat(65)}`, {
    headers: admin.headers({ "accept-language": "ru" }),
  });
  expect(bad.status).toBe(400);
  expect((await bad.json()).error.fields.username).toBe("Введите не больше 64 символов.");
  const avatar = await w.app.request("/public/avatars/abc");
  expect(avatar.status).toBe(400);
  expect((await w.app.request(`/public/avatars/${"a".repeat(64)}`)).status).toBe(404);
  expect(
    (await w.app.request(`/admin/player/goToMailProfile/${"u".repeat(129)}`, { headers: admin.headers() })).status,
  ).toBe(400);
});
