// The operators' door and house rules: sign-in/out, the start page, admin users and the admin log.
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { ADMIN_ROLES } from "../../db/schema/access.ts";
import { contract } from "../contract.ts";

const A = { auth: "admin", role: "admin" } as const;
const username = () =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string()
      .min(3)
      .max(32)
      .regex(/^[A-Za-z0-9_.-]+$/),
  );
// The path names the admin; Hono has decoded it once (decoding again would turn `a%2541` into `aA`).
const userParam = z.object({ username: z.string().min(1).max(64) });

/** An operator's account as the screens show it (never its password). */
export const admin = z.object({
  id: z.int(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ADMIN_ROLES),
  active: z.boolean(),
  createdAt: z.int(),
  lastLoginAt: z.int().nullable(),
});
const one = z.object({ admin });

/** GET is the sign-in screen; any other method signs in (its fields read then). */
export const login = contract({
  method: "ANY",
  path: "/admin/login",
  auth: "none",
  kind: "page",
  output: z.object({ admin, csrfToken: z.string() }),
  answers: ["html", "redirect"],
});
export const loginFields = z.object({ username: f.text(1, 64), password: z.string().min(1).max(f.PASSWORD_MAX) });

/**
 * GET asks: the shell's sign-out screen to a browser, who is signed in as JSON (a link or a
 * prefetch signs nobody out). The shell's top bar reads it on every back-office page (name and
 * role): a read of the session alone, not the start page's figures.
 */
export const logoutPage = contract({
  method: "GET",
  path: "/admin/logout",
  auth: "admin",
  kind: "page",
  output: z.object({ admin: z.object({ username: z.string(), role: z.enum(ADMIN_ROLES) }) }),
});
/** Signs out: a POST with the session's CSRF token; a plain form is sent on to the sign-in screen. */
export const logout = contract({
  method: "POST",
  path: "/admin/logout",
  auth: "admin",
  mutates: true,
  output: z.object({ ok: z.literal(true) }),
  answers: ["redirect"],
});

const series = z.object({ today: z.int(), days: z.array(z.int()) });
const start = z.object({
  admin: z.object({ id: z.int(), username: z.string(), role: z.enum(ADMIN_ROLES) }),
  /** What needs an operator: each queue's count and the screen it links to (its words are the screen's). */
  attention: z.array(z.object({ key: z.string(), href: z.string(), count: z.int() })),
  warehouse: z
    .object({
      state: z.enum(["starting", "ready", "unavailable"]),
      kind: z.string(),
      since: z.int(),
      error: z.string().optional(),
      backlog: z.int(),
    })
    .nullable(),
  today: z.object({
    since: z.int(),
    online: z.int(),
    registrations: series,
    payments: z
      .object({ today: z.int(), days: z.array(z.int()), revenueUsdCents: z.int(), revenueDays: z.array(z.int()) })
      .nullable(),
    dau: series.nullable(),
    battles: z.object({ running: z.int(), days: z.array(z.int()) }),
  }),
});
export const startPage = contract({ method: "ANY", path: "/admin/", auth: "admin", kind: "page", output: start });
export const startIndex = contract({ method: "ANY", path: "/admin/index", auth: "admin", kind: "page", output: start });

const list = z.object({ admins: z.array(admin) });
export const adminsPage = contract({ method: "GET", path: "/admin/admins/", ...A, kind: "page", output: list });
export const info = contract({
  method: "POST",
  path: "/admin/admins/admin/info",
  ...A,
  input: z.object({ username: username() }),
  output: z.object({ admin, actions: z.int() }),
});
export const users = contract({ method: "GET", path: "/admin/api/user/", ...A, output: list });
export const create = contract({
  method: "POST",
  path: "/admin/api/user/create",
  ...A,
  mutates: true,
  input: z.object({
    username: username(),
    email: f.email(),
    password: f.password(),
    role: z.enum(ADMIN_ROLES).default("support"),
  }),
  output: one,
});
export const user = contract({
  method: "GET",
  path: "/admin/api/user/:username{[^/]+}",
  ...A,
  params: userParam,
  output: one,
});

/** An action on another admin's account (its path names them). */
const userAction = <P extends string, S extends z.ZodType>(action: P, input: S) =>
  contract({
    method: "POST",
    path: `/admin/api/user/${action}/:username{[^/]+}`,
    ...A,
    mutates: true,
    input,
    params: userParam,
    output: one,
  });
export const changePassword = userAction("change-password", z.object({ password: f.password() }));
export const changeEmail = userAction("change-email", z.object({ email: f.email() }));
export const activate = userAction("activate", z.object({}));
export const deactivate = userAction("deactivate", z.object({}));
export const promote = userAction("promote", z.object({}));
export const denote = userAction("denote", z.object({}));

const logQuery = z.object({
  admin: f.optionalText(64),
  action: f.optionalText(128),
  target: f.optionalText(128),
  from: f.optional(f.dateTime()),
  to: f.optional(f.dateTime()),
  page: f.optional(f.int(1, 100_000)),
  pageSize: f.optional(f.int(1, 200)),
});
const change = z.object({ field: z.string(), before: z.unknown().optional(), after: z.unknown().optional() });
const logPage = z.object({
  rows: z.array(
    z.object({
      id: z.int(),
      adminId: z.int(),
      adminUsername: z.string(),
      action: z.string(),
      targetType: z.string().nullable(),
      targetId: z.string().nullable(),
      summary: z.string(),
      details: z
        .object({ changes: z.array(change), created: z.boolean().optional(), scope: z.string().optional() })
        .nullable(),
      method: z.string(),
      path: z.string(),
      address: z.string().nullable(),
      createdAt: z.int(),
    }),
  ),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
/** The admin log: read-only through every route; filters and paging. */
export const logsPage = contract({
  method: "ANY",
  path: "/admin/adminLog/",
  ...A,
  kind: "page",
  input: logQuery,
  output: logPage,
});
export const logs = contract({
  method: "ANY",
  path: "/admin/adminLog/get/logs",
  ...A,
  input: logQuery,
  output: logPage,
});
