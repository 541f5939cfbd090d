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
import { needsRehash, hashPassword } from "../../domain/password.ts";
import { checkPassword, attemptSucceeded } from "../../domain/throttle.ts";
import {
  findAdmin,
  createAdmin,
  rank,
  stepRole,
  setActive,
  changePassword,
  changeEmail,
  publicAdmin,
} from "../../domain/admins.ts";
import { actionsOf, adminLogPage, allAdmins } from "../../domain/admin-log.ts";
import { attentionCounters } from "./attention.ts";
import { outboxBacklog } from "../../../warehouse/shipper.ts";
import { todayFigures } from "./today.ts";
import type { AuditDetails, NamedAuditAction } from "../../domain/audit-details.ts";
import * as access from "../../contracts/admin/access.ts";

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

/** The operators' door and house rules, by path group. */
export function registerAccess(app: Hono<HonoEnv>) {
  registerSignIn(app);
  registerStartPage(app);
  registerAdmins(app);
  registerAdminActions(app);
  // The admin log: read-only through every route; filters and paging.
  page(app, access.logsPage, (_c, input, ctx) => adminLogPage({ ctx, input }));
  route(app, access.logs, (_c, input, ctx) => adminLogPage({ ctx, input }));
}

/** /admin/login and /admin/logout. */
function registerSignIn(app: Hono<HonoEnv>) {
  // GET is the sign-in screen; any other method signs in (its input read only then).
  route(app, access.login, async (c) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return c.var.admin ? c.redirect("/admin/") : shell(c);
    return login(c, await parseFields(c, access.loginFields));
  });

  // GET shows a confirmation (the shell's sign-out screen): a link or a prefetch must not sign
  // anyone out. Signing out is a POST with the session's CSRF token (the contract's `mutates`).
  page(app, access.logoutPage, (_c, _v, ctx) => ({
    admin: { username: ctx.actor.username, role: ctx.actor.role },
  }));
  route(app, access.logout, async (c, _v, ctx) => {
    await recordAdminSignOut({ ctx });
    await endSession(c, "admin");
    return (c.req.header("accept") ?? "").includes("application/json")
      ? { ok: true as const }
      : c.redirect("/admin/login", 303);
  });
}

/** /admin/ and /admin/index: the start page. */
function registerStartPage(app: Hono<HonoEnv>) {
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
}

/** /admin/admins/ and /admin/api/user/: the admin users, reading and creating. */
function registerAdmins(app: Hono<HonoEnv>) {
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
}

type Changed = { summary: string; details?: AuditDetails; admin: ReturnType<typeof publicAdmin> };
type Body = { username: string } & Record<string, unknown>;
const actorOf = (ctx: AdminCtx) => ({ adminId: ctx.actor.adminId, role: ctx.actor.role });
const roleStep = async (ctx: AdminCtx, tx: Tx, b: Body, step: 1 | -1): Promise<Changed> => {
  const r = await stepRole(tx, actorOf(ctx), b.username, step);
  return {
    admin: publicAdmin(r.admin),
    summary: `role ${r.before} → ${r.after}`,
    details: { changes: [{ field: "adminRole", before: r.before, after: r.after }] },
  };
};

/** The actions on another admin's account, each its own contract, with its admin log action. */
const ADMIN_ACTIONS: {
  contract:
    | typeof access.changePassword
    | typeof access.changeEmail
    | typeof access.activate
    | typeof access.deactivate
    | typeof access.promote
    | typeof access.denote;
  action: NamedAuditAction;
  act: (ctx: AdminCtx, tx: Tx, body: Body) => Promise<Changed>;
}[] = [
  {
    contract: access.changePassword,
    action: "admin.changePassword",
    act: async (ctx, tx, b) => ({
      admin: publicAdmin(await changePassword(tx, actorOf(ctx), b.username, String(b.password))),
      summary: "password changed; sessions ended",
    }),
  },
  {
    contract: access.changeEmail,
    action: "admin.changeEmail",
    act: async (ctx, tx, b) => {
      const r = await changeEmail(tx, actorOf(ctx), b.username, String(b.email));
      return {
        admin: publicAdmin(r.admin),
        summary: `email ${r.before} → ${r.admin.email}`,
        details: { changes: [{ field: "email", before: r.before, after: r.admin.email }] },
      };
    },
  },
  {
    contract: access.activate,
    action: "admin.activate",
    act: async (ctx, tx, b) => ({
      admin: publicAdmin(await setActive(tx, actorOf(ctx), b.username, true)),
      summary: "activated",
    }),
  },
  {
    contract: access.deactivate,
    action: "admin.deactivate",
    act: async (ctx, tx, b) => ({
      admin: publicAdmin(await setActive(tx, actorOf(ctx), b.username, false)),
      summary: "deactivated; sessions ended",
    }),
  },
  { contract: access.promote, action: "admin.promote", act: (ctx, tx, b) => roleStep(ctx, tx, b, 1) },
  { contract: access.denote, action: "admin.denote", act: (ctx, tx, b) => roleStep(ctx, tx, b, -1) },
];

/** /admin/api/user/<action>/:username: an action on another admin's account, one transaction with its admin log row. */
function registerAdminActions(app: Hono<HonoEnv>) {
  for (const { contract, action, act } of ADMIN_ACTIONS)
    route(app, contract, async (_c, body, ctx) => {
      const out = await transact(ctx, async (c) => {
        const r = await act(ctx, c.db, body as Body);
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
}
