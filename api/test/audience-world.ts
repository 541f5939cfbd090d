// The world the saved-audience tests of the back office start from (experiments and option
// variants for an audience, docs/decisions/audiences.md "Used by"): the system's options and
// texts, players spread over levels and countries, an operator signed in, a JSON POST as that
// operator, and an audience's members now, read from its membership rows (the recomputation the
// tests compare the screens and the game's reading with).
import { and, eq, isNull } from "drizzle-orm";
import { makeWorld, type TestWorld } from "./fixture.ts";
import { signInAdmin, type Actor } from "./sign-in.ts";
import { audienceMembers, players } from "../db/schema/index.ts";
import { systemStep } from "../db/seed/system.ts";
import { rng } from "../db/seed/world.ts";

export interface AudienceWorld {
  w: TestWorld;
  admin: Actor;
  /** A POST as the operator, JSON in and out, in the given language. */
  send(path: string, body?: unknown, lang?: string): Promise<{ status: number; body: any }>;
  /** The audience's members now, from the rows. */
  members(audienceId: number): Promise<Set<number>>;
}

/** `count` players, the i-th at level `level(i)` in `country(i)`, registered i hours ago. */
export async function audienceWorld(spec: {
  count: number;
  level: (i: number) => number;
  country: (i: number) => string;
}): Promise<AudienceWorld> {
  const w = await makeWorld();
  const now = w.clock.now();
  await systemStep({ db: w.deps.db, r: rng(1), playerIds: [], opts: { players: 0, days: 1, now } });
  await w.deps.db.insert(players).values(
    Array.from({ length: spec.count }, (_, i) => ({
      nickname: `p${i}`,
      level: spec.level(i),
      platform: "web",
      country: spec.country(i),
      createdAt: now - i * 3_600_000,
    })),
  );
  const admin = await signInAdmin(w, "operator");
  return {
    w,
    admin,
    async send(path, body, lang = "en") {
      const r = await w.app.request(path, {
        method: "POST",
        headers: { ...admin.headers(), "accept-language": lang },
        body: JSON.stringify(body ?? {}),
      });
      return { status: r.status, body: await r.json() };
    },
    async members(audienceId) {
      const rows = await w.deps.db
        .select({ id: audienceMembers.playerId })
        .from(audienceMembers)
        .where(and(eq(audienceMembers.audienceId, audienceId), isNull(audienceMembers.exitedAt)));
      return new Set(rows.map((m) => m.id));
    },
  };
}
