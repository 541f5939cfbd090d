// The stand-ins' TEST MODE pages keep their yellow banner under the app's Content-Security-Policy:
// the stylesheet is a <style> block allowed by its hash, and no page carries a style attribute.
import { test, expect } from "bun:test";
import { makeWorld } from "../test/fixture.ts";
import { preparePaymentsTestMode, TEST_BASE } from "./test-mode.ts";
import { SHEET_CSS, sheetPolicy, testSheet } from "./test-standins/sheet.ts";

test("a sheet's policy allows exactly its stylesheet by hash and nothing inline else", async () => {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(SHEET_CSS));
  const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
  const policy = await sheetPolicy();
  expect(policy).toBe(`default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; frame-ancestors 'none'`);
  expect(policy).not.toContain("unsafe");
  const res = await testSheet("T <x>", "<h1>T</h1>");
  const html = await res.text();
  expect(res.headers.get("content-security-policy")).toBe(policy);
  expect(html.match(/<style>([^<]*)<\/style>/)?.[1]).toBe(SHEET_CSS);
  expect(html).not.toMatch(/\sstyle=/);
  expect(html).toContain('<p id="test-mode">');
  expect(SHEET_CSS).toContain("#test-mode{background:#ffd400");
});

test("every stand-in page is a sheet: no style attributes, no page of its own making", async () => {
  for (const p of ["apple", "ecommpay", "paypal", "robokassa", "rustore", "stripe"]) {
    const src = await Bun.file(new URL(`./test-standins/${p}.ts`, import.meta.url)).text();
    expect(src, p).not.toMatch(/\sstyle=/);
    expect(src, p).not.toContain("c.html(");
    expect(src, p).toContain("testSheet(");
  }
});

test("served by the app in test mode, the App Store and RuStore sheets carry the sheet's policy, not the API's", async () => {
  const w = await makeWorld();
  try {
    await preparePaymentsTestMode(w.deps.settings.secrets, w.deps.settings.publicUrl);
    const policy = await sheetPolicy();
    const pages = [
      `${TEST_BASE}/apple/buy?token=t1&product=gold_500&price=1990&currency=USD&return=/`,
      `${TEST_BASE}/rustore/buy?order=1&product=gold_500&amount=14900&currency=RUB&return=/`,
    ];
    for (const path of pages) {
      const res = await w.app.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-security-policy"), path).toBe(policy);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      const html = await res.text();
      expect(html, path).toContain("TEST MODE");
      expect(html, path).not.toMatch(/\sstyle=/);
    }
    // Anything else the app answers keeps the API's policy.
    const api = await w.app.request(`${TEST_BASE}/apple/buy?token=t1`);
    expect(api.status).toBe(400);
    expect(api.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  } finally {
    await w.close();
  }
});
