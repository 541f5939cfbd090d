import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { z } from "zod";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { route } from "./router.ts";
import { issueMessage } from "../domain/validation.ts";
import * as f from "../domain/fields.ts";
import { resolveLocale } from "./locale.ts";
import { serverCatalog } from "../i18n/catalog.ts";

describe("HTTP conventions", () => {
  let w: TestWorld;
  beforeAll(async () => {
    w = await makeWorld();
    // A route registered the way every area registers its own.
    route(
      w.app,
      { method: "POST", path: "/test/form/:id{[0-9]+}", auth: "public" },
      {
        input: z.object({
          name: f.text(3, 10),
          age: f.int(18, 99),
          email: f.email(),
          step: f.optional(z.preprocess((v) => Number(v), z.number().multipleOf(5))),
          when: f.optional(f.dateTime()),
        }),
      },
      (c, input) => c.json({ ok: true, input }),
    );
    // A handler answering with a Response it built itself (as streams and assets do).
    route(w.app, { method: "GET", path: "/test/raw-response", auth: "public" }, {}, () => new Response("raw"));
  });
  afterAll(() => w.close());

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    w.app.request(path, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  test("valid input passes, from JSON or a form", async () => {
    const ok = await post("/test/form/1", { name: "Ivan", age: "20", email: "A@B.ru", when: "01.02.2026 10:00:00" });
    expect(ok.status).toBe(200);
    expect((await ok.json()).input).toEqual({ name: "Ivan", age: 20, email: "a@b.ru", when: Date.UTC(2026, 1, 1, 10) });
    const form = await w.app.request("/test/form/1", {
      method: "POST",
      body: new URLSearchParams({ name: "Olga", age: "30", email: "o@x.io" }),
    });
    expect(form.status).toBe(200);
  });

  test("bad input gets the spec's messages in English and Russian", async () => {
    const body = { name: "Al", age: 5, email: "nope", step: 7, when: "31.02.2026" };
    const en = await post("/test/form/1", body, { "accept-language": "en" });
    expect(en.status).toBe(400);
    expect(await en.json()).toEqual({
      error: {
        code: "validation",
        message: "Some fields are not filled in correctly.",
        fields: {
          name: "Please enter at least 3 characters.",
          age: "Please enter a value greater than or equal to 18.",
          email: "Please enter a proper email address.",
          step: "The value must increment by 5.",
          when: "Please enter a proper date.",
        },
      },
    });
    const ru = await post("/test/form/1", {}, { "accept-language": "ru-RU,ru;q=0.9" });
    const json = await ru.json();
    expect(json.error.fields.name).toBe("Это поле обязательно для заполнения.");
    expect(json.error.fields.age).toBe("Это поле обязательно для заполнения.");
  });

  test("malformed JSON is a 400, never a 500", async () => {
    const r = await post("/test/form/1", "{not json", { "accept-language": "en" });
    expect(r.status).toBe(400);
    expect((await r.json()).error.code).toBe("malformed");
  });

  test("a non-digit id is a 404 and a wrong method a 405", async () => {
    expect((await post("/test/form/abc", {})).status).toBe(404);
    const r = await w.app.request("/test/form/1", { method: "GET" });
    expect(r.status).toBe(405);
    expect(r.headers.get("allow")).toBe("POST");
  });

  test("locale comes from the path, then the cookie, then Accept-Language; ru by default", () => {
    expect(resolveLocale("/en/public", "ru", "ru")).toBe("en");
    expect(resolveLocale("/public/profile/", "en", "ru")).toBe("en");
    expect(resolveLocale("/admin/", undefined, "de-DE,en;q=0.8,ru;q=0.5")).toBe("en");
    expect(resolveLocale("/admin/", undefined, undefined)).toBe("ru");
    // Asked again (the ranking is remembered per header value), and a header too long to keep.
    expect(resolveLocale("/admin/", undefined, "de-DE,en;q=0.8,ru;q=0.5")).toBe("en");
    expect(resolveLocale("/admin/", undefined, "de-DE,ru;q=0.9,en;q=0.8")).toBe("ru");
    expect(resolveLocale("/admin/", undefined, `${"x-y;q=0.1,".repeat(40)}en;q=0.2`)).toBe("en");
  });

  test("an unknown page gets the HTML shell with the locale element and a 404", async () => {
    const r = await w.app.request("/en/public/nowhere", { headers: { accept: "text/html" } });
    expect(r.status).toBe(404);
    const html = await r.text();
    expect(html).toContain('<meta name="tk-locale" content="en">');
  });

  test("every kind of answer carries the security headers: JSON, errors, a Response a handler built; the HTML shell its document policy", async () => {
    const answers = [
      await w.app.request("/healthz"),
      await w.app.request("/test/form/abc"),
      await w.app.request("/test/raw-response"),
      await w.app.request("/test/form/1", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{",
      }),
    ];
    for (const res of answers) {
      expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    }
    for (const res of [
      await w.app.request("/en/public/nowhere", { headers: { accept: "text/html" } }),
      await w.app.request("/en/public/terms", { headers: { accept: "text/html" } }),
    ]) {
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin");
      expect(res.headers.get("strict-transport-security")).toContain("max-age=");
    }
  });

  test("a bad phone number is named as one; an empty one is required; a good one passes trimmed", () => {
    const phone = f.phone();
    const bad = phone.safeParse("call me");
    expect(bad.success).toBe(false);
    expect(issueMessage(bad.error!.issues[0], "call me")).toEqual({ id: "validation.phone", values: undefined });
    expect(serverCatalog.en["validation.phone"]).toBe("Please specify a valid phone number.");
    expect(phone.safeParse(" +7 (912) 345-67-89 ").data).toBe("+7 (912) 345-67-89");
  });

  test("the server catalogue has every message in both locales with the same placeholders", () => {
    const ph = (s: string) =>
      [...s.matchAll(/\{(\w+)\}/g)]
        .map((m) => m[1])
        .sort()
        .join();
    for (const [id, en] of Object.entries(serverCatalog.en)) {
      const ru = (serverCatalog.ru as Record<string, string>)[id];
      expect(ru, id).toBeString();
      expect(ph(ru), id).toBe(ph(en));
    }
    expect(Object.keys(serverCatalog.ru).sort()).toEqual(Object.keys(serverCatalog.en).sort());
  });
});
