import { sqliteTable, integer, text, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import { players } from "./players.ts";

/** Failed sign-ins, per account and per address, for throttling. Old rows are pruned. */
export const loginFailures = sqliteTable(
  "login_failures",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    key: text("key").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [index("login_failures_key").on(t.key, t.at)],
);

/**
 * Single-use player tokens: `site` (the game client's sign-in link), `reset` (a password reset
 * link), `verify` (an email address's verification link; `email` is the address it confirms) and
 * `magic` (a sign-in link by mail). Only the SHA-256 of the token is stored; `used_at` is set once,
 * atomically, on use.
 */
export const playerTokens = sqliteTable(
  "player_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tokenHash: text("token_hash").notNull(),
    purpose: text("purpose", { enum: ["site", "reset", "verify", "magic"] }).notNull(),
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    /** The address a `verify` token confirms (a claim's, a sign-up's or a changed one). */
    email: text("email"),
  },
  (t) => [
    uniqueIndex("player_tokens_hash").on(t.tokenHash),
    index("player_tokens_player").on(t.playerId, t.purpose, t.createdAt),
  ],
);

/**
 * Guest minting: each row a proof-of-work challenge handed to an address; `used_at` set (once,
 * atomically) when a guest was made with its answer. Per-address limits count these rows, so a
 * script gets a few guests an hour, a person never notices (api/identity/guests.ts).
 */
export const guestChallenges = sqliteTable(
  "guest_challenges",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    seed: text("seed").notNull(),
    bits: integer("bits").notNull(),
    address: text("address"),
    createdAt: integer("created_at").notNull(),
    usedAt: integer("used_at"),
  },
  (t) => [
    uniqueIndex("guest_challenges_seed").on(t.seed),
    index("guest_challenges_address").on(t.address, t.createdAt),
  ],
);

/**
 * A social sign-in under way (OAuth 2.0 authorization code with PKCE): the `state` sent to the
 * network (stored hashed; the browser also holds it in a cookie), the PKCE verifier, the OIDC
 * nonce, what it is for (sign-in, or linking to `player_id`) and where to go after.
 */
export const oauthStates = sqliteTable(
  "oauth_states",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    stateHash: text("state_hash").notNull(),
    network: text("network").notNull(),
    verifier: text("verifier").notNull(),
    nonce: text("nonce").notNull(),
    playerId: integer("player_id").references(() => players.id, { onDelete: "cascade" }),
    next: text("next").notNull(),
    createdAt: integer("created_at").notNull(),
    usedAt: integer("used_at"),
  },
  (t) => [uniqueIndex("oauth_states_hash").on(t.stateHash), index("oauth_states_created").on(t.createdAt)],
);
