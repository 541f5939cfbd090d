// Signs test actors in through the real session code, for route tests.
import type { TestWorld } from "./fixture.ts";
import { createAdmin } from "../identity/admins.ts";
import type { AdminRole } from "../db/schema/access.ts";

export interface Actor {
  cookie: string;
  csrf: string;
  /** Headers for a request as this actor (cookie, CSRF, JSON). */
  headers(extra?: Record<string, string>): Record<string, string>;
}

const actor = (cookie: string, csrf: string): Actor => ({
  cookie,
  csrf,
  headers: (extra = {}) => ({ cookie, "x-csrf-token": csrf, "content-type": "application/json", accept: "application/json", ...extra }),
});

let n = 0;
/** Creates an admin of the role and signs them in through POST /admin/login. */
export async function signInAdmin(w: TestWorld, role: AdminRole, username = `${role}${++n}`, password = "correct horse battery"): Promise<Actor & { username: string }> {
  await createAdmin(w.deps.db, { username, email: `${username}@example.com`, password, role, at: w.clock.now() });
  return { ...(await loginAdmin(w, username, password)), username };
}

export async function loginAdmin(w: TestWorld, username: string, password: string): Promise<Actor> {
  const res = await w.app.request("/admin/login", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username, password }) });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get("set-cookie")!.split(";")[0];
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return actor(cookie, csrfToken);
}
