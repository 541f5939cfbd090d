// Clans: one clan per player, roles leader / officer / member, unique name and tag, a member
// limit, a gold price paid through the ledger, expiring join requests. Every change writes a
// clan_log row and an activity event in the same transaction.
import { and, asc, desc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/index.ts";
import { clans, clanMembers, clanRequests, clanLog, type ClanRole } from "../db/schema/clans.ts";
import { players } from "../db/schema/players.ts";
import { alias } from "drizzle-orm/sqlite-core";
import { blacklist } from "../db/schema/social.ts";
import { AppError, fieldError } from "./errors.ts";
import { applyLedger } from "./ledger.ts";
import { recordActivity } from "./players.ts";
import { preparedOnce } from "../db/prepared.ts";

/** The rules' figures, in one place. */
export const CLAN_RULES = {
  priceGold: 100,
  memberLimit: 30,
  requestTtlMs: 7 * 24 * 3600_000,
} as const;

/** A clan's name and tag as every form takes them (the player side's rules, for operators too). */
export { clanNameField, clanTagField } from "./clan-fields.ts";

export interface Membership {
  clanId: number;
  role: ClanRole;
}

export async function membershipOf(db: Db | Tx, playerId: number): Promise<Membership | null> {
  const [m] = await db
    .select({ clanId: clanMembers.clanId, role: clanMembers.role })
    .from(clanMembers)
    .where(eq(clanMembers.playerId, playerId))
    .limit(1);
  return m ?? null;
}

async function log(
  tx: Tx,
  clanId: number,
  actorId: number,
  action: string,
  at: number,
  targetId: number | null = null,
  details: Record<string, unknown> = {},
) {
  await tx
    .insert(clanLog)
    .values({ clanId, actorId, targetId, action, details: JSON.stringify(details), createdAt: at });
  await recordActivity(tx, actorId, `clan.${action}`, at);
}

async function memberCount(tx: Tx, clanId: number): Promise<number> {
  const [r] = await tx.select({ n: sql<number>`count(*)` }).from(clanMembers).where(eq(clanMembers.clanId, clanId));
  return Number(r.n);
}

export async function assertUnique(tx: Tx, name: string | undefined, tag: string | undefined, exceptId = 0) {
  const fields: Record<string, { id: string }> = {};
  if (name !== undefined) {
    const [hit] = await tx
      .select({ id: clans.id })
      .from(clans)
      .where(and(sql`lower(${clans.name}) = lower(${name})`, sql`${clans.id} <> ${exceptId}`))
      .limit(1);
    if (hit) fields.name = { id: "validation.unique" };
  }
  if (tag !== undefined) {
    const [hit] = await tx
      .select({ id: clans.id })
      .from(clans)
      .where(and(sql`upper(${clans.tag}) = upper(${tag})`, sql`${clans.id} <> ${exceptId}`))
      .limit(1);
    if (hit) fields.tag = { id: "validation.unique" };
  }
  if (Object.keys(fields).length) throw fieldError(fields);
}

export async function createClan(
  db: Db,
  input: { playerId: number; name: string; tag: string; description: string; requestId?: string; at: number },
) {
  return db.transaction(async (tx) => {
    if (await membershipOf(tx, input.playerId)) throw new AppError("conflict", "error.clan_already_member", [], 409);
    await assertUnique(tx, input.name, input.tag);
    const [clan] = await tx
      .insert(clans)
      .values({
        name: input.name,
        tag: input.tag.toUpperCase(),
        description: input.description,
        leaderId: input.playerId,
        createdAt: input.at,
      })
      .returning({ id: clans.id });
    await applyLedger(tx, {
      playerId: input.playerId,
      currency: "gold",
      delta: -CLAN_RULES.priceGold,
      reason: "clan.create",
      ref: `clan:${clan.id}`,
      at: input.at,
    });
    await tx
      .insert(clanMembers)
      .values({ playerId: input.playerId, clanId: clan.id, role: "leader", joinedAt: input.at });
    await tx.delete(clanRequests).where(eq(clanRequests.playerId, input.playerId));
    await log(tx, clan.id, input.playerId, "create", input.at, null, {
      name: input.name,
      tag: input.tag.toUpperCase(),
    });
    return { clanId: clan.id };
  });
}

async function requireRole(tx: Tx, playerId: number, roles: ClanRole[]): Promise<Membership> {
  const m = await membershipOf(tx, playerId);
  if (!m) throw new AppError("not_found", "error.not_found");
  if (!roles.includes(m.role)) throw new AppError("forbidden");
  return m;
}

/**
 * Edits the clan: leader and officers change the description; the leader changes name and tag,
 * sets a member's role, and hands leadership over (role "leader" for another member).
 */
export async function editClan(
  db: Db,
  input: {
    playerId: number;
    name?: string;
    tag?: string;
    description?: string;
    memberId?: number;
    role?: ClanRole;
    at: number;
  },
) {
  return db.transaction(async (tx) => {
    const me = await requireRole(tx, input.playerId, ["leader", "officer"]);
    const changes: Record<string, unknown> = {};
    if (input.name !== undefined || input.tag !== undefined || input.memberId !== undefined) {
      if (me.role !== "leader") throw new AppError("forbidden");
    }
    if (input.name !== undefined || input.tag !== undefined) await assertUnique(tx, input.name, input.tag, me.clanId);
    if (input.name !== undefined) changes.name = input.name;
    if (input.tag !== undefined) changes.tag = input.tag.toUpperCase();
    if (input.description !== undefined) changes.description = input.description;
    if (Object.keys(changes).length) {
      await tx.update(clans).set(changes).where(eq(clans.id, me.clanId));
      await log(tx, me.clanId, input.playerId, "edit", input.at, null, changes);
    }
    if (input.memberId !== undefined) {
      if (!input.role) throw fieldError({ role: { id: "validation.required" } });
      if (input.memberId === input.playerId) throw fieldError({ memberId: { id: "validation.notEqual" } });
      const [target] = await tx
        .select()
        .from(clanMembers)
        .where(and(eq(clanMembers.playerId, input.memberId), eq(clanMembers.clanId, me.clanId)))
        .limit(1);
      if (!target) throw new AppError("not_found");
      if (input.role === "leader") {
        await tx.update(clanMembers).set({ role: "officer" }).where(eq(clanMembers.playerId, input.playerId));
        await tx.update(clanMembers).set({ role: "leader" }).where(eq(clanMembers.playerId, input.memberId));
        await tx.update(clans).set({ leaderId: input.memberId }).where(eq(clans.id, me.clanId));
        await log(tx, me.clanId, input.playerId, "leader", input.at, input.memberId);
      } else {
        await tx.update(clanMembers).set({ role: input.role }).where(eq(clanMembers.playerId, input.memberId));
        await log(tx, me.clanId, input.playerId, "role", input.at, input.memberId, { role: input.role });
      }
    }
    return { clanId: me.clanId };
  });
}

export async function quitClan(db: Db, input: { playerId: number; at: number }) {
  return db.transaction(async (tx) => {
    const me = await requireRole(tx, input.playerId, ["leader", "officer", "member"]);
    if (me.role === "leader") {
      if ((await memberCount(tx, me.clanId)) > 1)
        throw new AppError("conflict", "error.clan_leader_must_hand_over", [], 409);
      await dissolve(tx, me.clanId, input.playerId, input.at);
      return { removed: true };
    }
    await tx.delete(clanMembers).where(eq(clanMembers.playerId, input.playerId));
    await log(tx, me.clanId, input.playerId, "quit", input.at, input.playerId);
    return { removed: false };
  });
}

async function dissolve(tx: Tx, clanId: number, actorId: number, at: number) {
  await tx.delete(clanRequests).where(eq(clanRequests.clanId, clanId));
  await tx.delete(clanMembers).where(eq(clanMembers.clanId, clanId));
  await tx.delete(clans).where(eq(clans.id, clanId));
  await log(tx, clanId, actorId, "remove", at);
}

export async function removeClan(db: Db, input: { playerId: number; at: number }) {
  return db.transaction(async (tx) => {
    const me = await requireRole(tx, input.playerId, ["leader"]);
    await dissolve(tx, me.clanId, input.playerId, input.at);
    return { clanId: me.clanId };
  });
}

export async function addRequest(db: Db, input: { playerId: number; clanId: number; message: string; at: number }) {
  return db.transaction(async (tx) => {
    if (await membershipOf(tx, input.playerId)) throw new AppError("conflict", "error.clan_already_member", [], 409);
    const [clan] = await tx
      .select({ id: clans.id, leaderId: clans.leaderId })
      .from(clans)
      .where(eq(clans.id, input.clanId))
      .limit(1);
    if (!clan) throw new AppError("not_found");
    const [blocked] = await tx
      .select({ p: blacklist.playerId })
      .from(blacklist)
      .where(and(eq(blacklist.playerId, clan.leaderId), eq(blacklist.blockedId, input.playerId)))
      .limit(1);
    if (blocked) throw new AppError("forbidden", "error.blacklisted", [], 403);
    if ((await memberCount(tx, clan.id)) >= CLAN_RULES.memberLimit)
      throw new AppError("conflict", "error.clan_full", [CLAN_RULES.memberLimit], 409);
    const [pending] = await tx
      .select()
      .from(clanRequests)
      .where(and(eq(clanRequests.clanId, clan.id), eq(clanRequests.playerId, input.playerId)))
      .limit(1);
    if (pending && pending.expiresAt > input.at) throw new AppError("conflict", "error.clan_request_pending", [], 409);
    if (pending) await tx.delete(clanRequests).where(eq(clanRequests.id, pending.id));
    const [req] = await tx
      .insert(clanRequests)
      .values({
        clanId: clan.id,
        playerId: input.playerId,
        message: input.message,
        createdAt: input.at,
        expiresAt: input.at + CLAN_RULES.requestTtlMs,
      })
      .returning({ id: clanRequests.id });
    await log(tx, clan.id, input.playerId, "request", input.at, input.playerId);
    return { requestId: req.id };
  });
}

async function ownRequest(tx: Tx, playerId: number, requestId: number) {
  const me = await requireRole(tx, playerId, ["leader", "officer"]);
  const [req] = await tx
    .select()
    .from(clanRequests)
    .where(and(eq(clanRequests.id, requestId), eq(clanRequests.clanId, me.clanId)))
    .limit(1);
  // Another clan's request is answered as missing: its existence is not this player's business.
  if (!req) throw new AppError("not_found");
  return { me, req };
}

export async function approveRequest(db: Db, input: { playerId: number; requestId: number; at: number }) {
  return db.transaction(async (tx) => {
    const { me, req } = await ownRequest(tx, input.playerId, input.requestId);
    if (req.expiresAt <= input.at) {
      await tx.delete(clanRequests).where(eq(clanRequests.id, req.id));
      throw new AppError("conflict", "error.clan_request_expired", [], 409);
    }
    if (await membershipOf(tx, req.playerId)) {
      await tx.delete(clanRequests).where(eq(clanRequests.id, req.id));
      throw new AppError("conflict", "error.clan_already_member", [], 409);
    }
    if ((await memberCount(tx, me.clanId)) >= CLAN_RULES.memberLimit)
      throw new AppError("conflict", "error.clan_full", [CLAN_RULES.memberLimit], 409);
    await tx
      .insert(clanMembers)
      .values({ playerId: req.playerId, clanId: me.clanId, role: "member", joinedAt: input.at });
    await tx.delete(clanRequests).where(eq(clanRequests.playerId, req.playerId));
    await log(tx, me.clanId, input.playerId, "approve", input.at, req.playerId);
    await recordActivity(tx, req.playerId, "clan.join", input.at);
    return { clanId: me.clanId, playerId: req.playerId };
  });
}

export async function rejectRequest(db: Db, input: { playerId: number; requestId: number; at: number }) {
  return db.transaction(async (tx) => {
    const { me, req } = await ownRequest(tx, input.playerId, input.requestId);
    await tx.delete(clanRequests).where(eq(clanRequests.id, req.id));
    await log(tx, me.clanId, input.playerId, "reject", input.at, req.playerId);
    return { requestId: req.id };
  });
}

export async function removeMember(db: Db, input: { playerId: number; memberId: number; at: number }) {
  return db.transaction(async (tx) => {
    const me = await requireRole(tx, input.playerId, ["leader", "officer"]);
    const [target] = await tx
      .select()
      .from(clanMembers)
      .where(and(eq(clanMembers.playerId, input.memberId), eq(clanMembers.clanId, me.clanId)))
      .limit(1);
    if (!target) throw new AppError("not_found");
    if (target.playerId === input.playerId) throw fieldError({ memberId: { id: "validation.notEqual" } });
    // Officers remove members only; the leader removes anyone but themself.
    if (me.role === "officer" && target.role !== "member") throw new AppError("forbidden");
    await tx.delete(clanMembers).where(eq(clanMembers.playerId, input.memberId));
    await log(tx, me.clanId, input.playerId, "kick", input.at, input.memberId);
    return { clanId: me.clanId };
  });
}

const clanColumns = {
  id: clans.id,
  name: clans.name,
  tag: clans.tag,
  description: clans.description,
  leaderId: clans.leaderId,
  rating: clans.rating,
  wins: clans.wins,
  experience: clans.experience,
  createdAt: clans.createdAt,
};

/** The player's clan with its members and (for leader and officers) live requests; or the player's own pending requests. */
const CLAN_LOG_SHOWN = 30;
const actor = alias(players, "actor");
const target = alias(players, "target");

/** The clan page's statements: the player's clan with their role, its members, requests and log. */
export const clanPageStatements = preparedOnce((db) => ({
  mine: db
    .select({ ...clanColumns, role: clanMembers.role })
    .from(clanMembers)
    .innerJoin(clans, eq(clans.id, clanMembers.clanId))
    .where(eq(clanMembers.playerId, sql.placeholder("playerId")))
    .prepare(),
  ownRequests: db
    .select({
      id: clanRequests.id,
      clanId: clanRequests.clanId,
      name: clans.name,
      tag: clans.tag,
      expiresAt: clanRequests.expiresAt,
    })
    .from(clanRequests)
    .innerJoin(clans, eq(clans.id, clanRequests.clanId))
    .where(
      and(eq(clanRequests.playerId, sql.placeholder("playerId")), gt(clanRequests.expiresAt, sql.placeholder("now"))),
    )
    .prepare(),
  members: db
    .select({
      playerId: clanMembers.playerId,
      role: clanMembers.role,
      joinedAt: clanMembers.joinedAt,
      nickname: players.nickname,
      level: players.level,
      rating: players.rating,
    })
    .from(clanMembers)
    .innerJoin(players, eq(players.id, clanMembers.playerId))
    .where(eq(clanMembers.clanId, sql.placeholder("clanId")))
    .orderBy(sql`case ${clanMembers.role} when 'leader' then 0 when 'officer' then 1 else 2 end`, asc(players.nickname))
    .prepare(),
  requests: db
    .select({
      id: clanRequests.id,
      playerId: clanRequests.playerId,
      nickname: players.nickname,
      level: players.level,
      message: clanRequests.message,
      createdAt: clanRequests.createdAt,
      expiresAt: clanRequests.expiresAt,
    })
    .from(clanRequests)
    .innerJoin(players, eq(players.id, clanRequests.playerId))
    .where(and(eq(clanRequests.clanId, sql.placeholder("clanId")), gt(clanRequests.expiresAt, sql.placeholder("now"))))
    .orderBy(asc(clanRequests.id))
    .prepare(),
  log: db
    .select({
      id: clanLog.id,
      action: clanLog.action,
      details: clanLog.details,
      createdAt: clanLog.createdAt,
      actor: actor.nickname,
      target: target.nickname,
    })
    .from(clanLog)
    .leftJoin(actor, eq(actor.id, clanLog.actorId))
    .leftJoin(target, eq(target.id, clanLog.targetId))
    .where(eq(clanLog.clanId, sql.placeholder("clanId")))
    .orderBy(desc(clanLog.id))
    .limit(CLAN_LOG_SHOWN)
    .prepare(),
}));

export async function myClan(db: Db, playerId: number, now: number) {
  const st = clanPageStatements(db);
  const mine = await st.mine.get({ playerId });
  if (!mine) {
    const requests = await st.ownRequests.all({ playerId, now });
    return { clan: null, role: null, members: [], requests, rules: CLAN_RULES };
  }
  const { role, ...clan } = mine;
  const at = { clanId: clan.id, now };
  const members = await st.members.all(at);
  const requests = role === "member" ? [] : await st.requests.all(at);
  const log = (await st.log.all(at)).map((r) => ({ ...r, details: JSON.parse(r.details) as Record<string, unknown> }));
  return { clan, role, members, requests, log, rules: CLAN_RULES };
}

/** Clans whose name or tag contains the text, with their member counts, paged. */
export async function searchClans(db: Db, q: { name?: string; page: number; size: number }) {
  const pattern = q.name ? `%${q.name.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
  const where = pattern
    ? sql`(lower(${clans.name}) like ${pattern} escape '\\' or lower(${clans.tag}) like ${pattern} escape '\\')`
    : undefined;
  const rows = await db
    .select({
      ...clanColumns,
      members: sql<number>`(select count(*) from clan_members m where m.clan_id = ${clans.id})`,
    })
    .from(clans)
    .where(where)
    .orderBy(desc(clans.rating), asc(clans.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const [total] = await db.select({ n: sql<number>`count(*)` }).from(clans).where(where);
  return {
    rows: rows.map((r) => ({ ...r, members: Number(r.members) })),
    total: Number(total.n),
    page: q.page,
    size: q.size,
  };
}

/** One clan by id, exact name or exact tag, with its members. */
export async function findClan(db: Db, q: { id?: number; name?: string }) {
  const where =
    q.id !== undefined
      ? eq(clans.id, q.id)
      : sql`lower(${clans.name}) = lower(${q.name}) or upper(${clans.tag}) = upper(${q.name})`;
  const [clan] = await db.select(clanColumns).from(clans).where(where).limit(1);
  if (!clan) throw new AppError("not_found");
  const members = await db
    .select({
      playerId: clanMembers.playerId,
      role: clanMembers.role,
      nickname: players.nickname,
      level: players.level,
      rating: players.rating,
    })
    .from(clanMembers)
    .innerJoin(players, eq(players.id, clanMembers.playerId))
    .where(eq(clanMembers.clanId, clan.id))
    .orderBy(asc(players.nickname));
  return { clan, members };
}

/** Drops expired requests (run by the shipper's timer or on demand); returns how many. */
export async function pruneExpiredRequests(db: Db, now: number): Promise<number> {
  const gone = await db.delete(clanRequests).where(lte(clanRequests.expiresAt, now)).returning({ id: clanRequests.id });
  return gone.length;
}

const DEMO_CLANS = [
  ["Iron Wolves", "WOLF"],
  ["Steel Rain", "RAIN"],
  ["Night Owls", "OWL"],
  ["Red Thunder", "RED"],
  ["Panzer Guard", "PZG"],
  ["Black Legion", "BLK"],
  ["Storm Riders", "STRM"],
  ["Tundra Bears", "BEAR"],
] as const;

/** Demo world: clans led by early players, with members, officers and some pending requests. Runs once. */
export const clansStep = async ({
  db,
  r,
  playerIds,
  opts,
}: {
  db: Db;
  r: { next(): number };
  playerIds: number[];
  opts: { now: number };
}) => {
  const [existing] = await db.select({ n: sql<number>`count(*)` }).from(clans);
  if (Number(existing.n) > 0) return;
  const count = Math.min(DEMO_CLANS.length, Math.floor(playerIds.length / 10));
  for (let i = 0; i < count; i++) {
    const group = playerIds.slice(i * 10, i * 10 + 10);
    const [leader, ...rest] = group;
    // After every member registered (a clan's history starts no earlier than its players').
    const regs = await db.select({ createdAt: players.createdAt }).from(players).where(inArray(players.id, group));
    const latestReg = Math.max(...regs.map((x) => x.createdAt));
    const at = latestReg + 3_600_000 + Math.floor(r.next() * Math.max(0, opts.now - latestReg - 3 * 86_400_000));
    await db.transaction((tx) =>
      applyLedger(tx, {
        playerId: leader,
        currency: "gold",
        delta: CLAN_RULES.priceGold,
        reason: "demo.clan_funds",
        at,
      }),
    );
    const { clanId } = await createClan(db, {
      playerId: leader,
      name: DEMO_CLANS[i][0],
      tag: DEMO_CLANS[i][1],
      description: "",
      at,
    });
    for (const [k, p] of rest.entries()) {
      const { requestId } = await addRequest(db, { playerId: p, clanId, message: "", at: at + (k + 1) * 3_600_000 });
      if (k >= rest.length - 2) continue; // the last two stay pending
      await approveRequest(db, { playerId: leader, requestId, at: at + (k + 1) * 3_600_000 + 60_000 });
      if (k === 0) await editClan(db, { playerId: leader, memberId: p, role: "officer", at: at + 2 * 86_400_000 });
    }
    await db
      .update(clans)
      .set({
        rating: Math.floor(1000 + r.next() * 2000),
        wins: Math.floor(r.next() * 500),
        experience: Math.floor(r.next() * 100_000),
      })
      .where(eq(clans.id, clanId));
  }
};

// Operators' changes (api/admin/clans.ts), in the caller's transaction beside its audit row. Each
// leaves a clan log row with actor 0 (no player acted) and the operator named in its details.

export interface Operator {
  adminId: number;
  username: string;
}

async function logOperator(
  tx: Tx,
  clanId: number,
  op: Operator,
  action: string,
  targetId: number | null,
  details: Record<string, unknown>,
  at: number,
) {
  await tx.insert(clanLog).values({
    clanId,
    actorId: 0,
    targetId,
    action: `admin.${action}`,
    details: JSON.stringify({ ...details, admin: op.username, adminId: op.adminId }),
    createdAt: at,
  });
}

async function memberOf(tx: Tx, clanId: number, playerId: number) {
  const [m] = await tx
    .select()
    .from(clanMembers)
    .where(and(eq(clanMembers.playerId, playerId), eq(clanMembers.clanId, clanId)))
    .limit(1);
  if (!m) throw fieldError({ playerId: { id: "clansAdmin.notMember" } });
  return m;
}

/** Hands leadership to a member; the old leader becomes an officer. */
async function makeLeader(tx: Tx, clanId: number, oldLeaderId: number, newLeaderId: number) {
  await tx
    .update(clanMembers)
    .set({ role: "officer" })
    .where(and(eq(clanMembers.playerId, oldLeaderId), eq(clanMembers.clanId, clanId)));
  await tx.update(clanMembers).set({ role: "leader" }).where(eq(clanMembers.playerId, newLeaderId));
  await tx.update(clans).set({ leaderId: newLeaderId }).where(eq(clans.id, clanId));
}

/** An operator edits name, tag (upper-cased), description or the leader (a member); answers what changed, for the audit row. */
export async function operatorEditClan(
  tx: Tx,
  before: { id: number; name: string; tag: string; description: string; leaderId: number },
  v: { name?: string; tag?: string; description?: string; leaderId?: number },
  op: Operator,
  at: number,
): Promise<string[]> {
  const changes: Record<string, string> = {};
  if (v.name !== undefined && v.name !== before.name) changes.name = v.name;
  if (v.tag !== undefined && v.tag.toUpperCase() !== before.tag) changes.tag = v.tag.toUpperCase();
  if (v.description !== undefined && v.description !== before.description) changes.description = v.description;
  await assertUnique(tx, changes.name, changes.tag, before.id);
  const said: string[] = Object.entries(changes).map(
    ([k, val]) => `${k} "${(before as Record<string, unknown>)[k]}" → "${val}"`,
  );
  if (Object.keys(changes).length) {
    await tx.update(clans).set(changes).where(eq(clans.id, before.id));
    await logOperator(tx, before.id, op, "edit", null, changes, at);
  }
  if (v.leaderId !== undefined && v.leaderId !== before.leaderId) {
    await memberOf(tx, before.id, v.leaderId);
    await makeLeader(tx, before.id, before.leaderId, v.leaderId);
    await logOperator(tx, before.id, op, "leader", v.leaderId, { from: before.leaderId }, at);
    said.push(`leader #${before.leaderId} → #${v.leaderId}`);
  }
  return said;
}

/** An operator dissolves a clan: its requests, members and the clan go. */
export async function operatorRemoveClan(
  tx: Tx,
  clan: { id: number; name: string; tag: string; members: number },
  op: Operator,
  at: number,
) {
  await tx.delete(clanRequests).where(eq(clanRequests.clanId, clan.id));
  await tx.delete(clanMembers).where(eq(clanMembers.clanId, clan.id));
  await tx.delete(clans).where(eq(clans.id, clan.id));
  await logOperator(tx, clan.id, op, "remove", null, { name: clan.name, tag: clan.tag, members: clan.members }, at);
}

/** An operator sets a member's role (leader hands leadership over; the leader's own role is not changed this way); answers the role before. */
export async function operatorSetRole(
  tx: Tx,
  clan: { id: number; leaderId: number },
  playerId: number,
  role: ClanRole,
  op: Operator,
  at: number,
): Promise<ClanRole> {
  const m = await memberOf(tx, clan.id, playerId);
  if (m.role === role) return m.role;
  if (m.role === "leader") throw fieldError({ role: { id: "clansAdmin.leaderRole" } });
  if (role === "leader") await makeLeader(tx, clan.id, clan.leaderId, playerId);
  else await tx.update(clanMembers).set({ role }).where(eq(clanMembers.playerId, playerId));
  await logOperator(tx, clan.id, op, role === "leader" ? "leader" : "role", playerId, { from: m.role, role }, at);
  return m.role;
}

/** An operator removes a member (not the leader); answers the member's role. */
export async function operatorRemoveMember(
  tx: Tx,
  clanId: number,
  playerId: number,
  op: Operator,
  at: number,
): Promise<ClanRole> {
  const m = await memberOf(tx, clanId, playerId);
  if (m.role === "leader") throw fieldError({ playerId: { id: "clansAdmin.removeLeader" } });
  await tx.delete(clanMembers).where(eq(clanMembers.playerId, playerId));
  await logOperator(tx, clanId, op, "kick", playerId, { role: m.role }, at);
  return m.role;
}
