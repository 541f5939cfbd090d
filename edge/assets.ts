// Serves the built UI (ui/dist) on Bun and Deno, with long caching for hashed file names and
// gzip for text (scripts, styles, maps, SVG, JSON) to browsers that accept it: each file is
// read and compressed once, then answered from memory. (Workers assets compress on their own.)
import { readFileSync, existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve, extname, sep } from "node:path";
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
): AssetServer & { warm(): Promise<void> } {
  const manifestPath = join(distDir, "manifest.json");
  // The server's renderer of the first pages (ui/ssr.tsx, built by ui/build.ts), loaded by warm() or on first use.
  let renderer: Promise<NonNullable<AssetServer["render"]>> | undefined;
  const loadRenderer = () =>
    (renderer ??= import(pathToFileURL(ssrModule).href).then(
      (m: { render: NonNullable<AssetServer["render"]> }) => m.render,
    ));
  const render: AssetServer["render"] = existsSync(ssrModule)
    ? (page, onError) => loadRenderer().then((r) => r(page, onError))
    : undefined;
  type Hit = { body: Uint8Array<ArrayBuffer>; gzip?: Uint8Array<ArrayBuffer>; type: string };
  const cache = new Map<string, Hit>();
  /** A file of ui/dist by its address (/assets/…), read and compressed on its first ask; null: none. */
  const load = async (path: string): Promise<Hit | null> => {
    let hit = cache.get(path);
    if (!hit) {
      const file = join(distDir, path.slice("/assets/".length));
      if (!existsSync(file) || !statSync(file).isFile()) return null;
      const body = new Uint8Array(readFileSync(file));
      const type = TYPES[extname(file)] ?? "application/octet-stream";
      hit = { body, type, gzip: COMPRESSIBLE.test(type) && body.length > 1024 ? await gzip(body) : undefined };
      cache.set(path, hit);
    }
    return hit;
  };
  let manifest: { scripts: string[]; styles: string[] } | undefined;
  return {
    /**
     * Reads and compresses every file of ui/dist and loads the server's renderer, before the
     * server says it is ready: the first visitor's page then costs what every later one does (it
     * paid each file's compression and the renderer's load, seconds on a busy machine).
     */
    async warm() {
      if (existsSync(distDir))
        for (const name of readdirSync(distDir, { recursive: true }) as string[])
          await load(`/assets/${name.split(sep).join("/")}`);
      if (render) await loadRenderer();
    },
    async fetch(request) {
      const path = decodeURIComponent(new URL(request.url).pathname);
      if (!path.startsWith("/assets/") || path.includes("..")) return null;
      const hit = await load(path);
      if (!hit) return null;
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
