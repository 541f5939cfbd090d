// The operators' door and house rules: sign-in/out, the start page, admin users and the log.
import { adminCtx } from "../../http/context.ts";
import type { Context, Hono } from "hono";
import type { z } from "zod";
import type { HonoEnv } from "../../http/env.ts";
import { route, page } from "../../http/router.ts";
import { parseFields } from "../../http/validate.ts";
import { AppError } from "../../domain/errors.ts";
import { audit } from "../../domain/audit.ts";
import { type AdminCtx, transact } from "../../domain/context.ts";
import type { Tx } from "../../db/index.ts";
import { recordAdminSignIn, recordAdminSignOut } from "../../domain/admin-accounts.ts";
import { startSession, endSession, clientAddress } from "../../http/session.ts";
import { shell } from "../../http/shell.ts";
import { needsRehash, hashPassword } from "../../identity/password.ts";
import { checkPassword, attemptSucceeded } from "../../identity/throttle.ts";
import {
  findAdmin,
  createAdmin,
  rank,
  stepRole,
  setActive,
  changePassword,
  changeEmail,
  publicAdmin,
} from "../../identity/admins.ts";
import { actionsOf, adminLogPage, allAdmins } from "../../domain/admin-log.ts";
import { attentionCounters } from "./attention.ts";
import { outboxBacklog } from "../../../warehouse/shipper.ts";
import { todayFigures } from "./today.ts";
import type { AuditDetails, NamedAuditAction } from "../../domain/audit-details.ts";
import * as access from "../../contracts/admin/access.ts";

/** The actions on another admin's account, each its own contract. */
const USER_ACTIONS = [
  access.changePassword,
  access.changeEmail,
  access.activate,
  access.deactivate,
  access.promote,
  access.denote,
] as const;

async function login(c: Context<HonoEnv>, body: z.output<typeof access.loginFields>) {
  const { db, clock } = c.var.deps;
  const now = clock.now();
  const keys = { account: body.username, address: clientAddress(c) };
  const { account: admin, attempt } = await checkPassword(db, keys, now, {
    find: () => findAdmin(db, body.username),
    password: body.password,
    refusal: () => new AppError("unauthorized", "identity.badCredentials", [], 401),
  });
  if (!admin.active) throw new AppError("forbidden", "identity.inactive");
  // An old-form hash (PBKDF2) is replaced by the current KDF's once we hold the password.
  const rehashed = needsRehash(admin.passwordHash) ? await hashPassword(body.password) : undefined;
  const result = await db.transaction(async (tx) => {
    await attemptSucceeded(tx, attempt);
    const s = await startSession(c, tx, "admin", admin.id);
    c.set("admin", {
      adminId: admin.id,
      username: admin.username,
      role: admin.role,
      csrfToken: s.csrfToken,
      tokenHash: "",
    });
    await recordAdminSignIn({ ctx: adminCtx(c, tx), input: { address: keys.address, passwordHash: rehashed } });
    return s;
  });
  return { admin: publicAdmin(admin), csrfToken: result.csrfToken };
}

export function registerAccess(app: Hono<HonoEnv>) {
  // GET is the sign-in screen; any other method signs in (its input read only then).
  route(app, access.login, async (c) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return c.var.admin ? c.redirect("/admin/") : shell(c);
    return login(c, await parseFields(c, access.loginFields));
  });

  // GET shows a confirmation (the shell's sign-out screen): a link or a prefetch must not sign
  // anyone out. Signing out is a POST with the session's CSRF token (the contract's `mutates`).
  page(app, access.logoutPage, (_c, _v, ctx) => ({ admin: { username: ctx.actor.username } }));
  route(app, access.logout, async (c, _v, ctx) => {
    await recordAdminSignOut({ ctx });
    await endSession(c, "admin");
    return (c.req.header("accept") ?? "").includes("application/json")
      ? { ok: true as const }
      : c.redirect("/admin/login", 303);
  });

  const startPage = async (c: Context<HonoEnv>, ctx: AdminCtx) => {
    const { db, clock } = c.var.deps;
    const now = clock.now();
    const attention = await Promise.all(
      attentionCounters.map(async (a) => ({ key: a.key, href: a.href, count: await a.count(db, now) })),
    );
    const a = ctx.actor;
    // The warehouse's state and the events waiting for it (the outbox), for operators to see an outage.
    const status = c.var.deps.warehouseStatus?.();
    const warehouse = status ? { ...status, backlog: await outboxBacklog(c.var.deps.client) } : null;
    return {
      admin: { id: a.adminId, username: a.username, role: a.role },
      attention,
      warehouse,
      today: await todayFigures(ctx, c.var.deps.warehouse, now),
    };
  };
  page(app, access.startPage, (c, _v, ctx) => startPage(c, ctx));
  page(app, access.startIndex, (c, _v, ctx) => startPage(c, ctx));

  // Admin users.
  const listAdmins = async (ctx: AdminCtx) => ({ admins: (await allAdmins(ctx)).map(publicAdmin) });
  page(app, access.adminsPage, (_c, _v, ctx) => listAdmins(ctx));
  route(app, access.info, async (_c, v, ctx) => {
    const a = await findAdmin(ctx.db, v.username);
    if (!a) throw new AppError("not_found");
    return { admin: publicAdmin(a), actions: await actionsOf(ctx, a.id) };
  });
  route(app, access.users, (_c, _v, ctx) => listAdmins(ctx));
  route(app, access.create, async (c, body, ctx) => {
    const actor = ctx.actor;
    if (rank(body.role) > rank(actor.role)) throw new AppError("forbidden", "identity.roleCeiling");
    const created = await transact(ctx, async (tx) => {
      const a = await createAdmin(tx.db, { ...body, at: ctx.clock.now() });
      await audit(tx, {
        action: "admin.create",
        targetType: "admin",
        targetId: a.username,
        summary: `created ${a.username} (${a.role}, ${a.email})`,
        details: {
          created: true,
          changes: [
            { field: "username", after: a.username },
            { field: "adminRole", after: a.role },
            { field: "email", after: a.email },
          ],
        },
      });
      return a;
    });
    c.status(201);
    return { admin: publicAdmin(created) };
  });

  route(app, access.user, async (_c, { username: name }, ctx) => {
    const a = await findAdmin(ctx.db, name);
    if (!a) throw new AppError("not_found");
    return { admin: publicAdmin(a) };
  });
  /** An action on another admin's account: one transaction with its admin log row. */
  const userAction = (
    contract: (typeof USER_ACTIONS)[number],
    act: (
      ctx: AdminCtx,
      tx: Tx,
      body: { username: string } & Record<string, unknown>,
    ) => Promise<{ summary: string; details?: AuditDetails; admin: ReturnType<typeof publicAdmin> }>,
    action: NamedAuditAction,
  ) =>
    route(app, contract, async (_c, body, ctx) => {
      const out = await transact(ctx, async (c) => {
        const r = await act(ctx, c.db, body as { username: string } & Record<string, unknown>);
        await audit(c, {
          action,
          targetType: "admin",
          targetId: r.admin.username,
          summary: r.summary,
          details: r.details ?? { changes: [] },
        });
        return r;
      });
      return { admin: out.admin };
    });
  const actor = (ctx: AdminCtx) => ({ adminId: ctx.actor.adminId, role: ctx.actor.role });
  userAction(
    access.changePassword,
    async (ctx, tx, b) => ({
      admin: publicAdmin(await changePassword(tx, actor(ctx), b.username, String(b.password))),
      summary: "password changed; sessions ended",
    }),
    "admin.changePassword",
  );
  userAction(
    access.changeEmail,
    async (ctx, tx, b) => {
      const r = await changeEmail(tx, actor(ctx), b.username, String(b.email));
      return {
        admin: publicAdmin(r.admin),
        summary: `email ${r.before} → ${r.admin.email}`,
        details: { changes: [{ field: "email", before: r.before, after: r.admin.email }] },
      };
    },
    "admin.changeEmail",
  );
  userAction(
    access.activate,
    async (ctx, tx, b) => ({
      admin: publicAdmin(await setActive(tx, actor(ctx), b.username, true)),
      summary: "activated",
    }),
    "admin.activate",
  );
  userAction(
    access.deactivate,
    async (ctx, tx, b) => ({
      admin: publicAdmin(await setActive(tx, actor(ctx), b.username, false)),
      summary: "deactivated; sessions ended",
    }),
    "admin.deactivate",
  );
  userAction(
    access.promote,
    async (ctx, tx, b) => {
      const r = await stepRole(tx, actor(ctx), b.username, 1);
      return {
        admin: publicAdmin(r.admin),
        summary: `role ${r.before} → ${r.after}`,
        details: { changes: [{ field: "adminRole", before: r.before, after: r.after }] },
      };
    },
    "admin.promote",
  );
  userAction(
    access.denote,
    async (ctx, tx, b) => {
      const r = await stepRole(tx, actor(ctx), b.username, -1);
      return {
        admin: publicAdmin(r.admin),
        summary: `role ${r.before} → ${r.after}`,
        details: { changes: [{ field: "adminRole", before: r.before, after: r.after }] },
      };
    },
    "admin.denote",
  );

  // The admin log: read-only through every route; filters and paging.
  page(app, access.logsPage, (_c, input, ctx) => adminLogPage({ ctx, input }));
  route(app, access.logs, (_c, input, ctx) => adminLogPage({ ctx, input }));
}
