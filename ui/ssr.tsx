// The server's render of the player site's first pages (the landing, the hangar): the public
// shell with the page's screen, drawn by React's streaming renderer (renderToReadableStream, a Web
// stream: Bun, Deno and Workers alike) with the data the server loaded for the page, so the first
// HTML already shows the page; the browser then hydrates it (ui/main.tsx). Built into its own
// module (ui/build.ts → ui/ssr-dist/ssr.js) that the edge hands to the app (deps.assets.render).
//
// One page is rendered at a time: the locale, the page's address and its data are the module's
// (lingui's `t` reads one active catalogue), set for a render and cleared after it. A render
// waits for every part of the page (`allReady`; the screens are loaded before the first render)
// before its stream is read, and no boundary is sent apart, so the HTML has no fallbacks and no
// inline scripts to swap them (the page's Content-Security-Policy allows none).
import { renderToReadableStream } from "react-dom/server.browser";
import { Router } from "wouter";
import type { Messages } from "@lingui/core";
import PublicShell from "./shell/PublicShell.tsx";
import { messages as ruMessages } from "./locales/ru.public.ts";
import { messages as enMessages } from "./locales/en.public.ts";
import { messages as ruPlay } from "./locales/ru.play.ts";
import { messages as enPlay } from "./locales/en.play.ts";
import { activateServerLocale, type Locale } from "./lib/i18n.ts";
import { setServerPage } from "./lib/page.ts";
import { publicScreens } from "./areas/public.ts";
import { loadedScreens } from "./shell/ScreenRoutes.tsx";

export interface SsrPage {
  path: string;
  /** The query string with its `?` (or empty). */
  search: string;
  locale: Locale;
  /** The signed-in player's CSRF token (empty for a visitor), as the page's meta carries it. */
  csrf: string;
  /** The page's data by the address the screen asks it from (the page's own address). */
  data: Record<string, unknown>;
  /** The operators' edited texts (/texts/{locale}), over the catalogue as the browser lays them. */
  texts: Record<string, unknown>;
}

// Every public screen, loaded before the first render (one module here: no chunks to wait for).
let queue: Promise<unknown> = Promise.all(
  publicScreens.map(async (def) => loadedScreens.set(def, (await def.load()).default)),
);

/** The page's markup inside #root, as a stream of UTF-8 bytes. */
export function render(page: SsrPage, onError: (error: unknown) => void): Promise<ReadableStream<Uint8Array>> {
  const run = queue.then(async () => {
    const catalogue = page.locale === "en" ? { ...enMessages, ...enPlay } : { ...ruMessages, ...ruPlay };
    activateServerLocale(page.locale, { ...catalogue, ...(page.texts as Messages) });
    setServerPage({ path: page.path, search: page.search, csrf: page.csrf, data: page.data });
    try {
      const stream = await renderToReadableStream(
        <Router ssrPath={page.path} ssrSearch={page.search.replace(/^\?/, "")}>
          <PublicShell />
        </Router>,
        // A large completed boundary would be sent apart with an inline script to put it in place
        // (React's progressive chunking): the whole page goes in order instead.
        { onError, progressiveChunkSize: Number.MAX_SAFE_INTEGER },
      );
      await stream.allReady;
      return stream;
    } finally {
      setServerPage(null);
    }
  });
  queue = run.catch(() => undefined);
  return run;
}
