// The world the warehouse's CSV export tests start from (warehouse/metrics/exports-*.test.ts): a
// superadmin, `count` registrations shipped to the warehouse, and a CSV download as that admin.
import { makeWorld, type TestWorld } from "./fixture.ts";
import { signInAdmin, type Actor } from "./sign-in.ts";
import { emitMany } from "../domain/outbox.ts";
import { newEventId, toCHDateTime } from "../../warehouse/events.ts";

export interface RegistrationsWorld {
  w: TestWorld;
  admin: Actor;
  now: number;
  /** The UTC calendar of `now`, as the metrics screens' period parameters take it. */
  year: number;
  month: number;
  day: number;
  /** The last 30 days as ISO days, for the period comparison. */
  from: string;
  to: string;
  /** A GET asking for CSV, as the admin. */
  csv(url: string): Promise<Response>;
}

/** The i-th registration `ago(i)` ms before now, from `countries[i % length]`, on the web, organic. */
export async function registrationsWorld(spec: {
  count: number;
  ago: (i: number) => number;
  countries: string[];
}): Promise<RegistrationsWorld> {
  const w = await makeWorld();
  try {
    const admin = await signInAdmin(w, "superadmin");
    const now = w.clock.now();
    await emitMany(
      w.deps.db,
      "registrations",
      Array.from({ length: spec.count }, (_, i) => ({
        event_id: newEventId(),
        ts: toCHDateTime(now - spec.ago(i)),
        player_id: i + 1,
        country: spec.countries[i % spec.countries.length],
        platform: "web",
        source: "organic",
        locale: "ru",
      })),
    );
    await w.ship();
    const d = new Date(now);
    return {
      w,
      admin,
      now,
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      from: new Date(now - 30 * 86_400_000).toISOString().slice(0, 10),
      to: d.toISOString().slice(0, 10),
      csv: async (url) => w.app.request(url, { headers: admin.headers({ accept: "text/csv" }) }),
    };
  } catch (e) {
    await w.close();
    throw e;
  }
}
