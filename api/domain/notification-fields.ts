// The notifications' input shapes (pure zod, shared by the API routes and the admin screens'
// forms): a notification's fields, one language's content, the export/import document.
import { z } from "zod";
import * as f from "./fields.ts";

import { NOTIFICATION_CHANNELS, NOTIFICATION_PAYERS, NOTIFICATION_STATUSES } from "../db/schema/notification-kinds.ts";
export { NOTIFICATION_CHANNELS, NOTIFICATION_PAYERS, NOTIFICATION_STATUSES };

export type Channel = (typeof NOTIFICATION_CHANNELS)[number];
export type Status = (typeof NOTIFICATION_STATUSES)[number];
export const CONTENT_LANGS = ["ru", "en"] as const;

/** The allowed moves; finished is final (copy it to run it again). */
export const TRANSITIONS: Record<Status, Status[]> = {
  draft: ["active"],
  active: ["paused", "finished"],
  paused: ["active", "finished"],
  finished: [],
};
/** Statuses in which the notification and its contents may be edited or removed. */
export const EDITABLE: Status[] = ["draft", "paused"];

const code = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/)
      .max(max),
  );
const list = <S extends z.ZodType>(item: S, max: number) =>
  z.preprocess(
    (v) =>
      typeof v === "string"
        ? v
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : v == null || v === ""
          ? []
          : v,
    z.array(item).max(max),
  );

export const notificationFields = z
  .object({
    id: f.optional(f.id()),
    name: f.text(1, 200),
    startsAt: f.dateTime(),
    endsAt: f.dateTime(),
    levelMin: f.optional(f.int(1, 100)).default(1),
    levelMax: f.optional(f.int(1, 100)).default(100),
    platforms: list(code(20), 20).default([]),
    countries: list(
      z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() : v), z.string().regex(/^[A-Z]{2}$/)),
      250,
    ).default([]),
    payers: f.optional(z.enum(NOTIFICATION_PAYERS)).default("all"),
    playerIds: list(f.id(), 1000).default([]),
    /** A saved audience (docs/decisions/audiences.md); null or empty: none. */
    audienceId: z.preprocess((v) => (v === null ? undefined : v), f.optional(f.id())),
  })
  .refine((n) => n.endsAt > n.startsAt, { path: ["endsAt"], params: { rule: "endBeforeStart" } })
  // Said with the spec's own "at least {0}" message, so the browser's form says it too.
  .superRefine((n, ctx) => {
    if (n.levelMax < n.levelMin)
      ctx.addIssue({
        code: "custom",
        path: ["levelMax"],
        params: { rule: "min", values: [n.levelMin] },
        input: n.levelMax,
      });
  });
export type NotificationInput = z.output<typeof notificationFields>;

export const contentFields = z.object({
  notificationId: f.id(),
  lang: z.enum(CONTENT_LANGS),
  title: f.optionalText(200),
  body: f.text(1, 20_000),
});
export type ContentInput = z.output<typeof contentFields>;

/** The document export answers and import reads: one notification with its contents, no id or status. */
export const exportSchema = z.object({
  format: z.literal("tankodrome.notification"),
  version: z.literal(1),
  channel: z.enum(["inbox", "chat"]),
  notification: z.object({
    name: f.text(1, 200),
    startsAt: f.dateTime(),
    endsAt: f.dateTime(),
    levelMin: f.int(1, 100),
    levelMax: f.int(1, 100),
    platforms: z.array(code(20)).max(20),
    countries: z.array(z.string().regex(/^[A-Z]{2}$/)).max(250),
    payers: z.enum(NOTIFICATION_PAYERS),
    playerIds: z.array(f.id()).max(1000),
  }),
  contents: z
    .array(z.object({ lang: z.enum(CONTENT_LANGS), title: z.string().max(200), body: f.text(1, 20_000) }))
    .max(2),
});
export type ExportDocument = z.output<typeof exportSchema>;
