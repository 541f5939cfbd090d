// Screens call routes through their contracts (ui/lib/api.ts: api(contract, input), useApi(contract,
// input)): a hand-written answer type (`api<T>(url)`, `useApi<T>(url)`) is a guess the server may
// not keep (issue 26). The files below still make such calls, with how many: a file outside the
// list, or more calls than listed, fails. (Fewer than listed passes, so the engineers converting
// the back office land without editing this list; lower the counts as you pass by.)
// Most are the back office's screens being converted by contracts-admin (admin-a, admin-b); the
// generic content screens (ResourcePage, ItemPage, CollectionPage) call addresses their area's
// description names, and wait for address-given contracts of the resource mechanism.
import { test, expect } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const LEFT: Record<string, number> = {
  "ui/areas/access/AdminLogPage.tsx": 1,
  "ui/areas/access/AdminsPage.tsx": 1,
  "ui/areas/access/LogoutPage.tsx": 1,
  "ui/areas/ads/AdPlacementsPage.tsx": 1,
  "ui/areas/content-lists/CollectionPage.tsx": 2,
  "ui/areas/content/ItemPage.tsx": 1,
  "ui/areas/content/ResourcePage.tsx": 3,
  "ui/areas/system/BattleOptionsPage.tsx": 1,
  "ui/areas/system/LocalizationPage.tsx": 1,
  "ui/areas/system/OptionEditorPage.tsx": 2,
  "ui/components/DataTable.tsx": 1,
  "ui/shell/AdminShell.tsx": 1,
};

const HAND_TYPED = /\b(useApi|api)<(?!C extends)/g;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "dist" || name === "node_modules" || name === "locales") return [];
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".test.ts") ? [path] : [];
  });
}

test("no screen types a route's answer by hand outside the list", () => {
  const found: Record<string, number> = {};
  for (const file of files("ui")) {
    if (file === "ui/lib/api.ts") continue; // the older form's own declaration
    const n = (readFileSync(file, "utf8").match(HAND_TYPED) ?? []).length;
    if (n) found[file] = n;
  }
  const problems: string[] = [];
  for (const [file, n] of Object.entries(found))
    if (n > (LEFT[file] ?? 0))
      problems.push(
        `${file}: ${n} hand-typed api<T>/useApi<T> calls (listed: ${LEFT[file] ?? 0}); call through the route's contract`,
      );
  expect(problems).toEqual([]);
});
