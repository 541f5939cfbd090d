// npm run routes: every route the app registers — method, path, auth, least role, kind — with the
// file:line where it is registered (the handler; "← file:line" the helper's callers, for paths
// built from templates). Filter with an argument: `npm run routes -- metrics/dau`.
import { createApp } from "../../api/app.ts";
import { recordRouteSources, routeSource, routeTable } from "../../api/http/router.ts";
import type { Deps } from "../../api/deps.ts";

recordRouteSources();
// Registration does no I/O: the services are never called while routes are listed.
const app = createApp({} as Deps);
const filter = process.argv[2];
const rows = routeTable(app)
  .filter((r) => !filter || r.path.includes(filter))
  .map((r) => {
    const [at, ...callers] = routeSource(r);
    const via = callers.filter((f) => f.split(":")[0] === at?.split(":")[0] && f !== at).slice(-1);
    return [
      r.method,
      r.path,
      r.auth,
      r.auth === "admin" ? (r.role ?? "support") : "",
      r.kind + (r.mutates ? " mutates" : ""),
      [at ?? "?", ...via].join(" ← "),
    ];
  });
const widths = [0, 1, 2, 3, 4].map((i) => Math.max(...rows.map((r) => r[i].length)));
for (const r of rows) console.log(r.map((v, i) => (i < 5 ? v.padEnd(widths[i]) : v)).join("  "));
console.error(`${rows.length} routes`);
