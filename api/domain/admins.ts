// Admin accounts: creation, role steps on the ladder, activation, credentials — with the rules
// that keep the product governable (no self lock-out, always an active superadmin).
import { and, eq, ne, sql, count } from "drizzle-orm";
import { admins, ADMIN_ROLES, type AdminRole } from "../db/schema/access.ts";
import type { Db, DbOrTx } from "../db/index.ts";
import { AppError, fieldError } from "./errors.ts";
import { hashPassword } from "./password.ts";
import { endAllSessions } from "./sessions.ts";
import "./identity-messages.ts";

export const rank = (role: AdminRole) => ADMIN_ROLES.indexOf(role);

export type AdminRow = typeof admins.$inferSelect;
export const publicAdmin = (a: AdminRow) => ({
  id: a.id,
  username: a.username,
  email: a.email,
  role: a.role,
  active: a.active,
  createdAt: a.createdAt,
  lastLoginAt: a.lastLoginAt,
});

export async function findAdmin(db: DbOrTx, username: string): Promise<AdminRow | undefined> {
  const [a] = await db.select().from(admins).where(sql`lower(${admins.username}) = lower(${username})`).limit(1);
  return a;
}

export async function createAdmin(
  db: DbOrTx,
  input: { username: string; email: string; password: string; role: AdminRole; at: number },
): Promise<AdminRow> {
  if (await findAdmin(db, input.username)) throw fieldError({ username: { id: "validation.unique" } });
  const [row] = await db
    .insert(admins)
    .values({
      username: input.username,
      email: input.email,
      passwordHash: await hashPassword(input.password),
      role: input.role,
      active: true,
      createdAt: input.at,
    })
    .returning();
  return row;
}

async function activeSuperadmins(db: DbOrTx, except?: number): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(admins)
    .where(and(eq(admins.role, "superadmin"), eq(admins.active, true), except ? ne(admins.id, except) : undefined));
  return r.n;
}

export interface Actor {
  adminId: number;
  role: AdminRole;
}

/** Loads the target and checks the actor may act on it at all. */
async function target(db: DbOrTx, actor: Actor, username: string, allowSelf = false): Promise<AdminRow> {
  const a = await findAdmin(db, username);
  if (!a) throw new AppError("not_found");
  if (!allowSelf && a.id === actor.adminId) throw new AppError("forbidden", "identity.self");
  if (rank(a.role) > rank(actor.role)) throw new AppError("forbidden", "identity.outranks");
  return a;
}

/** Moves an admin one step up (promote) or down (denote) the role ladder. */
export async function stepRole(
  db: DbOrTx,
  actor: Actor,
  username: string,
  dir: 1 | -1,
): Promise<{ before: AdminRole; after: AdminRole; admin: AdminRow }> {
  const a = await target(db, actor, username);
  const next = rank(a.role) + dir;
  if (next >= ADMIN_ROLES.length) throw new AppError("conflict", "identity.topRole");
  if (next < 0) throw new AppError("conflict", "identity.bottomRole");
  const after = ADMIN_ROLES[next];
  if (rank(after) > rank(actor.role)) throw new AppError("forbidden", "identity.roleCeiling");
  if (a.role === "superadmin" && a.active && (await activeSuperadmins(db, a.id)) === 0)
    throw new AppError("conflict", "identity.lastSuperadmin");
  const [row] = await db
    .update(admins)
    .set({ role: after })
    .where(and(eq(admins.id, a.id), eq(admins.role, a.role)))
    .returning();
  if (!row) throw new AppError("conflict");
  return { before: a.role, after, admin: row };
}

export async function setActive(db: DbOrTx, actor: Actor, username: string, active: boolean): Promise<AdminRow> {
  const a = await target(db, actor, username);
  if (!active && a.role === "superadmin" && (await activeSuperadmins(db, a.id)) === 0)
    throw new AppError("conflict", "identity.lastSuperadmin");
  const [row] = await db.update(admins).set({ active }).where(eq(admins.id, a.id)).returning();
  // A deactivated admin's cookie must stop working at once, not at its expiry.
  if (!active) await endAllSessions(db, "admin", a.id);
  return row;
}

export async function changePassword(db: DbOrTx, actor: Actor, username: string, password: string): Promise<AdminRow> {
  const a = await target(db, actor, username, true);
  const [row] = await db
    .update(admins)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(admins.id, a.id))
    .returning();
  await endAllSessions(db, "admin", a.id);
  return row;
}

export async function changeEmail(
  db: DbOrTx,
  actor: Actor,
  username: string,
  email: string,
): Promise<{ before: string; admin: AdminRow }> {
  const a = await target(db, actor, username, true);
  const [row] = await db.update(admins).set({ email }).where(eq(admins.id, a.id)).returning();
  return { before: a.email, admin: row };
}

export async function countAdmins(db: Db): Promise<number> {
  const [r] = await db.select({ n: count() }).from(admins);
  return r.n;
}
