// Settings for the Bun and Deno entries, read from the environment once and checked with zod,
// so a wrong value stops the start with a clear message instead of failing later.
import { z } from "zod";
import { parseTrustedProxies } from "./client-address.ts";

export const DEMO_GAME_API_KEY = "tankodrome-demo-game-key";

const optionalString = z.preprocess((v) => (v === "" ? undefined : v), z.string().optional());

export const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("127.0.0.1"),
  DATA_DIR: z.string().default("./data"),
  PUBLIC_URL: optionalString,
  // This instance's own origin as the others reach it, when several share one store: the battles
  // it owns carry it in the store, and a battle's socket that reached another instance is proxied
  // here (unset: a single instance). README "Many instances".
  INSTANCE_URL: optionalString.pipe(z.url().optional()),
  LIBSQL_URL: optionalString,
  LIBSQL_AUTH_TOKEN: optionalString,
  CLICKHOUSE_URL: optionalString.pipe(z.url().optional()),
  CLICKHOUSE_USER: z.string().default("default"),
  CLICKHOUSE_PASSWORD: z.string().default(""),
  CLICKHOUSE_DATABASE: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
    .default("tankodrome"),
  SEED_PLAYERS: z.coerce.number().int().min(0).default(2000),
  SEED_DAYS: z.coerce.number().int().min(1).max(3650).default(60),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default("Tankodrome <no-reply@tankodrome.local>"),
  // The key the game client sends as `Authorization: Bearer …` to /game/api/*. The default is
  // for a local demo only; set a long random one anywhere else (Workers have no default).
  GAME_API_KEY: z.string().min(16).default(DEMO_GAME_API_KEY),
  // Payment providers without settings of their own run against local stand-ins (api/billing/
  // test-mode.ts). Default: on with the embedded libSQL file, off with a libSQL server.
  PAYMENTS_TEST_MODE: z.enum(["0", "1"]).optional(),
  // Social sign-in networks without settings of their own run against local stand-ins
  // (api/identity/social/test-standins.ts), where only this machine reaches the site (as payments).
  SOCIAL_TEST_MODE: z.enum(["0", "1"]).optional(),
  // Check every answer against its route's contract and answer 500 when one does not fit
  // (api/http/answer-check.ts): the e2e servers set it; a production server only serialises.
  TK_CHECK_OUTPUTS: z.enum(["0", "1"]).default("0"),
  // Proxies whose X-Forwarded-For / X-Real-IP / CF-Connecting-IP are believed (addresses or CIDR
  // ranges, comma-separated); unset: the connection's own address is the client's.
  TRUSTED_PROXIES: optionalString.refine((v) => {
    try {
      parseTrustedProxies(v);
      return true;
    } catch {
      return false;
    }
  }, "a list of IP addresses or CIDR ranges"),
});

export type EdgeEnv = z.infer<typeof envSchema>;

const LOOPBACK_HOSTS = /^(localhost|::1|127(\.\d{1,3}){3})$/;
/** An address only this machine reaches: localhost, ::1 or 127.x.x.x. */
export const isLoopback = (host: string) =>
  LOOPBACK_HOSTS.test(
    host
      .trim()
      .toLowerCase()
      .replace(/^\[|\]$/g, ""),
  );

/** Why the site is reachable by others (so no free gold through the stand-ins), or null when only this machine reaches it. */
function reachableBecause(env: Pick<EdgeEnv, "HOST" | "PUBLIC_URL" | "TRUSTED_PROXIES" | "LIBSQL_URL">): string | null {
  if (env.LIBSQL_URL) return "LIBSQL_URL names a shared store";
  if (!isLoopback(env.HOST)) return `HOST=${env.HOST} listens beyond this machine`;
  if (env.TRUSTED_PROXIES) return "TRUSTED_PROXIES says a proxy forwards others' requests";
  if (env.PUBLIC_URL) {
    let host: string;
    try {
      host = new URL(env.PUBLIC_URL).hostname;
    } catch {
      return `PUBLIC_URL=${env.PUBLIC_URL} is not a loopback address`;
    }
    if (!isLoopback(host)) return `PUBLIC_URL=${env.PUBLIC_URL} is served to others (a proxy in front)`;
  }
  return null;
}

/**
 * Payments TEST MODE (every provider without settings of its own runs against its local stand-in,
 * no real money) is on only where nobody else can reach the site: a loopback HOST, a loopback (or
 * unset) PUBLIC_URL, no TRUSTED_PROXIES and the embedded store. On by default there
 * (PAYMENTS_TEST_MODE=0 turns it off); anywhere else off, and PAYMENTS_TEST_MODE=1 is refused at start.
 */
export function paymentsTestMode(env: EdgeEnv): { on: boolean; why: string } {
  const reachable = reachableBecause(env);
  if (reachable) return { on: false, why: reachable };
  if (env.PAYMENTS_TEST_MODE === "0") return { on: false, why: "PAYMENTS_TEST_MODE=0" };
  return { on: true, why: "only this machine reaches the site (loopback HOST and PUBLIC_URL, no proxies)" };
}

/**
 * Social sign-in TEST MODE (a stand-in signs in whoever you type, docs/decisions/front-door.md):
 * on by default where only this machine reaches the site, as payments' (SOCIAL_TEST_MODE=0 turns
 * it off; SOCIAL_TEST_MODE=1 on a reachable site is refused at start).
 */
export function socialTestMode(env: EdgeEnv): { on: boolean; why: string } {
  const reachable = reachableBecause(env);
  if (reachable) return { on: false, why: reachable };
  if (env.SOCIAL_TEST_MODE === "0") return { on: false, why: "SOCIAL_TEST_MODE=0" };
  return { on: true, why: "only this machine reaches the site (loopback HOST and PUBLIC_URL, no proxies)" };
}

export function readEnv(source: Record<string, string | undefined>): EdgeEnv {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid settings:\n${lines.join("\n")}`);
  }
  const socialReachable = parsed.data.SOCIAL_TEST_MODE === "1" ? reachableBecause(parsed.data) : null;
  if (socialReachable)
    throw new Error(
      `Invalid settings:\n  SOCIAL_TEST_MODE: 1 lets anyone sign in as anyone through the social stand-ins, and this site is reachable by others (${socialReachable})`,
    );
  const reachable = parsed.data.PAYMENTS_TEST_MODE === "1" ? reachableBecause(parsed.data) : null;
  if (reachable)
    throw new Error(
      `Invalid settings:\n  PAYMENTS_TEST_MODE: 1 gives free gold through the payment stand-ins, and this site is reachable by others (${reachable})`,
    );
  return parsed.data;
}
