// The stand-ins' TEST MODE pages (payments: Robokassa's payment page, Ecommpay's Payment Page, Stripe's
// checkout, PayPal's approval, the App Store and RuStore sheets; the social networks' sign-in pages):
// one page shape with the yellow TEST MODE banner. The app's answers carry `default-src 'none'` unless they bring a policy of their
// own, which blocked the banner's inline style attributes, so the pages have no style attributes:
// their one stylesheet is a <style> block the page's own Content-Security-Policy allows by its
// SHA-256 hash (nothing else inline is allowed; no scripts, images, fonts or connections at all).
// Web-standard only: the hash is computed on first use (Workers forbid crypto at module scope).

/** The sheets' stylesheet: the banner, and a narrow column that fits a phone. */
export const SHEET_CSS =
  "body{font-family:system-ui,sans-serif;max-width:480px;margin:0 auto;padding:8px;color:#111;background:#fff}" +
  "#test-mode{background:#ffd400;color:#000;font-weight:700;padding:8px;text-align:center;border-radius:4px}" +
  "h1{font-size:1.5rem}#amount{font-size:1.25rem;font-weight:600}" +
  "form{display:inline-block;margin:0 8px 8px 0}button{font:inherit;padding:8px 16px;min-height:44px;cursor:pointer}";

export const TEST_MODE_BANNER = `<p id="test-mode"><strong>TEST MODE — no real money is charged · ТЕСТОВЫЙ РЕЖИМ — деньги не списываются</strong></p>`;

let policy: Promise<string> | undefined;

/** The sheets' Content-Security-Policy: the API answers' `default-src 'none'` plus this stylesheet's hash. */
export function sheetPolicy(): Promise<string> {
  policy ??= crypto.subtle.digest("SHA-256", new TextEncoder().encode(SHEET_CSS)).then((d) => {
    const hash = btoa(String.fromCharCode(...new Uint8Array(d)));
    return `default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; frame-ancestors 'none'`;
  });
  return policy;
}

/** The social networks' stand-ins say what they are not. */
export const SOCIAL_TEST_BANNER = `<p id="test-mode"><strong>TEST MODE — not a real network account · ТЕСТОВЫЙ РЕЖИМ — это не настоящая учётная запись соцсети</strong></p>`;

/** A TEST MODE page: title, the banner, the stand-in's own body; with its own security headers. */
export async function testSheet(title: string, body: string, banner = TEST_MODE_BANNER): Promise<Response> {
  const esc = (v: string) => v.replace(/[<>&"]/g, "");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${SHEET_CSS}</style></head><body>${banner}${body}</body></html>`;
  return new Response(html, {
    headers: {
      "content-type": "text/html; charset=UTF-8",
      "content-security-policy": await sheetPolicy(),
      "x-content-type-options": "nosniff",
      "cross-origin-resource-policy": "same-origin",
    },
  });
}
