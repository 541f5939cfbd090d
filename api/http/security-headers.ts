import { secureHeaders } from "hono/secure-headers";

// Two sets. Every response carries the short API set — nosniff, no framing, no cross-origin
// reads (OWASP's advice for API answers) — and the HTML shell, the only document we serve,
// adds the browser-document headers (HSTS, referrer policy, opener policy, …) and its real
// content policy. Every browser visit starts at the shell, so HSTS is seen there. Each header
// is a native Headers.set and ~40 bytes on the wire on every JSON answer (bench/api-read.ts).

/** The shell's headers: Hono's secure headers for its policy (filled by captureDocumentHeaders). */
export const DOCUMENT_HEADERS: [string, string][] = [];

/** Runs Hono's secureHeaders once against a probe and keeps what it set (done when the app is created). */
export function captureDocumentHeaders() {
  if (DOCUMENT_HEADERS.length) return;
  const secure = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", "data:", "blob:"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
    },
    crossOriginEmbedderPolicy: false,
  });
  const probe = { res: new Response(null), set: () => {}, get: () => undefined } as unknown as Parameters<
    typeof secure
  >[0];
  void secure(probe, async () => {}).then(() => DOCUMENT_HEADERS.push(...probe.res.headers.entries()));
}

export const API_HEADERS: [string, string][] = [
  ["x-content-type-options", "nosniff"],
  ["content-security-policy", "default-src 'none'; frame-ancestors 'none'"],
  ["cross-origin-resource-policy", "same-origin"],
];
