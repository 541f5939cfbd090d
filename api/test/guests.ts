// Guests for route tests: the browser's proof of work (ui/lib/pow.ts does the same) and a guest
// made through the real routes from an address.
import type { TestWorld } from "./fixture.ts";
import { proofHolds } from "../domain/guests.ts";

export function solve(seed: string, bits: number): string {
  for (let n = 0; ; n++) if (proofHolds(seed, String(n), bits)) return String(n);
}

/** A challenge answered for an address: what /public/guest and /public/signup take. */
export async function proofFor(w: TestWorld, address: string): Promise<{ seed: string; nonce: string }> {
  const res = await w.app.request("/public/guest/challenge", { headers: { accept: "application/json" } }, { address });
  if (res.status !== 200) throw new Error(`challenge: ${res.status} ${await res.text()}`);
  const ch = (await res.json()) as { seed: string; bits: number };
  return { seed: ch.seed, nonce: solve(ch.seed, ch.bits) };
}

/** Presses Play from an address: the guest's id, its session cookie and CSRF token. */
export async function playAsGuest(w: TestWorld, address: string) {
  const res = await w.app.request(
    "/public/guest",
    {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(await proofFor(w, address)),
    },
    { address },
  );
  if (res.status !== 200) throw new Error(`guest: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { player: { id: number }; csrfToken: string };
  const cookie = /tk_player=[^;]+/.exec(res.headers.get("set-cookie") ?? "")?.[0] ?? "";
  return { playerId: body.player.id, cookie, csrf: body.csrfToken };
}
