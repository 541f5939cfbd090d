// Registering a player (the game client's sign-up) and recording what makes them active.
import { and, eq, isNull, sql } from "drizzle-orm";
import { players, playerIdentities } from "../db/schema/players.ts";
import type { Db, DbOrTx, Tx } from "../db/index.ts";
import { emit } from "./outbox.ts";
import { applyLedger } from "./ledger.ts";
import { newEventId, toCHDateTime } from "../../warehouse/events.ts";
import { fieldError, notFound } from "./errors.ts";
import { hireStartingCrew } from "./progression.ts";

export { nickname as nicknameField } from "./fields.ts";

export type PlayerRow = typeof players.$inferSelect;

/** The player row, or 404. */
export async function playerOr404(db: DbOrTx, playerId: number): Promise<PlayerRow> {
  const [p] = await db.select().from(players).where(eq(players.id, playerId)).limit(1);
  if (!p) throw notFound();
  return p;
}

/** Refuses a nickname another player holds (case-insensitive) as a field error on `nickname`. */
export async function assertNicknameFree(db: Db | Tx, nickname: string, playerId: number | null) {
  const [taken] = await db
    .select({ id: players.id })
    .from(players)
    .where(
      and(
        sql`lower(${players.nickname}) = lower(${nickname})`,
        playerId === null ? undefined : sql`${players.id} <> ${playerId}`,
      ),
    )
    .limit(1);
  if (taken) throw fieldError({ nickname: { id: "validation.unique" } });
}

export const STARTING_BALANCE = { gold: 50, silver: 5_000 } as const;

export interface Registration {
  nickname: string;
  email?: string | null;
  passwordHash?: string | null;
  country: string;
  platform: string;
  source: string;
  locale: "ru" | "en";
  identity?: { network: string; uid: string; label?: string | null };
  at: number;
  /**
   * How the player came (the registrations event's `kind`): `game` — the game client's API (the
   * default), `guest` — one click on the site, `email` — the site's sign-up with email + password,
   * `social` — the site's sign-in with a network. A guest row is a guest (api/identity/guests.ts).
   */
  kind?: RegistrationKind;
  /** False for an address given on the site until its verification link is opened. */
  emailVerified?: boolean;
}

export const REGISTRATION_KINDS = ["game", "guest", "email", "social"] as const;
export type RegistrationKind = (typeof REGISTRATION_KINDS)[number];

export async function registerPlayer(db: Db, r: Registration): Promise<{ playerId: number }> {
  return db.transaction((tx) => registerPlayerIn(tx, r));
}

/** registerPlayer inside a transaction the caller holds (a guest's mint spends its challenge in the same one). */
export async function registerPlayerIn(tx: Tx, r: Registration): Promise<{ playerId: number }> {
  {
    if (r.identity) {
      const [known] = await tx
        .select({ playerId: playerIdentities.playerId })
        .from(playerIdentities)
        .where(and(eq(playerIdentities.network, r.identity.network), eq(playerIdentities.uid, r.identity.uid)))
        .limit(1);
      if (known) return { playerId: known.playerId };
    }
    await assertNicknameFree(tx, r.nickname, null);
    const [p] = await tx
      .insert(players)
      .values({
        nickname: r.nickname,
        email: r.email ?? null,
        passwordHash: r.passwordHash ?? null,
        country: r.country,
        platform: r.platform,
        source: r.source,
        locale: r.locale,
        createdAt: r.at,
        guest: r.kind === "guest",
        emailVerified: r.emailVerified ?? true,
      })
      .returning({ id: players.id });
    if (r.identity)
      await tx.insert(playerIdentities).values({
        playerId: p.id,
        network: r.identity.network,
        uid: r.identity.uid,
        label: r.identity.label ?? null,
        createdAt: r.at,
      });
    await emit(tx, "registrations", {
      event_id: newEventId(),
      ts: toCHDateTime(r.at),
      player_id: p.id,
      country: r.country,
      platform: r.platform,
      source: r.source,
      locale: r.locale,
      kind: r.kind ?? "game",
    });
    // A new player is active on their install day (as AppMetrica and GameAnalytics count it):
    // DAU and the retention cohorts' day 0 include them even if they never sign in that day.
    await emit(tx, "activity", {
      event_id: newEventId(),
      ts: toCHDateTime(r.at),
      player_id: p.id,
      kind: "registration",
      country: r.country,
      platform: r.platform,
      reg_ts: toCHDateTime(r.at),
    });
    await applyLedger(tx, {
      playerId: p.id,
      currency: "gold",
      delta: STARTING_BALANCE.gold,
      reason: "registration.bonus",
      at: r.at,
    });
    await applyLedger(tx, {
      playerId: p.id,
      currency: "silver",
      delta: STARTING_BALANCE.silver,
      reason: "registration.bonus",
      at: r.at,
    });
    // The crew a new player starts with (the roles hired for free), with its events.
    await hireStartingCrew(tx, p.id, r.at);
    return { playerId: p.id };
  }
}

/** Marks the player active (login, battle, purchase…) for DAU and retention; a login is also the
 * player's last sign-in (never moved back by an older one). */
export async function recordActivity(tx: Tx, playerId: number, kind: string, at: number): Promise<void> {
  if (kind === "login")
    await tx
      .update(players)
      .set({ lastLoginAt: sql`max(coalesce(${players.lastLoginAt}, 0), ${at})` })
      .where(eq(players.id, playerId));
  const [p] = await tx
    .select({ country: players.country, platform: players.platform, createdAt: players.createdAt })
    .from(players)
    .where(eq(players.id, playerId))
    .limit(1);
  if (!p) return;
  await emit(tx, "activity", {
    event_id: newEventId(),
    ts: toCHDateTime(at),
    player_id: playerId,
    kind,
    country: p.country,
    platform: p.platform,
    reg_ts: toCHDateTime(p.createdAt),
  });
}

/** Where a player plays: the country and platform (a payment method's market and currency follow them). */
export async function playerMarket(db: DbOrTx, playerId: number): Promise<{ country: string; platform: string }> {
  const [p] = await db
    .select({ country: players.country, platform: players.platform })
    .from(players)
    .where(eq(players.id, playerId))
    .limit(1);
  if (!p) throw notFound();
  return p;
}

/** The player's money: silver and gold. */
export async function walletOf(db: DbOrTx, playerId: number): Promise<{ silver: number; gold: number }> {
  const [w] = await db
    .select({ silver: players.silver, gold: players.gold })
    .from(players)
    .where(eq(players.id, playerId))
    .limit(1);
  if (!w) throw notFound();
  return w;
}

// Finding a player by what they sign in with: an email (site) or a social identity (game client).

/** A live (not erased) player by email, case-insensitively. */
export async function playerByEmail(db: DbOrTx, email: string): Promise<PlayerRow | undefined> {
  const [p] = await db
    .select()
    .from(players)
    .where(and(sql`lower(${players.email}) = lower(${email})`, isNull(players.erasedAt)))
    .limit(1);
  return p;
}

export async function playerByIdentity(db: DbOrTx, network: string, uid: string): Promise<PlayerRow | undefined> {
  const [row] = await db
    .select({ p: players })
    .from(playerIdentities)
    .innerJoin(players, eq(players.id, playerIdentities.playerId))
    .where(and(eq(playerIdentities.network, network), eq(playerIdentities.uid, uid), isNull(players.erasedAt)))
    .limit(1);
  return row?.p;
}

export async function playerById(db: DbOrTx, id: number): Promise<PlayerRow | undefined> {
  const [p] = await db
    .select()
    .from(players)
    .where(and(eq(players.id, id), isNull(players.erasedAt)))
    .limit(1);
  return p;
}

/** A player's sign-in: the last login's time and the day's "login" activity. */
export async function recordLogin(tx: Tx, playerId: number, now: number) {
  await tx.update(players).set({ lastLoginAt: now }).where(eq(players.id, playerId));
  await recordActivity(tx, playerId, "login", now);
}

/** Where and when a player came from (country, platform, registration time); undefined for no such player. */
export async function playerOrigin(db: DbOrTx, playerId: number) {
  const [p] = await db
    .select({ country: players.country, platform: players.platform, createdAt: players.createdAt })
    .from(players)
    .where(eq(players.id, playerId))
    .limit(1);
  return p;
}
