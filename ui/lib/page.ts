// What a render knows about the page it draws: the address, whether a session's CSRF token came
// with the page, and the data the server loaded for it. In the browser they are read from the
// document; on the server (ui/ssr.tsx renders the landing and the hangar) they are set for each
// render, so a component reads them the same way on both sides and hydrates without a mismatch.

import { useSyncExternalStore } from "react";

interface ServerPage {
  path: string;
  search: string;
  csrf: string;
  /** The server's answers for the page's own data requests, by their address (useApi's key). */
  data: Record<string, unknown>;
}

let server: ServerPage | null = null;

/** The server's page while it renders one (ui/ssr.tsx); null to end it. */
export function setServerPage(p: ServerPage | null) {
  server = p;
}

export const isServer = () => server !== null;

export const pagePath = (): string => server?.path ?? location.pathname;
export const pageSearch = (): string => server?.search ?? location.search;
export function pageCsrf(): string {
  if (server) return server.csrf;
  return document.querySelector<HTMLMetaElement>('meta[name="tk-csrf"]')?.content ?? "";
}

// The browser's copy of the server's data: the JSON the server put in the page beside the
// rendered HTML, read once. A component's first render takes its data from here (as the server's
// render did), so the page hydrates as it was drawn and asks for nothing it already has.
let embedded: Record<string, unknown> | null = null;
function browserData(): Record<string, unknown> {
  if (embedded === null) {
    const el = typeof document === "undefined" ? null : document.getElementById("tk-data");
    try {
      embedded = el?.textContent ? (JSON.parse(el.textContent) as Record<string, unknown>) : {};
    } catch {
      embedded = {};
    }
  }
  return embedded;
}

/** The server's data for an address, if the page came with it (undefined: ask the server). */
export function initialData<T>(key: string): T | undefined {
  const all = server ? server.data : browserData();
  return Object.hasOwn(all, key) ? (all[key] as T) : undefined;
}

/** Once used in the browser, an address's data is asked for afresh by later mounts (a reload, another screen). */
export function dropInitialData(key: string) {
  if (!server) delete browserData()[key];
}

const noSubscription = () => () => {};
/**
 * False while the server renders and while the browser hydrates, true after: for what only the
 * browser knows (the viewer's time zone), drawn once the page is live.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
