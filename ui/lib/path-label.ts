// A field error's path in words, apart from the schema-driven form's logic (ui/lib/schema-form.ts)
// so the back office's error words and hand-written forms take it without that code.

/**
 * A field path said in words: "prices.0.amount" → "Prices · row 1 · Amount" with the screen's
 * names for the fields (a message that cannot sit under its input still names the field).
 */
export function pathLabel(path: string, name: (field: string) => string, row: (n: number) => string): string {
  const parts = path.split(".").filter((p) => p !== "");
  const words: string[] = [];
  for (const p of parts) {
    if (/^\d+$/.test(p)) words.push(row(Number(p) + 1));
    else words.push(name(p));
  }
  return words.join(" · ");
}
