// Serves the built UI (ui/dist) on Bun and Deno, with long caching for hashed file names and
// gzip for text (scripts, styles, maps, SVG, JSON) to browsers that accept it: each file is
// read and compressed once, then answered from memory. (Workers assets compress on their own.)
import { readFileSync, existsSync } from "node:fs";
import { join, resolve, extname } from "node:path";
import { pathToFileURL } from "node:url";
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

const COMPRESSIBLE = /^(text\/|application\/json|image\/svg)/;

async function gzip(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(
    await new Response(new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer(),
  );
}

export function fileAssets(
  distDir = resolve(import.meta.dirname ?? ".", "../ui/dist"),
  ssrModule = resolve(import.meta.dirname ?? ".", "../ui/ssr-dist/ssr.js"),
): AssetServer {
  const manifestPath = join(distDir, "manifest.json");
  // The server's renderer of the first pages (ui/ssr.tsx, built by ui/build.ts), loaded on first use.
  let renderer: Promise<NonNullable<AssetServer["render"]>> | undefined;
  const render: AssetServer["render"] = existsSync(ssrModule)
    ? (page, onError) => {
        renderer ??= import(pathToFileURL(ssrModule).href).then(
          (m: { render: NonNullable<AssetServer["render"]> }) => m.render,
        );
        return renderer.then((r) => r(page, onError));
      }
    : undefined;
  const cache = new Map<string, { body: Uint8Array<ArrayBuffer>; gzip?: Uint8Array<ArrayBuffer>; type: string }>();
  let manifest: { scripts: string[]; styles: string[] } | undefined;
  return {
    async fetch(request) {
      const path = decodeURIComponent(new URL(request.url).pathname);
      if (!path.startsWith("/assets/") || path.includes("..")) return null;
      let hit = cache.get(path);
      if (!hit) {
        const file = join(distDir, path.slice("/assets/".length));
        if (!existsSync(file)) return null;
        const body = new Uint8Array(readFileSync(file));
        const type = TYPES[extname(file)] ?? "application/octet-stream";
        hit = { body, type, gzip: COMPRESSIBLE.test(type) && body.length > 1024 ? await gzip(body) : undefined };
        cache.set(path, hit);
      }
      const immutable = /-[a-z0-9]{6,}\.[a-z0-9]+$/i.test(path);
      const headers: Record<string, string> = {
        "content-type": hit.type,
        "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
      };
      if (!hit.gzip) return new Response(hit.body, { headers });
      headers.vary = "Accept-Encoding";
      if (!/\bgzip\b/.test(request.headers.get("accept-encoding") ?? "")) return new Response(hit.body, { headers });
      return new Response(hit.gzip, { headers: { ...headers, "content-encoding": "gzip" } });
    },
    render,
    entries() {
      manifest ??= existsSync(manifestPath)
        ? JSON.parse(readFileSync(manifestPath, "utf8"))
        : { scripts: ["/assets/main.js"], styles: [] };
      return manifest!;
    },
  };
}
