// bun test preload: one chDB data directory for the whole test process (chDB allows one per
// process); each suite gets its own database in it (see api/test/fixture.ts).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

process.env.TK_TEST_CHDB_DIR ??= mkdtempSync(join(tmpdir(), "tk-chdb-"));
