// The harness of the tests that try every route of the table (api/http/bad-input.test.ts,
// api/http/path-params.test.ts): one world for the file with a superadmin and a player signed in,
// the actor and the method a route is tried with, and its path with the parameters filled.
import { beforeAll, afterAll } from "bun:test";
import { makeWorld, type TestWorld } from "./fixture.ts";
import type { RouteInfo } from "../http/router.ts";
import { signInAdmin, signInPlayer, type Actor } from "./sign-in.ts";
import { eq } from "drizzle-orm";
import { players } from "../db/schema/players.ts";

export interface RouteWalk {
  readonly w: TestWorld;
  readonly admin: Actor;
  readonly player: Actor;
  /** Who tries the route: the player on player routes, else the superadmin. */
  actorOf(r: RouteInfo): Actor;
  /**
   * The player's saved language: on a path without a locale it is the answers' language, whatever
   * the request's Accept-Language says (api/http/session.ts).
   */
  playerSpeaks(locale: "ru" | "en"): Promise<void>;
}

/**
 * A world made before the file's tests and closed after them: a superadmin and a player signed in
 * (signing the player in sets the game API key, TEST_GAME_API_KEY, when the world has none).
 */
export function routeWalk(): RouteWalk {
  let w: TestWorld | undefined;
  let admin: Actor | undefined;
  let player: (Actor & { playerId: number }) | undefined;
  beforeAll(async () => {
    w = await makeWorld();
    admin = await signInAdmin(w, "superadmin");
    player = await signInPlayer(w);
  });
  afterAll(() => w?.close());
  const made = <T>(v: T | undefined) => {
    if (v === undefined) throw new Error("the route walk's world is made in beforeAll");
    return v;
  };
  return {
    get w() {
      return made(w);
    },
    get admin() {
      return made(admin);
    },
    get player() {
      return made(player);
    },
    actorOf: (r) => made(r.auth === "player" ? player : admin),
    async playerSpeaks(locale) {
      await made(w)
        .deps.db.update(players)
        .set({ locale })
        .where(eq(players.id, made(player).playerId));
    },
  };
}

/** The method a route is tried with: POST where it takes POST (or any method), DELETE, else GET. */
export const methodOf = (r: RouteInfo) =>
  r.method === "ANY" || r.method.includes("POST") ? "POST" : r.method === "DELETE" ? "DELETE" : "GET";

/**
 * A route's path with its parameters filled: the numeric ones ({[0-9]+}) with `numeric(name)`
 * ("1"), the locale ({ru|en}) with `locale` ("en"), any other with `other` ("x").
 */
export const fillPath = (
  path: string,
  {
    numeric = () => "1",
    locale = "en",
    other = "x",
  }: { numeric?: (name: string) => string; locale?: string; other?: string } = {},
) =>
  path.replace(/:(\w+)(?:\{([^}]+)\})?\??/g, (_, name: string, re: string | undefined) =>
    re === "[0-9]+" ? numeric(name) : re === "ru|en" ? locale : other,
  );
