// No import cycle in ui/: a screen's code never imports the screen list that loads it (the admin
// log's words read the screens through ui/areas/registry.ts's listedScreens), and a lazy chunk
// shares its props with its loader through a file of their own (chart-spec.ts, markdown-editor-props.ts).
import { expect, test } from "bun:test";
import { importCycles, importGraph } from "../api/test/import-graph.ts";

test("no import cycle in ui/ (lazy imports count)", async () => {
  const graph = await importGraph(
    "ui/**/*.{ts,tsx}",
    (file) => file.startsWith("ui/dist/") || file.startsWith("ui/locales/"),
  );
  expect(graph.size).toBeGreaterThan(100);
  expect(importCycles(graph)).toEqual([]);
});
