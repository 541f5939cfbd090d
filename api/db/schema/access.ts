import { sqliteTable, integer, text, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";

export const ADMIN_ROLES = ["support", "operator", "admin", "superadmin"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const admins = sqliteTable(
  "admins",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    username: text("username").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ADMIN_ROLES }).notNull(),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at").notNull(),
    lastLoginAt: integer("last_login_at"),
  },
  (t) => [uniqueIndex("admins_username").on(sql`lower(${t.username})`)],
);

/** Player and admin sessions. Only the SHA-256 of the cookie token is stored. */
export const sessions = sqliteTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    kind: text("kind", { enum: ["player", "admin"] }).notNull(),
    subjectId: integer("subject_id").notNull(),
    csrfToken: text("csrf_token").notNull(),
    locale: text("locale"),
    createdAt: integer("created_at").notNull(),
    lastSeenAt: integer("last_seen_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    address: text("address"),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_subject").on(t.kind, t.subjectId)],
);

/** Every state-changing admin request; insert-only (no route updates or deletes it). */
export const adminLog = sqliteTable(
  "admin_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    adminId: integer("admin_id").notNull(),
    adminUsername: text("admin_username").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    summary: text("summary").notNull(),
    /** The change as data (JSON AuditDetails of api/http/audit.ts), so the log reads in the viewer's language; null on rows that carry only the summary. */
    details: text("details"),
    method: text("method").notNull(),
    path: text("path").notNull(),
    address: text("address"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("admin_log_time").on(t.createdAt),
    index("admin_log_admin").on(t.adminId, t.createdAt),
    index("admin_log_target").on(t.targetType, t.targetId),
  ],
);
