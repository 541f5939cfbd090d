// Entry: strips a sign-in token from the address bar (the server has already turned it into a
// session), then loads only the shell this address needs — the public site never downloads
// admin code.
import { createRoot } from "react-dom/client";
import { lazy, Suspense } from "react";
import { Loading } from "./components/States.tsx";
import { activateLocale } from "./lib/i18n.ts";
import "./styles.css";

const url = new URL(location.href);
if (url.searchParams.has("token")) {
  url.searchParams.delete("token");
  history.replaceState(history.state, "", url.pathname + (url.search ? url.search : "") + url.hash);
}

// The catalogue and the shell download side by side; nothing renders before the catalogue is
// active (modules translate when they render, never when they load, so the order is safe).
const loadShell = location.pathname.startsWith("/admin") ? () => import("./shell/AdminShell.tsx") : () => import("./shell/PublicShell.tsx");
const shell = loadShell();
const Shell = lazy(() => shell);

await activateLocale();
createRoot(document.getElementById("root")!).render(
  <Suspense fallback={<Loading />}>
    <Shell />
  </Suspense>,
);
