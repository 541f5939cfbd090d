// One graph walk for the build's scripts and tests that follow imports: the back office's
// catalogues (ui/admin-catalogues.ts: source files by their relative imports) and the bundle
// budgets (ui/budget.test.ts: built chunks by the metafile's static imports).

/** The nodes reachable from `start` by following `next`, `start` included; each node visited once. */
export function reachable(start: Iterable<string>, next: (node: string) => Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length) {
    const node = queue.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    queue.push(...next(node));
  }
  return seen;
}
