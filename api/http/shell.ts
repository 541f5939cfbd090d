import type { Context } from "hono";
import type { HonoEnv } from "./env.ts";
import { DOCUMENT_HEADERS } from "./security-headers.ts";
import { editedTexts } from "../domain/ui-texts.ts";

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/**
 * The HTML shell of the React app, in two halves around #root's content. The request's locale
 * rides in <html lang> and in <meta name="tk-locale">, which the UI reads on start; the signed-in
 * player's or admin's CSRF token in <meta name="tk-csrf">; the one stylesheet in the head, the
 * module scripts (deferred: they never hold the first paint) at the end of the body.
 */
function shellParts(c: Context<HonoEnv>, root = ""): { head: string; tail: string } {
  const locale = c.var.locale;
  const entries = c.var.deps.assets?.entries() ?? { scripts: ["/assets/main.js"], styles: [] };
  const csrf = csrfOf(c);
  const title = locale === "ru" ? "Танкодром" : "Tankodrome";
  const head = `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="tk-locale" content="${locale}">
<meta name="tk-csrf" content="${esc(csrf)}">
<title>${title}</title>
${entries.styles.map((s) => `<link rel="stylesheet" href="${esc(s)}">`).join("\n")}
</head>
<body>
<div id="root" data-locale="${locale}">${root}`;
  const tail = `</div>
${entries.scripts.map((s) => `<script type="module" src="${esc(s)}"></script>`).join("\n")}
</body>
</html>`;
  return { head, tail };
}

const csrfOf = (c: Context<HonoEnv>) =>
  (c.req.path.startsWith("/admin") ? c.var.admin?.csrfToken : c.var.player?.csrfToken) ?? "";

/** The shell as a response, with the document's security headers (JSON answers carry the short set). */
export function shell(c: Context<HonoEnv>, status: 200 | 404 = 200): Response {
  for (const [k, v] of DOCUMENT_HEADERS) c.header(k, v);
  const { head, tail } = shellParts(c);
  return c.html(head + tail, status);
}

/** JSON inside a <script type="application/json"> element: nothing in it can end the element. */
const scriptJson = (v: unknown) =>
  JSON.stringify(v).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");

/**
 * A first page rendered on the server (the landing, the hangar: docs/decisions/front-door.md):
 * the shell's head goes at once (the stylesheet starts loading), then the page's markup as React's
 * streaming renderer writes it (ui/ssr.tsx, through deps.assets.render), then the data it was drawn
 * from (the browser hydrates from the same data, asking nothing again) and the scripts. `data` is
 * the page's own JSON answer, keyed by the page's address as the screen asks for it. Without a
 * renderer (no built ui/ssr-dist) the page is the bare shell, as every other page.
 */
export function renderedShell(c: Context<HonoEnv>, data: unknown): Response {
  const render = c.var.deps.assets?.render;
  if (!render) return shell(c);
  const { deps, locale } = c.var;
  const path = c.req.path;
  const page = {
    path,
    search: new URL(c.req.url).search,
    locale,
    csrf: csrfOf(c),
    data: { [path]: data },
  };
  const { head, tail } = shellParts(c);
  const enc = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(out) {
      out.enqueue(enc.encode(head));
      let rendered = false;
      try {
        const markup = await render({ ...page, texts: await editedTexts(deps.db, locale, deps.clock.now()) }, (error) =>
          deps.logger.error("server render", { path, error: String(error) }),
        );
        const reader = markup.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          out.enqueue(value);
        }
        rendered = true;
      } catch (error) {
        // The page still works without its server render: the browser draws it into the empty root.
        deps.logger.error("server render failed", { path, error: String(error) });
      }
      const json = rendered ? `\n<script type="application/json" id="tk-data">${scriptJson(page.data)}</script>` : "";
      out.enqueue(enc.encode(`</div>${json}${tail.slice("</div>".length)}`));
      out.close();
    },
  });
  for (const [k, v] of DOCUMENT_HEADERS) c.header(k, v);
  c.header("content-type", "text/html; charset=UTF-8");
  return c.body(body, 200);
}
