// Entry: strips a sign-in token from the address bar (the server has already turned it into a
// session), then loads only the shell this address needs — the public site never downloads
// admin code.
import { createRoot, hydrateRoot } from "react-dom/client";
import { activateLocale } from "./lib/i18n.ts";
import "./styles.css";

// The tab icon, declared before the page finishes loading so the browser does not ask the server
// for a /favicon.ico it does not have (a 404 in every page's log).
const icon = document.createElement("link");
icon.rel = "icon";
icon.type = "image/svg+xml";
icon.href =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#182028"/><rect x="5" y="15" width="22" height="9" rx="3" fill="#f0a020"/><rect x="10" y="10" width="10" height="6" rx="2" fill="#f0a020"/><rect x="19" y="12" width="10" height="2" fill="#f0a020"/></svg>',
  );
document.head.append(icon);

const url = new URL(location.href);
if (url.searchParams.has("token")) {
  url.searchParams.delete("token");
  history.replaceState(history.state, "", url.pathname + (url.search ? url.search : "") + url.hash);
}

// The catalogue and the shell download side by side, and the first render waits for both: the
// shell then renders at once, with no root Suspense fallback in between (React holds back the
// reveal of suspended content for a moment, which delayed the first render of every page).
// Modules translate when they render, never when they load, so loading the shell first is safe.
const loadShell = location.pathname.startsWith("/admin")
  ? () => import("./shell/AdminShell.tsx")
  : () => import("./shell/PublicShell.tsx");
const [{ default: Shell }] = await Promise.all([loadShell(), activateLocale()]);
// The landing and the hangar come drawn by the server (ui/ssr.tsx): the page is hydrated, not drawn
// again; every other page is drawn here into the empty root.
const root = document.getElementById("root")!;
if (root.firstElementChild) hydrateRoot(root, <Shell />);
else createRoot(root).render(<Shell />);
