import type { Context } from "hono";
import type { HonoEnv } from "./env.ts";
import { DOCUMENT_HEADERS } from "./security-headers.ts";

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/**
 * The HTML shell of the React app. The request's locale rides in <html lang> and in
 * <meta name="tk-locale">, which the UI reads on start; the admin's CSRF token, when signed in,
 * in <meta name="tk-csrf">.
 */
function renderShell(c: Context<HonoEnv>): string {
  const locale = c.var.locale;
  const entries = c.var.deps.assets?.entries() ?? { scripts: ["/assets/main.js"], styles: [] };
  const csrf = (c.req.path.startsWith("/admin") ? c.var.admin?.csrfToken : c.var.player?.csrfToken) ?? "";
  const title = locale === "ru" ? "Танкодром" : "Tankodrome";
  return `<!doctype html>
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
<div id="root" data-locale="${locale}"></div>
${entries.scripts.map((s) => `<script type="module" src="${esc(s)}"></script>`).join("\n")}
</body>
</html>`;
}

/** The shell as a response, with the document's security headers (JSON answers carry the short set). */
export function shell(c: Context<HonoEnv>, status: 200 | 404 = 200): Response {
  for (const [k, v] of DOCUMENT_HEADERS) c.header(k, v);
  return c.html(renderShell(c), status);
}
