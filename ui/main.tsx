// Entry: strips a sign-in token from the address bar (the server has already turned it into a
// session), then loads only the shell this address needs — the public site never downloads
// admin code.
import { createRoot } from "react-dom/client";
import { lazy, Suspense } from "react";
import { Loading } from "./components/States.tsx";
import "./styles.css";

const url = new URL(location.href);
if (url.searchParams.has("token")) {
  url.searchParams.delete("token");
  history.replaceState(history.state, "", url.pathname + (url.search ? url.search : "") + url.hash);
}

const Shell = location.pathname.startsWith("/admin") ? lazy(() => import("./shell/AdminShell.tsx")) : lazy(() => import("./shell/PublicShell.tsx"));

createRoot(document.getElementById("root")!).render(
  <Suspense fallback={<Loading />}>
    <Shell />
  </Suspense>,
);
