// /admin/player: the search over players (id, nickname, email, social id; paged) and one
// player's card — its data, profile corrections, account state (ban, unban, suspect mark),
// erasure of personal data, a progress reset, and the stored data as JSON for support.
import type { Context, Hono } from "hono";
import { z } from "zod";
import { and, asc, count, desc, eq, exists, gt, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { HonoEnv } from "../../http/env.ts";
import type { Db, DbOrTx } from "../../db/index.ts";
import { page, route } from "../../http/router.ts";
import * as f from "../../domain/fields.ts";
import { audit } from "../../http/audit.ts";
import { AppError, fieldError } from "../../domain/errors.ts";
import { players, playerIdentities } from "../../db/schema/players.ts";
import { playerSuspects, banLog } from "../../db/schema/bans.ts";
import { playerItems } from "../../db/schema/inventory.ts";
import { clanMembers, clans } from "../../db/schema/clans.ts";
import { sessions } from "../../db/schema/access.ts";
import { ledgerEntries } from "../../db/schema/ledger.ts";
import { orders } from "../../db/schema/billing.ts";
import { diff } from "../../domain/resources.ts";
import { banPlayer, unbanPlayers, isBanned } from "../../domain/bans.ts";
import { erasePersonalData } from "../../domain/erasure.ts";
import { nicknameField, assertNicknameFree } from "../../domain/players.ts";
import { ADMIN, OPERATOR, SUPPORT, playerOr404, publicRow, type PlayerRow } from "./shared.ts";
import "./messages.ts";
import { citiesOf, regionsOf } from "../../domain/geo.ts";
import { detailsOf, type AuditDetails } from "../../domain/audit-details.ts";

const SORTS = {
  id: players.id,
  nickname: players.nickname,
  level: players.level,
  createdAt: players.createdAt,
  lastLoginAt: players.lastLoginAt,
  gold: players.gold,
} as const;

export const searchInput = z.object({
  page: f.optional(f.int(1, 100_000)).default(1),
  size: f.optional(f.int(1, 200)).default(20),
  sort: f.optional(z.enum(Object.keys(SORTS) as [keyof typeof SORTS])).default("id"),
  dir: f.optional(z.enum(["asc", "desc"])).default("desc"),
  q: f.optionalText(254),
  state: f.optional(z.enum(["banned", "suspect", "erased"])),
  // Where players are (the geo screen's data): a country, one of its regions, one of its cities.
  country: f.optional(
    z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() : v), z.string().regex(/^[A-Z]{2}$/)),
  ),
  region: f.optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{1,20}$/),
  ),
  city: f.optionalText(100),
});
export const profileInput = z.object({
  playerId: f.id(),
  nickname: f.optional(nicknameField()),
  // An empty email clears the address (the player then signs in through the game only).
  email: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), f.email().nullable().optional()),
  country: f.optional(
    z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() : v), z.string().regex(/^[A-Z]{2}$/)),
  ),
  level: f.optional(f.int(1, 100)),
  experience: f.optional(f.int(0, 1_000_000_000)),
  // An empty value clears it; a region must be the country's, a city the region's (domain/geo.ts).
  region: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{1,20}$/)
      .nullable()
      .optional(),
  ),
  city: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    z.string().trim().min(1).max(100).nullable().optional(),
  ),
});
export const setPlayerInput = z
  .object({
    playerId: f.id(),
    action: z.enum(["ban", "unban", "suspect", "unsuspect"]),
    reason: f.optionalText(500),
    until: f.optional(f.dateTime()),
  })
  .superRefine((v, ctx) => {
    const need = (field: "reason" | "until") =>
      ctx.addIssue({ code: "custom", path: [field], params: { rule: "required" }, input: undefined });
    if (v.action === "ban" && !v.reason) need("reason");
    if (v.action === "ban" && v.until === undefined) need("until");
    if (v.action === "suspect" && !v.reason) need("reason");
    if (v.reason !== undefined && v.reason.length < 3)
      ctx.addIssue({
        code: "too_small",
        origin: "string",
        minimum: 3,
        inclusive: true,
        path: ["reason"],
        input: v.reason,
      });
  });
const playerInput = z.object({ playerId: f.id() });

/** The search: an id, a nickname or email fragment, or a social id (exact uid). */
export async function searchPlayers(db: Db, q: z.output<typeof searchInput>, now: number) {
  const conds: (SQL | undefined)[] = [];
  if (q.q) {
    const pattern = `%${q.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    const n = /^\d+$/.test(q.q) ? Number(q.q) : NaN;
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
      suspect: sql<number>`exists(select 1 from ${playerSuspects} where ${playerSuspects.playerId} = ${players.id})`,
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

/** The card: the player row, identities, clan, suspect mark, ban state and a few counts. */
export async function cardOf(db: DbOrTx, p: PlayerRow, now: number) {
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

export function registerPlayerCard(app: Hono<HonoEnv>) {
  const search = async (c: Context<HonoEnv>, q: z.output<typeof searchInput>) =>
    c.json(await searchPlayers(c.var.deps.db, q, c.var.deps.clock.now()));
  page(app, { path: "/admin/player/", ...SUPPORT }, { query: searchInput }, search);
  // /admin/player without an id is the search; with one, the card.
  page(
    app,
    { path: "/admin/player/:playerId{[0-9]+}?", ...SUPPORT },
    { params: z.object({ playerId: f.optional(f.id()) }), query: searchInput },
    async (c, { playerId, ...q }) => {
      if (playerId === undefined) return search(c, q);
      const { db, clock } = c.var.deps;
      return c.json(await cardOf(db, await playerOr404(db, playerId), clock.now()));
    },
  );

  route(app, { method: "ANY", path: "/admin/player/getProfiles", ...SUPPORT }, { input: searchInput }, async (c, v) =>
    c.json(await searchPlayers(c.var.deps.db, v, c.var.deps.clock.now())),
  );

  route(
    app,
    { method: "ANY", path: "/admin/player/setProfile", ...OPERATOR, mutates: true },
    { input: profileInput },
    async (c, v) => {
      const { db, clock } = c.var.deps;
      const result = await db.transaction(async (tx) => {
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
        await audit(c, tx, {
          action: "player.setProfile",
          targetType: "player",
          targetId: v.playerId,
          summary: diff(old, set),
          details: detailsOf(old, set),
        });
        return { ...before, ...set };
      });
      return c.json(await cardOf(db, result, clock.now()));
    },
  );

  route(
    app,
    { method: "ANY", path: "/admin/player/setPlayer", ...OPERATOR, mutates: true },
    { input: setPlayerInput },
    async (c, v, ctx) => {
      const { db, clock } = c.var.deps;
      const at = clock.now();
      const by = { adminId: ctx.actor.adminId, adminUsername: ctx.actor.username, at };
      if (v.action === "ban" && v.until! <= at) throw fieldError({ until: { id: "players.error.ban_in_past" } });
      await db.transaction(async (tx) => {
        const p = await playerOr404(tx, v.playerId);
        let summary: string;
        let details: AuditDetails;
        if (v.action === "ban") {
          await banPlayer(tx, { ...by, playerId: p.id, reason: v.reason!, until: v.until! });
          summary = `banned until ${new Date(v.until!).toISOString()}: ${v.reason}`;
          details = {
            changes: [
              { field: "bannedUntil", after: v.until },
              { field: "banReason", after: v.reason },
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
            .values({ playerId: p.id, note: v.reason!, adminId: by.adminId, markedAt: at })
            .onConflictDoUpdate({
              target: playerSuspects.playerId,
              set: { note: v.reason!, adminId: by.adminId, markedAt: at },
            });
          summary = `marked suspect: ${v.reason}`;
          details = { changes: [{ field: "suspectNote", after: v.reason }] };
        } else {
          const gone = await tx.delete(playerSuspects).where(eq(playerSuspects.playerId, p.id)).returning();
          if (gone.length === 0) throw new AppError("validation", "players.error.nothing_to_change", [], 400);
          summary = `suspect mark cleared (was: ${gone[0].note})`;
          details = { changes: [{ field: "suspectNote", before: gone[0].note, after: null }] };
        }
        await audit(c, tx, { action: `player.${v.action}`, targetType: "player", targetId: p.id, summary, details });
      });
      return c.json(await cardOf(db, await playerOr404(db, v.playerId), at));
    },
  );

  // Erasure of personal data on the player's behalf (the same rules as the player's own request).
  route(
    app,
    { method: "ANY", path: "/admin/player/remove", ...ADMIN, mutates: true },
    { input: playerInput },
    async (c, v) => {
      const { db, clock } = c.var.deps;
      const at = clock.now();
      await db.transaction(async (tx) => {
        const p = await playerOr404(tx, v.playerId);
        if (p.erasedAt) throw new AppError("conflict", "players.error.erased", [], 409);
        // erasePersonalData joins our transaction: the erasure and its audit row commit together.
        await erasePersonalData(tx, { playerId: p.id, at });
        await audit(c, tx, {
          action: "player.remove",
          targetType: "player",
          targetId: p.id,
          summary: `personal data erased (was ${p.nickname})`,
          details: { changes: [{ field: "nickname", before: p.nickname, after: null }] },
        });
      });
      return c.json(await cardOf(db, await playerOr404(db, v.playerId), at));
    },
  );

  // A progress reset: level, experience, rating and battle counts back to a new player's.
  // Balances, items, payments and the account stay.
  route(
    app,
    { method: "ANY", path: "/admin/player/resetProfile", ...OPERATOR, mutates: true },
    { input: playerInput },
    async (c, v) => {
      const { db, clock } = c.var.deps;
      const fresh = { level: 1, experience: 0, rating: 1000, battles: 0, wins: 0 };
      const after = await db.transaction(async (tx) => {
        const p = await playerOr404(tx, v.playerId);
        await tx.update(players).set(fresh).where(eq(players.id, p.id));
        const old = { level: p.level, experience: p.experience, rating: p.rating, battles: p.battles, wins: p.wins };
        await audit(c, tx, {
          action: "player.resetProfile",
          targetType: "player",
          targetId: p.id,
          summary: `progress reset: ${diff(old, fresh)}`,
          details: detailsOf(old, fresh),
        });
        return { ...p, ...fresh };
      });
      return c.json(await cardOf(db, after, clock.now()));
    },
  );

  route(app, { method: "ANY", path: "/admin/player/resetSuspectAll", ...OPERATOR, mutates: true }, {}, async (c) => {
    const cleared = await c.var.deps.db.transaction(async (tx) => {
      const gone = await tx.delete(playerSuspects).returning({ playerId: playerSuspects.playerId });
      await audit(c, tx, {
        action: "player.resetSuspectAll",
        targetType: "player",
        summary: `suspect marks cleared: ${gone.length}${gone.length ? ` (${gone.map((g) => g.playerId).join(", ")})` : ""}`,
        details: { changes: [{ field: "players", after: gone.map((g) => g.playerId).join(", ") || "—" }] },
      });
      return gone.length;
    });
    return c.json({ cleared });
  });

  // Everything we store about the player, for support (no password hash, no session tokens).
  route(
    app,
    { method: "POST", path: "/admin/player/server_data/get", ...SUPPORT },
    { input: playerInput },
    async (c, v) => {
      const { db, clock } = c.var.deps;
      const p = await playerOr404(db, v.playerId);
      const items = await db.select().from(playerItems).where(eq(playerItems.playerId, p.id));
      const bans = await db.select().from(banLog).where(eq(banLog.playerId, p.id)).orderBy(desc(banLog.id));
      const ledger = await db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.playerId, p.id))
        .orderBy(desc(ledgerEntries.id))
        .limit(100);
      const playerSessions = await db
        .select({
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          address: sessions.address,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(and(eq(sessions.kind, "player"), eq(sessions.subjectId, p.id)));
      const [{ n: orderCount }] = await db.select({ n: count() }).from(orders).where(eq(orders.playerId, p.id));
      return c.json({
        ...(await cardOf(db, p, clock.now())),
        items,
        banLog: bans,
        ledger,
        sessions: playerSessions,
        orders: orderCount,
      });
    },
  );

  // The game profile as the game reads it.
  route(
    app,
    { method: "POST", path: "/admin/player/profile_data/get", ...SUPPORT },
    { input: playerInput },
    async (c, v) => {
      const db = c.var.deps.db;
      const p = await playerOr404(db, v.playerId);
      const items = await db
        .select({ type: playerItems.itemType, id: playerItems.itemId, quantity: playerItems.quantity })
        .from(playerItems)
        .where(eq(playerItems.playerId, p.id));
      return c.json({
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
      });
    },
  );
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
  let region = v.region !== undefined ? v.region : country !== before.country ? null : before.region;
  let city = v.city !== undefined ? v.city : region !== before.region ? null : before.city;
  if (region !== null && !(await regionsOf(country)).some((r) => r.code === region))
    throw fieldError({ region: { id: "validation.pattern" } });
  if (city !== null) {
    if (region === null) throw fieldError({ region: { id: "validation.required" } });
    if (!(await citiesOf(country, region, city, 5000)).includes(city))
      throw fieldError({ city: { id: "validation.pattern" } });
  }
  region ??= null;
  city ??= null;
  const out: Partial<PlayerRow> = {};
  if (region !== before.region) out.region = region;
  if (city !== before.city) out.city = city;
  return out;
}
