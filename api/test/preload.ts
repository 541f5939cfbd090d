// bun test preload: one chDB data directory for the whole test process (chDB allows one per
// process); each suite gets its own database in it (see api/test/fixture.ts).
import { setDefaultTimeout } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

process.env.TK_TEST_CHDB_DIR ??= mkdtempSync(join(tmpdir(), "tk-chdb-"));

// bunfig's [test] timeout does not reach every test and hook in this Bun version; a suite that
// builds a world (Argon2 sign-ins, chDB migrations) can pass 5 s on a busy 2-core machine.
setDefaultTimeout(30_000);
