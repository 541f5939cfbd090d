// Serves the built UI (ui/dist) on Bun and Deno, with long caching for hashed file names.
import { readFileSync, existsSync } from "node:fs";
import { join, resolve, extname } from "node:path";
import type { AssetServer } from "../api/deps.ts";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".woff2": "font/woff2",
  ".json": "application/json",
};

export function fileAssets(distDir = resolve(import.meta.dirname ?? ".", "../ui/dist")): AssetServer {
  const manifestPath = join(distDir, "manifest.json");
  const cache = new Map<string, { body: Uint8Array<ArrayBuffer>; type: string }>();
  let manifest: { scripts: string[]; styles: string[] } | undefined;
  return {
    async fetch(request) {
      const path = decodeURIComponent(new URL(request.url).pathname);
      if (!path.startsWith("/assets/") || path.includes("..")) return null;
      let hit = cache.get(path);
      if (!hit) {
        const file = join(distDir, path.slice("/assets/".length));
        if (!existsSync(file)) return null;
        hit = { body: new Uint8Array(readFileSync(file)), type: TYPES[extname(file)] ?? "application/octet-stream" };
        cache.set(path, hit);
      }
      const immutable = /-[a-z0-9]{6,}\.[a-z0-9]+$/i.test(path);
      return new Response(hit.body, {
        headers: { "content-type": hit.type, "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache" },
      });
    },
    entries() {
      manifest ??= existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, "utf8")) : { scripts: ["/assets/main.js"], styles: [] };
      return manifest!;
    },
  };
}
