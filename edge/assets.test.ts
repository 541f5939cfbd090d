// The UI's files on Bun and Deno: scripts and styles gzipped for browsers that accept it (the
// same bytes once decompressed), as they are for those that do not; images as they are.
import { test, expect, afterAll } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { fileAssets } from "./assets.ts";

const dir = mkdtempSync(join(tmpdir(), "tk-assets-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const script = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `row ${i}` })))};\n`;
writeFileSync(join(dir, "main-abc123de.js"), script);
writeFileSync(join(dir, "logo.png"), new Uint8Array(4096).fill(7));
const assets = fileAssets(dir);
const get = (path: string, encoding?: string) =>
  assets.fetch(new Request(`http://127.0.0.1${path}`, { headers: encoding ? { "accept-encoding": encoding } : {} }));

test("a script is gzipped for a browser that accepts it and plain otherwise; both say they vary by Accept-Encoding", async () => {
  const zipped = (await get("/assets/main-abc123de.js", "gzip, deflate, br"))!;
  expect(zipped.headers.get("content-encoding")).toBe("gzip");
  expect(zipped.headers.get("vary")).toBe("Accept-Encoding");
  expect(zipped.headers.get("cache-control")).toContain("immutable");
  const bytes = new Uint8Array(await zipped.arrayBuffer());
  expect(bytes.length).toBeLessThan(script.length / 3);
  expect(new TextDecoder().decode(gunzipSync(bytes))).toBe(script);
  const plain = (await get("/assets/main-abc123de.js"))!;
  expect(plain.headers.get("content-encoding")).toBeNull();
  expect(plain.headers.get("vary")).toBe("Accept-Encoding");
  expect(await plain.text()).toBe(script);
});

test("an image is answered as it is; a path outside the UI's files is not served", async () => {
  const png = (await get("/assets/logo.png", "gzip"))!;
  expect(png.headers.get("content-encoding")).toBeNull();
  expect((await png.arrayBuffer()).byteLength).toBe(4096);
  expect(await get("/assets/../package.json", "gzip")).toBeNull();
  expect(await get("/assets/missing.js", "gzip")).toBeNull();
});

test("warm() reads and compresses every file before the first ask: the first page costs what the next does", async () => {
  const warmDir = mkdtempSync(join(tmpdir(), "tk-assets-warm-"));
  try {
    mkdirSync(join(warmDir, "nested"));
    writeFileSync(join(warmDir, "chunk-warm1234.js"), script);
    writeFileSync(join(warmDir, "nested", "deep-warm5678.js"), script);
    const warm = fileAssets(warmDir, join(warmDir, "no-ssr.js"));
    await warm.warm();
    // Gone from the disk: the answers come from what warm() read and compressed.
    rmSync(join(warmDir, "chunk-warm1234.js"));
    rmSync(join(warmDir, "nested"), { recursive: true });
    for (const path of ["/assets/chunk-warm1234.js", "/assets/nested/deep-warm5678.js"]) {
      const r = (await warm.fetch(new Request(`http://127.0.0.1${path}`, { headers: { "accept-encoding": "gzip" } })))!;
      expect(r.headers.get("content-encoding")).toBe("gzip");
      expect(new TextDecoder().decode(gunzipSync(new Uint8Array(await r.arrayBuffer())))).toBe(script);
    }
  } finally {
    rmSync(warmDir, { recursive: true, force: true });
  }
});
