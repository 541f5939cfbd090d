// Test helpers of the system area: its demo world with an admin signed in, and for options a
// second app instance's reader (its own cache over the same file).
import { createDb } from "../db/index.ts";
import { makeWorld, type TestWorld } from "./fixture.ts";
import { signInAdmin, type Actor } from "./sign-in.ts";
import type { AdminRole } from "../db/schema/access.ts";
import { rng } from "../db/demo.ts";
import { systemStep } from "../db/seed/system.ts";
import { readOption } from "../domain/options.ts";
export { assignVariant, bucketOf, jsonDiff, readImmutable, type OptionVariant } from "../domain/options.ts";

export async function createSecondReader(w: TestWorld) {
  const db = createDb(w.deps.client);
  return { read: async (key: string) => (await readOption(db, "client", key, {}, w.clock.now()))! };
}

export interface SystemWorld {
  w: TestWorld;
  admin: Actor;
  /** POSTs JSON as the admin (or with other headers) in a language. */
  send(path: string, body?: unknown, lang?: string, headers?: Record<string, string>): Response | Promise<Response>;
}

/** A fresh world with the system area's demo data (options, versions, texts…) and an admin of the role signed in. */
export async function systemWorld(role: AdminRole = "operator"): Promise<SystemWorld> {
  const w = await makeWorld();
  await systemStep({ db: w.deps.db, r: rng(1), playerIds: [], opts: { players: 0, days: 1, now: w.clock.now() } });
  const admin = await signInAdmin(w, role);
  const send = (path: string, body?: unknown, lang = "en", headers = admin.headers()) =>
    w.app.request(path, {
      method: "POST",
      headers: { ...headers, "accept-language": lang },
      body: JSON.stringify(body ?? {}),
    });
  return { w, admin, send };
}
