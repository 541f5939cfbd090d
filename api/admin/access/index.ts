// The operators' door and house rules: sign-in/out, the start page, admin users and the log.
import { adminCtx } from "../../http/context.ts";
import type { Context, Hono } from "hono";
import { z } from "zod";
import { and, desc, eq, gte, lte, like, count, sql } from "drizzle-orm";
import type { HonoEnv } from "../../http/env.ts";
import { route, page, assertCsrf } from "../../http/router.ts";
import { parseFields } from "../../http/validate.ts";
import * as f from "../../domain/fields.ts";
import { AppError, fieldError } from "../../domain/errors.ts";
import { audit } from "../../http/audit.ts";
import { startSession, endSession, clientAddress } from "../../http/session.ts";
import { shell } from "../../http/shell.ts";
import { admins, adminLog, ADMIN_ROLES } from "../../db/schema/access.ts";
import { needsRehash, hashPassword, PASSWORD_MIN, PASSWORD_MAX } from "../../identity/password.ts";
import { checkPassword, attemptSucceeded } from "../../identity/throttle.ts";
import {
  findAdmin,
  createAdmin,
  stepRole,
  setActive,
  changePassword,
  changeEmail,
  publicAdmin,
} from "../../identity/admins.ts";
import { attentionCounters } from "./attention.ts";
import { outboxBacklog } from "../../../warehouse/shipper.ts";
import { todayFigures } from "./today.ts";
import type { AuditDetails, NamedAuditAction } from "../../domain/audit-details.ts";

const username = () =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string()
      .min(3)
      .max(32)
      .regex(/^[A-Za-z0-9_.-]+$/),
  );
const password = () => z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);
// The path names the admin; Hono has decoded it once (decoding again would turn `a%2541` into `aA`).
const userParam = z.object({ username: z.string().min(1).max(64) });

const loginIn = z.object({ username: f.text(1, 64), password: z.string().min(1).max(PASSWORD_MAX) });

async function login(c: Context<HonoEnv>, body: z.output<typeof loginIn>) {
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
    await tx
      .update(admins)
      .set({ lastLoginAt: now, ...(rehashed ? { passwordHash: rehashed } : {}) })
      .where(eq(admins.id, admin.id));
    const s = await startSession(c, tx, "admin", admin.id);
    c.set("admin", {
      adminId: admin.id,
      username: admin.username,
      role: admin.role,
      csrfToken: s.csrfToken,
      tokenHash: "",
    });
    await audit(c, tx, {
      action: "admin.login",
      targetType: "admin",
      targetId: admin.id,
      summary: `signed in from ${keys.address ?? "unknown address"}`,
      details: { changes: [] },
    });
    return s;
  });
  return c.json({ admin: publicAdmin(admin), csrfToken: result.csrfToken });
}

export function registerAccess(app: Hono<HonoEnv>) {
  // GET is the sign-in screen; any other method signs in (its input read only then).
  route(app, { method: "ANY", path: "/admin/login", auth: "none", kind: "page" }, {}, async (c) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return c.var.admin ? c.redirect("/admin/") : shell(c);
    return login(c, await parseFields(c, loginIn));
  });

  // GET shows a confirmation (the shell's sign-out screen): a link or a prefetch must not sign
  // anyone out. Signing out is a POST with the session's CSRF token.
  route(app, { method: "ANY", path: "/admin/logout", auth: "admin", kind: "page" }, {}, async (c, _v, ctx) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") {
      return (c.req.header("accept") ?? "").includes("application/json")
        ? c.json({ admin: { username: ctx.actor.username } })
        : shell(c);
    }
    assertCsrf(c, "admin");
    await c.var.deps.db.transaction((tx) =>
      audit(c, tx, {
        action: "admin.logout",
        targetType: "admin",
        targetId: ctx.actor.adminId,
        summary: "signed out",
        details: { changes: [] },
      }),
    );
    await endSession(c, "admin");
    return (c.req.header("accept") ?? "").includes("application/json")
      ? c.json({ ok: true })
      : c.redirect("/admin/login", 303);
  });

  const startPage = async (c: Context<HonoEnv>) => {
    const { db, clock } = c.var.deps;
    const now = clock.now();
    const attention = await Promise.all(
      attentionCounters.map(async (a) => ({ key: a.key, href: a.href, title: a.title, count: await a.count(db, now) })),
    );
    const a = adminCtx(c).actor;
    // The warehouse's state and the events waiting for it (the outbox), for operators to see an outage.
    const status = c.var.deps.warehouseStatus?.();
    const warehouse = status ? { ...status, backlog: await outboxBacklog(c.var.deps.client) } : null;
    return c.json({
      admin: { id: a.adminId, username: a.username, role: a.role },
      attention,
      warehouse,
      today: await todayFigures(db, c.var.deps.warehouse, now),
    });
  };
  page(app, { path: "/admin/", auth: "admin" }, startPage);
  page(app, { path: "/admin/index", auth: "admin" }, startPage);

  // Admin users.
  const listAdmins = async (c: Context<HonoEnv>) =>
    c.json({ admins: (await c.var.deps.db.select().from(admins).orderBy(admins.username)).map(publicAdmin) });
  page(app, { path: "/admin/admins/", auth: "admin", role: "admin", method: "GET" }, listAdmins);
  route(
    app,
    { method: "POST", path: "/admin/admins/admin/info", auth: "admin", role: "admin" },
    { input: z.object({ username: username() }) },
    async (c, v) => {
      const a = await findAdmin(c.var.deps.db, v.username);
      if (!a) throw new AppError("not_found");
      const [{ n }] = await c.var.deps.db.select({ n: count() }).from(adminLog).where(eq(adminLog.adminId, a.id));
      return c.json({ admin: publicAdmin(a), actions: n });
    },
  );
  route(app, { method: "GET", path: "/admin/api/user/", auth: "admin", role: "admin" }, {}, listAdmins);
  route(
    app,
    { method: "POST", path: "/admin/api/user/create", auth: "admin", role: "admin", mutates: true },
    {
      input: z.object({
        username: username(),
        email: f.email(),
        password: password(),
        role: z.enum(ADMIN_ROLES).default("support"),
      }),
    },
    async (c, body, ctx) => {
      const actor = ctx.actor;
      if (ADMIN_ROLES.indexOf(body.role) > ADMIN_ROLES.indexOf(actor.role))
        throw new AppError("forbidden", "identity.roleCeiling");
      const created = await c.var.deps.db.transaction(async (tx) => {
        const a = await createAdmin(tx, { ...body, at: c.var.deps.clock.now() });
        await audit(c, tx, {
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
      return c.json({ admin: publicAdmin(created) }, 201);
    },
  );

  route(
    app,
    { method: "GET", path: "/admin/api/user/:username{[^/]+}", auth: "admin", role: "admin" },
    { params: userParam },
    async (c, { username: name }) => {
      const a = await findAdmin(c.var.deps.db, name);
      if (!a) throw new AppError("not_found");
      return c.json({ admin: publicAdmin(a) });
    },
  );
  type Tx = Parameters<Parameters<HonoEnv["Variables"]["deps"]["db"]["transaction"]>[0]>[0];
  const userAction = <S extends z.ZodType>(
    path: string,
    schema: S,
    act: (
      c: Context<HonoEnv>,
      tx: Tx,
      body: z.output<S> & { username: string },
    ) => Promise<{ summary: string; details?: AuditDetails; admin: ReturnType<typeof publicAdmin> }>,
    action: NamedAuditAction,
  ) =>
    route(
      app,
      { method: "POST", path: `/admin/api/user/${path}/:username{[^/]+}`, auth: "admin", role: "admin", mutates: true },
      { input: schema, params: userParam },
      async (c, body) => {
        const out = await c.var.deps.db.transaction(async (tx) => {
          const r = await act(c, tx, body);
          await audit(c, tx, {
            action,
            targetType: "admin",
            targetId: r.admin.username,
            summary: r.summary,
            details: r.details ?? { changes: [] },
          });
          return r;
        });
        return c.json({ admin: out.admin });
      },
    );
  const actor = (c: Context<HonoEnv>) => {
    const { adminId, role } = adminCtx(c).actor;
    return { adminId, role };
  };
  userAction(
    "change-password",
    z.object({ password: password() }),
    async (c, tx, b) => ({
      admin: publicAdmin(await changePassword(tx, actor(c), b.username, b.password)),
      summary: "password changed; sessions ended",
    }),
    "admin.changePassword",
  );
  userAction(
    "change-email",
    z.object({ email: f.email() }),
    async (c, tx, b) => {
      const r = await changeEmail(tx, actor(c), b.username, b.email);
      return {
        admin: publicAdmin(r.admin),
        summary: `email ${r.before} → ${r.admin.email}`,
        details: { changes: [{ field: "email", before: r.before, after: r.admin.email }] },
      };
    },
    "admin.changeEmail",
  );
  userAction(
    "activate",
    z.object({}),
    async (c, tx, b) => ({ admin: publicAdmin(await setActive(tx, actor(c), b.username, true)), summary: "activated" }),
    "admin.activate",
  );
  userAction(
    "deactivate",
    z.object({}),
    async (c, tx, b) => ({
      admin: publicAdmin(await setActive(tx, actor(c), b.username, false)),
      summary: "deactivated; sessions ended",
    }),
    "admin.deactivate",
  );
  userAction(
    "promote",
    z.object({}),
    async (c, tx, b) => {
      const r = await stepRole(tx, actor(c), b.username, 1);
      return {
        admin: publicAdmin(r.admin),
        summary: `role ${r.before} → ${r.after}`,
        details: { changes: [{ field: "adminRole", before: r.before, after: r.after }] },
      };
    },
    "admin.promote",
  );
  userAction(
    "denote",
    z.object({}),
    async (c, tx, b) => {
      const r = await stepRole(tx, actor(c), b.username, -1);
      return {
        admin: publicAdmin(r.admin),
        summary: `role ${r.before} → ${r.after}`,
        details: { changes: [{ field: "adminRole", before: r.before, after: r.after }] },
      };
    },
    "admin.denote",
  );

  // The admin log: read-only through every route; filters and paging.
  const logQuery = z.object({
    admin: f.optionalText(64),
    action: f.optionalText(128),
    target: f.optionalText(128),
    from: f.optional(f.dateTime()),
    to: f.optional(f.dateTime()),
    page: f.optional(f.int(1, 100_000)),
    pageSize: f.optional(f.int(1, 200)),
  });
  const logs = async (c: Context<HonoEnv>, q: z.output<typeof logQuery>) => {
    if (q.from !== undefined && q.to !== undefined && q.from > q.to)
      throw fieldError({ to: { id: "identity.periodOrder" } });
    const where = and(
      q.admin ? sql`lower(${adminLog.adminUsername}) = lower(${q.admin})` : undefined,
      q.action ? like(adminLog.action, `${q.action.replace(/[%_]/g, "")}%`) : undefined,
      q.target
        ? sql`(${adminLog.targetId} = ${q.target} OR ${adminLog.targetType} || ':' || ${adminLog.targetId} = ${q.target})`
        : undefined,
      q.from ? gte(adminLog.createdAt, q.from) : undefined,
      q.to ? lte(adminLog.createdAt, q.to) : undefined,
    );
    const pageSize = q.pageSize ?? 50;
    const pageNo = q.page ?? 1;
    const db = c.var.deps.db;
    const [rows, [{ n }]] = await Promise.all([
      db
        .select()
        .from(adminLog)
        .where(where)
        .orderBy(desc(adminLog.id))
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize),
      db.select({ n: count() }).from(adminLog).where(where),
    ]);
    return c.json({
      rows: rows.map((r) => ({ ...r, details: r.details ? (JSON.parse(r.details) as AuditDetails) : null })),
      total: n,
      page: pageNo,
      pageSize,
    });
  };
  page(app, { path: "/admin/adminLog/", auth: "admin", role: "admin" }, { input: logQuery }, logs);
  route(
    app,
    { method: "ANY", path: "/admin/adminLog/get/logs", auth: "admin", role: "admin" },
    { input: logQuery },
    logs,
  );
}
