// Test helpers for options: a second app instance's reader (its own cache over the same file).
import { createDb } from "../../db/index.ts";
import type { TestWorld } from "../../test/fixture.ts";
import { readOption } from "../../domain/options.ts";
export { assignVariant, bucketOf, jsonDiff, readImmutable, type OptionVariant } from "../../domain/options.ts";

export async function createSecondReader(w: TestWorld) {
  const db = createDb(w.deps.client);
  return { read: async (key: string) => (await readOption(db, "client", key, {}, w.clock.now()))! };
}
