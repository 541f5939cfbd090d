// The notifications' routes, one set per channel (api/contracts/admin/notification.ts: the inbox
// at /admin/notification/, notificationChat.ts: the game chat at /admin/notificationChat/): the
// same contracts over the channel's base path, so both channels' screens share one typed client.
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import {
  CONTENT_LANGS,
  contentFields,
  exportSchema,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_PAYERS,
  NOTIFICATION_STATUSES,
  notificationFields,
} from "../../domain/notification-fields.ts";
import { contract } from "../contract.ts";

const O = { auth: "admin", role: "operator" } as const;
const SORTS = ["id", "name", "status", "startsAt", "endsAt", "updatedAt"] as const;
const status = z.enum(NOTIFICATION_STATUSES);
const lang = z.enum(CONTENT_LANGS);
const idInput = z.object({ id: f.id() });

/** A notification as the screens show it: its schedule and audience (the lists as arrays). */
const item = z.object({
  id: z.int(),
  channel: z.enum(NOTIFICATION_CHANNELS),
  name: z.string(),
  status,
  startsAt: z.int(),
  endsAt: z.int(),
  levelMin: z.int(),
  levelMax: z.int(),
  platforms: z.array(z.string()),
  countries: z.array(z.string()),
  payers: z.enum(NOTIFICATION_PAYERS),
  playerIds: z.array(z.int()),
  audienceId: z.int().nullable(),
  createdAt: z.int(),
  updatedAt: z.int(),
});
/** One language's text (a chat notification's title is ""). */
const content = z.object({
  notificationId: z.int(),
  lang,
  title: z.string(),
  body: z.string(),
  updatedAt: z.int(),
});
/** The exported document as it goes out (the import's schema reads it back). */
const exported = z.object({
  format: z.literal("tankodrome.notification"),
  version: z.literal(1),
  channel: z.enum(NOTIFICATION_CHANNELS),
  // A saved audience is this installation's: an exported document does not carry it.
  notification: item.omit({
    id: true,
    channel: true,
    status: true,
    audienceId: true,
    createdAt: true,
    updatedAt: true,
  }),
  contents: z.array(z.object({ lang, title: z.string(), body: z.string() })),
});
// The document arrives as JSON text, as an object (a JSON body), or as an uploaded file (FileImport).
const documentField = z.preprocess(async (v) => {
  let text = v;
  if (v instanceof Blob) text = v.size > 1_000_000 ? "" : await v.text();
  if (typeof text !== "string") return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}, exportSchema);

export type ChannelBase = "/admin/notification/" | "/admin/notificationChat/";

/** The routes of one channel, at its base path. */
export function channelContracts(base: ChannelBase) {
  return {
    page: contract({
      method: "ANY",
      path: base,
      ...O,
      kind: "page",
      output: z.object({
        channel: z.enum(NOTIFICATION_CHANNELS),
        statuses: z.array(status),
        transitions: z.record(status, z.array(status)),
        editable: z.array(status),
        langs: z.array(lang),
      }),
    }),
    list: contract({
      method: "ANY",
      path: `${base}load/list`,
      ...O,
      input: z.object({
        page: f.optional(f.int(1, 100_000)).default(1),
        size: f.optional(f.int(1, 200)).default(20),
        sort: f.optional(z.enum(SORTS)).default("id"),
        dir: f.optional(z.enum(["asc", "desc"])).default("desc"),
        q: f.optionalText(100),
        status: f.optional(status),
      }),
      output: z.object({
        rows: z.array(item.extend({ delivered: z.int(), read: z.int() })),
        total: z.int(),
        page: z.int(),
        size: z.int(),
      }),
    }),
    /** One notification, its texts and whom it reaches (see reachOf). */
    load: contract({
      method: "ANY",
      path: `${base}load/notification`,
      ...O,
      input: idInput,
      output: z.object({
        notification: item,
        contents: z.array(content),
        audience: z.int(),
        delivered: z.int(),
        read: z.int(),
      }),
    }),
    save: contract({
      method: "ANY",
      path: `${base}save/notification`,
      ...O,
      mutates: true,
      input: notificationFields,
      output: z.object({ notification: item, created: z.boolean() }),
    }),
    saveContent: contract({
      method: "ANY",
      path: `${base}save/content`,
      ...O,
      mutates: true,
      input: contentFields,
      output: z.object({ content }),
    }),
    setStatus: contract({
      method: "ANY",
      path: `${base}save/status`,
      ...O,
      mutates: true,
      input: z.object({ id: f.id(), status }),
      output: z.object({ id: z.int(), status, delivered: z.int() }),
    }),
    remove: contract({
      method: "ANY",
      path: `${base}remove/notification`,
      ...O,
      mutates: true,
      input: idInput,
      output: z.object({ removed: z.int() }),
    }),
    removeContent: contract({
      method: "ANY",
      path: `${base}remove/content`,
      ...O,
      mutates: true,
      input: z.object({ notificationId: f.id(), lang }),
      output: z.object({ removed: z.object({ notificationId: z.int(), lang }) }),
    }),
    copy: contract({
      method: "ANY",
      path: `${base}copy/notification`,
      ...O,
      mutates: true,
      input: idInput,
      output: z.object({ notification: item }),
    }),
    /** The JSON document, as a download. */
    exportOne: contract({
      method: "GET",
      path: `${base}export/:id{[0-9]+}`,
      ...O,
      params: idInput,
      output: exported,
    }),
    /** GET previews only (a GET changes nothing); POST creates the draft unless asked for a preview. */
    importOne: contract({
      method: "GET|POST",
      path: `${base}import`,
      ...O,
      mutates: true,
      input: z.object({ data: documentField, preview: f.optional(f.bool()).default(false) }),
      output: z.object({
        preview: z.boolean(),
        creates: z.object({ name: z.string(), startsAt: z.int(), endsAt: z.int(), langs: z.array(lang) }),
        notification: item.optional(),
      }),
    }),
  };
}
