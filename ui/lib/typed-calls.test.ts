// Screens call routes through their contracts (ui/lib/api.ts: api(contract, input), useApi(contract,
// input)): a hand-written answer type (`api<T>(url)`, `useApi<T>(url)`) is a guess the server may
// not keep (issue 26). No file makes such a call any more: a new one fails here.
// The generic content screens call each area's routes at the addresses its description names,
// through the mechanism's contracts (`at(anyAreaPage, address)`, api/contracts/admin/resources.ts);
// an area whose screen reads its own page data typed declares its page with resourceListPage, as
// /admin/serverLocalization/ does. The generic list (DataTable) takes its list route's contract
// and types its rows by the contract's output.
import { test, expect } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/** Files still allowed hand-typed calls, with how many: none (the list stays empty). */
const LEFT: Record<string, number> = {};

/**
 * A type argument written at a call site: `api<T>(`, `useApi<T>(` — not the client's own
 * declarations (`function api<C extends Contract>(`, ui/lib/api.ts), which are where the types come from.
 * `useData` is the metrics kit's name for useApi.
 */
const HAND_TYPED = /(?<!\bfunction\s+)\b(useApi|useData|api)</g;

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

test("the rule sees a type argument at a call site, not the client's declarations", () => {
  const count = (text: string) => (text.match(HAND_TYPED) ?? []).length;
  expect(count("const s = useApi<{ rows: Row[] }>(`/admin/x`); await api<Row>(url, { body });")).toBe(2);
  expect(count("const roles = useData<{ rows: Role[] }>(`/admin/crews/list`);")).toBe(1);
  expect(count("export function api<C extends Contract>(contract: C): Promise<OutputOf<C>>;")).toBe(0);
  expect(count("export function useApi<T>(url: string | null): Loaded<T>;")).toBe(0);
  expect(count("const s = useApi(access.users, {}); const ok = await api(access.logout);")).toBe(0);
});
