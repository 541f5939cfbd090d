// A journey's set-up calls routes through their contracts (api/contracts/), as the UI does: the
// method, address and body come from the contract, the answer is typed by its output, and a
// refusal fails the step with the server's answer. `as` is who calls: the game server (its key),
// a session made in code (addSession), or nobody.
import { expect } from "@playwright/test";
import { type Contract, type InputOf, type OutputOf, requestOf } from "../api/contracts/contract.ts";

export interface Caller {
  /** The game API's bearer key. */
  gameKey?: string;
  /** A session from addSession: its cookie, and its CSRF token on a change. */
  session?: { cookieName: string; token: string; csrf: string };
}

export async function call<C extends Contract>(
  app: { url: string },
  contract: C,
  input: InputOf<C>,
  as: Caller = {},
): Promise<OutputOf<C>> {
  const r = requestOf(contract, input as Record<string, unknown>);
  const headers: Record<string, string> = { accept: "application/json" };
  if (as.gameKey) headers.authorization = `Bearer ${as.gameKey}`;
  if (as.session) {
    headers.cookie = `${as.session.cookieName}=${as.session.token}`;
    if (r.method !== "GET") headers["x-csrf-token"] = as.session.csrf;
  }
  if (r.body) headers["content-type"] = "application/json";
  const res = await fetch(`${app.url}${r.url}`, {
    method: r.method,
    headers,
    body: r.body ? JSON.stringify(r.body) : undefined,
  });
  expect(res.status, `${r.method} ${r.url}: ${await res.clone().text()}`).toBeLessThan(300);
  return (await res.json()) as OutputOf<C>;
}
