// Metrics count guests and the players who kept their account: registrations by kind, and the
// guests → claimed conversion on the registrations screen (warehouse/metrics/registrations.ts).
import { test, expect } from "bun:test";
import { makeWorld } from "../test/fixture.ts";
import { gameApi, signInAdmin } from "../test/sign-in.ts";
import { playAsGuest, proofFor } from "../test/guests.ts";

test("registrations by kind and the guests kept, for the period of their registration", async () => {
  const w = await makeWorld();
  try {
    const post = (path: string, body: unknown, headers: Record<string, string> = {}, address = "203.0.113.1") =>
      w.app.request(
        path,
        {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json", ...headers },
          body: JSON.stringify(body),
        },
        { address },
      );
    const guests = [];
    for (let i = 1; i <= 4; i++) guests.push(await playAsGuest(w, `198.51.100.${i}`));
    // One keeps the account with an email, a day later (the next month: counted for its registration's period).
    w.clock.advance(12 * 24 * 3600_000);
    const kept = await post(
      "/public/profile/claim",
      { email: "kept@example.com", password: "kept password 1" },
      { cookie: guests[0].cookie, "x-csrf-token": guests[0].csrf },
    );
    expect(kept.status).toBe(200);
    // A direct sign-up and a player of the game client's.
    const signup = await post(
      "/public/signup",
      { email: "direct@example.com", password: "direct pass 1", ...(await proofFor(w, "198.51.100.9")) },
      {},
      "198.51.100.9",
    );
    expect(signup.status).toBe(200);
    expect(
      (await gameApi(w, "/game/api/players/register", { network: "vk", uid: "m-1", nickname: "GameMade" })).status,
    ).toBe(201);
    await w.ship();
    const admin = await signInAdmin(w, "admin");
    const month = async (y: number, m: number) =>
      (await (await w.app.request(`/admin/metrics/registrations/${y}/${m}`, { headers: admin.headers() })).json()) as {
        total: number;
        byKind: { key: string; n: number }[];
        guests: { registered: number; claimed: number; conversion: number };
        claimsByMethod: { key: string; n: number }[];
      };
    // The world's clock starts on 20.11.2026: the guests registered in November, the rest in December.
    const nov = await month(2026, 11);
    expect(nov.byKind).toEqual([{ key: "guest", n: 4 }]);
    expect(nov.guests).toEqual({ registered: 4, claimed: 1, conversion: 0.25 });
    expect(nov.claimsByMethod).toEqual([]);
    const dec = await month(2026, 12);
    expect(dec.byKind).toEqual([
      { key: "email", n: 1 },
      { key: "game", n: 1 },
    ]);
    expect(dec.guests).toEqual({ registered: 0, claimed: 0, conversion: 0 });
    expect(dec.claimsByMethod).toEqual([{ key: "email", n: 1 }]);
    expect(dec.total).toBe(2);
  } finally {
    await w.close();
  }
});
