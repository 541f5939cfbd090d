// The markdown editor's formatting actions as pure text edits (testable without a browser).
/** A formatting action: wraps the selection, or prefixes each selected line. */
export type Action = {
  id: "bold" | "italic" | "heading" | "link" | "list" | "numbered" | "quote" | "code";
  key?: string;
} & ({ wrap: [string, string]; empty: string } | { line: (n: number) => string });

export const ACTIONS: Action[] = [
  { id: "bold", key: "b", wrap: ["**", "**"], empty: "text" },
  { id: "italic", key: "i", wrap: ["*", "*"], empty: "text" },
  { id: "heading", line: () => "## " },
  { id: "link", key: "k", wrap: ["[", "](https://)"], empty: "link" },
  { id: "list", line: () => "- " },
  { id: "numbered", line: (n) => `${n + 1}. ` },
  { id: "quote", line: () => "> " },
  { id: "code", wrap: ["`", "`"], empty: "code" },
];

/** The text after an action on the selection [from, to), and the new selection. */
export function applyAction(
  text: string,
  from: number,
  to: number,
  a: Action,
): { text: string; from: number; to: number } {
  if ("wrap" in a) {
    const inner = text.slice(from, to) || a.empty;
    const next = text.slice(0, from) + a.wrap[0] + inner + a.wrap[1] + text.slice(to);
    return { text: next, from: from + a.wrap[0].length, to: from + a.wrap[0].length + inner.length };
  }
  const start = text.lastIndexOf("\n", from - 1) + 1;
  const lines = text.slice(start, to).split("\n");
  const block = lines.map((l, n) => a.line(n) + l).join("\n");
  return { text: text.slice(0, start) + block + text.slice(to), from: start, to: start + block.length };
}
