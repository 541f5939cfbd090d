// The operators' player card (/admin/player): the search over players (id, nickname, email, social
// id; paged), one player's card — its row, identities, clan, suspect mark, ban state and a few
// counts — and the card's changes: profile corrections, account state (ban, unban, suspect mark),
// erasure of personal data, a progress reset; and the stored data as JSON for support. Each change
// writes its admin log row from the actor in its own transaction.
import { and, asc, count, desc, eq, exists, gt, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../db/index.ts";
import { playerIdentities, players } from "../db/schema/players.ts";
import { banLog, playerSuspects } from "../db/schema/bans.ts";
import { playerItems } from "../db/schema/inventory.ts";
import { clanMembers, clans } from "../db/schema/clans.ts";
import { sessions } from "../db/schema/access.ts";
import { ledgerEntries } from "../db/schema/ledger.ts";
import { orders } from "../db/schema/billing.ts";
import { AppError, fieldError } from "./errors.ts";
import { audit } from "./audit.ts";
import { detailsOf, type AuditDetails } from "./audit-details.ts";
import { transact, type AdminActor, type Call } from "./context.ts";
import { banPlayer, isBanned, unbanPlayers } from "./bans.ts";
import { erasePersonalData } from "./erasure.ts";
import { assertNicknameFree, playerOr404, type PlayerRow } from "./players.ts";
import { citiesOf, regionsOf } from "./geo.ts";
import { diff } from "./resources.ts";

const SORTS = {
  id: players.id,
  nickname: players.nickname,
  level: players.level,
  createdAt: players.createdAt,
  lastLoginAt: players.lastLoginAt,
  gold: players.gold,
} as const;
export const PLAYER_SORTS = Object.keys(SORTS) as [keyof typeof SORTS, ...(keyof typeof SORTS)[]];
export const PLAYER_STATES = ["banned", "suspect", "erased"] as const;

export interface PlayerSearch {
  page: number;
  size: number;
  sort: keyof typeof SORTS;
  dir: "asc" | "desc";
  q?: string;
  state?: (typeof PLAYER_STATES)[number];
  country?: string;
  region?: string;
  city?: string;
}

/** The row an operator may see: everything but the password hash (only whether there is one). */
export function publicRow(p: PlayerRow) {
  const { passwordHash, ...rest } = p;
  return { ...rest, hasPassword: passwordHash !== null };
}

/** The search: an id, a nickname or email fragment, or a social id (exact uid); newest first by default. */
export async function searchPlayers({ ctx, input: q }: Call<PlayerSearch>) {
  const db = ctx.db;
  const now = ctx.clock.now();
  const conds: (SQL | undefined)[] = [];
  if (q.q) {
    const pattern = `%${q.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    const n = /^\d+$/.test(q.q) ? Number(q.q) : Number.NaN;
    conds.push(
      or(
        Number.isSafeInteger(n) ? eq(players.id, n) : undefined,
        sql`${players.nickname} like ${pattern} escape '\\'`,
        sql`${players.email} like ${pattern} escape '\\'`,
        exists(
          db
            .select({ x: sql`1` })
            .from(playerIdentities)
            .where(and(eq(playerIdentities.playerId, players.id), eq(playerIdentities.uid, q.q))),
        ),
      ),
    );
  }
  if (q.state === "banned") conds.push(gt(players.bannedUntil, now));
  if (q.state === "erased") conds.push(isNotNull(players.erasedAt));
  if (q.country) conds.push(eq(players.country, q.country));
  if (q.region) conds.push(eq(players.region, q.region));
  if (q.city) conds.push(eq(players.city, q.city));
  if (q.state === "suspect")
    conds.push(exists(db.select({ x: sql`1` }).from(playerSuspects).where(eq(playerSuspects.playerId, players.id))));
  const where = and(...conds);
  const col = SORTS[q.sort];
  const rows = await db
    .select({
      id: players.id,
      nickname: players.nickname,
      email: players.email,
      country: players.country,
      region: players.region,
      city: players.city,
      platform: players.platform,
      level: players.level,
      gold: players.gold,
      silver: players.silver,
      createdAt: players.createdAt,
      lastLoginAt: players.lastLoginAt,
      bannedUntil: players.bannedUntil,
      erasedAt: players.erasedAt,
      // Qualified: in a select list drizzle writes columns bare, and a bare name binds to the subquery's table.
      suspect: sql<number>`exists(select 1 from "player_suspects" where "player_suspects"."player_id" = "players"."id")`,
    })
    .from(players)
    .where(where)
    .orderBy(q.dir === "asc" ? asc(col) : desc(col), desc(players.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const [{ n }] = await db.select({ n: count() }).from(players).where(where);
  return {
    rows: rows.map((r) => ({ ...r, suspect: Boolean(r.suspect), banned: isBanned(r, now) })),
    total: n,
    page: q.page,
    size: q.size,
  };
}

async function cardOf(db: DbOrTx, p: PlayerRow, now: number) {
  const identities = await db
    .select({ network: playerIdentities.network, uid: playerIdentities.uid, createdAt: playerIdentities.createdAt })
    .from(playerIdentities)
    .where(eq(playerIdentities.playerId, p.id))
    .orderBy(asc(playerIdentities.id));
  const [suspect] = await db.select().from(playerSuspects).where(eq(playerSuspects.playerId, p.id)).limit(1);
  const [clan] = await db
    .select({ id: clans.id, name: clans.name, role: clanMembers.role })
    .from(clanMembers)
    .innerJoin(clans, eq(clans.id, clanMembers.clanId))
    .where(eq(clanMembers.playerId, p.id))
    .limit(1);
  const [{ items }] = await db.select({ items: count() }).from(playerItems).where(eq(playerItems.playerId, p.id));
  const [{ open }] = await db
    .select({ open: count() })
    .from(sessions)
    .where(and(eq(sessions.kind, "player"), eq(sessions.subjectId, p.id), gt(sessions.expiresAt, now)));
  return {
    player: publicRow(p),
    banned: isBanned(p, now),
    suspect: suspect ?? null,
    identities,
    clan: clan ?? null,
    counts: { items, sessions: open },
  };
}

/** The card: the player row, identities, clan, suspect mark, ban state and a few counts. */
export async function playerCard({ ctx, input }: Call<{ playerId: number }>) {
  return cardOf(ctx.db, await playerOr404(ctx.db, input.playerId), ctx.clock.now());
}

export interface ProfileChange {
  playerId: number;
  nickname?: string;
  email?: string | null;
  country?: string;
  level?: number;
  experience?: number;
  region?: string | null;
  city?: string | null;
}

/** Profile corrections (only what differs; nothing different is a 400); answers the card. */
export async function setPlayerProfile({ ctx, input: v }: Call<ProfileChange, AdminActor>) {
  const result = await transact(ctx, async (ctx) => {
    const tx = ctx.db;
    const before = await playerOr404(tx, v.playerId);
    if (before.erasedAt) throw new AppError("conflict", "players.error.erased", [], 409);
    const set: Partial<PlayerRow> = {};
    if (v.nickname !== undefined && v.nickname !== before.nickname) {
      await assertNicknameFree(tx, v.nickname, v.playerId);
      set.nickname = v.nickname;
    }
    if (v.email !== undefined && v.email !== before.email) {
      if (v.email !== null) {
        const [taken] = await tx
          .select({ id: players.id })
          .from(players)
          .where(and(sql`lower(${players.email}) = ${v.email}`, sql`${players.id} <> ${v.playerId}`))
          .limit(1);
        if (taken) throw fieldError({ email: { id: "validation.unique" } });
      }
      set.email = v.email;
    }
    if (v.country !== undefined && v.country !== before.country) set.country = v.country;
    Object.assign(set, await placeChange(before, v));
    if (v.level !== undefined && v.level !== before.level) set.level = v.level;
    if (v.experience !== undefined && v.experience !== before.experience) set.experience = v.experience;
    if (Object.keys(set).length === 0) throw new AppError("validation", "players.error.nothing_to_change", [], 400);
    await tx.update(players).set(set).where(eq(players.id, v.playerId));
    const old = Object.fromEntries(Object.keys(set).map((k) => [k, before[k as keyof PlayerRow]]));
    await audit(ctx, {
      action: "player.setProfile",
      targetType: "player",
      targetId: v.playerId,
      summary: diff(old, set),
      details: detailsOf(old, set),
    });
    return { ...before, ...set };
  });
  return cardOf(ctx.db, result, ctx.clock.now());
}

export interface StateChange {
  playerId: number;
  action: "ban" | "unban" | "suspect" | "unsuspect";
  reason?: string;
  until?: number;
}

/** Ban (reason and end), unban, mark suspect (a note), clear the mark; answers the card. */
export async function setPlayerState({ ctx, input: v }: Call<StateChange, AdminActor>) {
  const at = ctx.clock.now();
  const by = { adminId: ctx.actor.adminId, adminUsername: ctx.actor.username, at };
  if (v.action === "ban" && (v.until ?? 0) <= at) throw fieldError({ until: { id: "players.error.ban_in_past" } });
  const reason = v.reason ?? "";
  await transact(ctx, async (ctx) => {
    const tx = ctx.db;
    const p = await playerOr404(tx, v.playerId);
    let summary: string;
    let details: AuditDetails;
    if (v.action === "ban") {
      const until = v.until ?? 0;
      await banPlayer(tx, { ...by, playerId: p.id, reason, until });
      summary = `banned until ${new Date(until).toISOString()}: ${reason}`;
      details = {
        changes: [
          { field: "bannedUntil", after: until },
          { field: "banReason", after: reason },
        ],
      };
    } else if (v.action === "unban") {
      const done = await unbanPlayers(tx, { ...by, playerIds: [p.id], reason: v.reason });
      if (done.length === 0) throw new AppError("validation", "players.error.nothing_to_change", [], 400);
      summary = `unbanned${v.reason ? `: ${v.reason}` : ""}`;
      details = { changes: v.reason ? [{ field: "note", after: v.reason }] : [] };
    } else if (v.action === "suspect") {
      await tx
        .insert(playerSuspects)
        .values({ playerId: p.id, note: reason, adminId: by.adminId, markedAt: at })
        .onConflictDoUpdate({
          target: playerSuspects.playerId,
          set: { note: reason, adminId: by.adminId, markedAt: at },
        });
      summary = `marked suspect: ${reason}`;
      details = { changes: [{ field: "suspectNote", after: reason }] };
    } else {
      const gone = await tx.delete(playerSuspects).where(eq(playerSuspects.playerId, p.id)).returning();
      if (gone.length === 0) throw new AppError("validation", "players.error.nothing_to_change", [], 400);
      summary = `suspect mark cleared (was: ${gone[0].note})`;
      details = { changes: [{ field: "suspectNote", before: gone[0].note, after: null }] };
    }
    await audit(ctx, { action: `player.${v.action}`, targetType: "player", targetId: p.id, summary, details });
  });
  return cardOf(ctx.db, await playerOr404(ctx.db, v.playerId), at);
}

/** Erasure of personal data on the player's behalf (the same rules as the player's own request); answers the card. */
export async function erasePlayer({ ctx, input }: Call<{ playerId: number }, AdminActor>) {
  const at = ctx.clock.now();
  await transact(ctx, async (ctx) => {
    const p = await playerOr404(ctx.db, input.playerId);
    if (p.erasedAt) throw new AppError("conflict", "players.error.erased", [], 409);
    // erasePersonalData joins our transaction: the erasure and its audit row commit together.
    await erasePersonalData(ctx.db, { playerId: p.id, at });
    await audit(ctx, {
      action: "player.remove",
      targetType: "player",
      targetId: p.id,
      summary: `personal data erased (was ${p.nickname})`,
      details: { changes: [{ field: "nickname", before: p.nickname, after: null }] },
    });
  });
  return cardOf(ctx.db, await playerOr404(ctx.db, input.playerId), at);
}

/** Level, experience, rating and battle counts back to a new player's; balances, items, payments and the account stay. */
export async function resetPlayerProgress({ ctx, input }: Call<{ playerId: number }, AdminActor>) {
  const fresh = { level: 1, experience: 0, rating: 1000, battles: 0, wins: 0 };
  const after = await transact(ctx, async (ctx) => {
    const p = await playerOr404(ctx.db, input.playerId);
    await ctx.db.update(players).set(fresh).where(eq(players.id, p.id));
    const old = { level: p.level, experience: p.experience, rating: p.rating, battles: p.battles, wins: p.wins };
    await audit(ctx, {
      action: "player.resetProfile",
      targetType: "player",
      targetId: p.id,
      summary: `progress reset: ${diff(old, fresh)}`,
      details: detailsOf(old, fresh),
    });
    return { ...p, ...fresh };
  });
  return cardOf(ctx.db, after, ctx.clock.now());
}

/** Every suspect mark cleared; answers how many. */
export function clearSuspectMarks({ ctx }: { ctx: Call<unknown, AdminActor>["ctx"] }) {
  return transact(ctx, async (ctx) => {
    const gone = await ctx.db.delete(playerSuspects).returning({ playerId: playerSuspects.playerId });
    await audit(ctx, {
      action: "player.resetSuspectAll",
      targetType: "player",
      summary: `suspect marks cleared: ${gone.length}${gone.length ? ` (${gone.map((g) => g.playerId).join(", ")})` : ""}`,
      details: { changes: [{ field: "players", after: gone.map((g) => g.playerId).join(", ") || "—" }] },
    });
    return { cleared: gone.length };
  });
}

/** Everything we store about the player, for support (no password hash, no session tokens). */
export async function playerServerData({ ctx, input }: Call<{ playerId: number }>) {
  const db = ctx.db;
  const p = await playerOr404(db, input.playerId);
  const [items, bans, ledger, playerSessions, [{ n: orderCount }]] = await Promise.all([
    db.select().from(playerItems).where(eq(playerItems.playerId, p.id)),
    db.select().from(banLog).where(eq(banLog.playerId, p.id)).orderBy(desc(banLog.id)),
    db.select().from(ledgerEntries).where(eq(ledgerEntries.playerId, p.id)).orderBy(desc(ledgerEntries.id)).limit(100),
    db
      .select({
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        address: sessions.address,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(and(eq(sessions.kind, "player"), eq(sessions.subjectId, p.id))),
    db.select({ n: count() }).from(orders).where(eq(orders.playerId, p.id)),
  ]);
  return {
    ...(await cardOf(db, p, ctx.clock.now())),
    items,
    banLog: bans,
    ledger,
    sessions: playerSessions,
    orders: orderCount,
  };
}

/** The game profile as the game reads it. */
export async function playerGameProfile({ ctx, input }: Call<{ playerId: number }>) {
  const p = await playerOr404(ctx.db, input.playerId);
  const items = await ctx.db
    .select({ type: playerItems.itemType, id: playerItems.itemId, quantity: playerItems.quantity })
    .from(playerItems)
    .where(eq(playerItems.playerId, p.id));
  return {
    id: p.id,
    nickname: p.nickname,
    locale: p.locale,
    level: p.level,
    experience: p.experience,
    rating: p.rating,
    battles: p.battles,
    wins: p.wins,
    gold: p.gold,
    silver: p.silver,
    premiumUntil: p.premiumUntil,
    currentTankId: p.currentTankId,
    avatarUrl: p.avatarUrl,
    items,
  };
}

/**
 * The region and city a profile change leaves: a new country clears both unless given, a new
 * region clears the city unless given; a region must be one of the country's, a city one of the
 * region's (the offline GeoNames data, domain/geo.ts).
 */
async function placeChange(
  before: PlayerRow,
  v: { country?: string; region?: string | null; city?: string | null },
): Promise<Partial<PlayerRow>> {
  const country = v.country ?? before.country;
  const region = v.region !== undefined ? v.region : country !== before.country ? null : before.region;
  const city = v.city !== undefined ? v.city : region !== before.region ? null : before.city;
  if (region !== null && !(await regionsOf(country)).some((r) => r.code === region))
    throw fieldError({ region: { id: "validation.pattern" } });
  if (city !== null) {
    if (region === null) throw fieldError({ region: { id: "validation.required" } });
    if (!(await citiesOf(country, region, city, 5000)).includes(city))
      throw fieldError({ city: { id: "validation.pattern" } });
  }
  const out: Partial<PlayerRow> = {};
  if (region !== before.region) out.region = region;
  if (city !== before.city) out.city = city;
  return out;
}
