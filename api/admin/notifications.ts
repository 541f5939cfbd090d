// /admin/notification/ (inbox pop-ups) and /admin/notificationChat/ (system messages in the game
// chat): one set of routes, registered once per channel, each one call on its contract
// (api/contracts/admin/notification-channel.ts). The rules are api/domain/notifications-admin.ts
// (the operators' services, each change audited in its transaction) over domain/notifications.ts.
import type { Hono } from "hono";
import type { HonoEnv } from "../http/env.ts";
import { page, route } from "../http/router.ts";
import { CONTENT_LANGS, EDITABLE, NOTIFICATION_STATUSES, TRANSITIONS, type Channel } from "../domain/notifications.ts";
import {
  copyNotification,
  importNotification,
  notificationExport,
  notificationList,
  notificationOf,
  removeNotification,
  removeNotificationContent,
  saveNotification,
  saveNotificationContent,
  setNotificationStatus,
} from "../domain/notifications-admin.ts";
import * as inbox from "../contracts/admin/notification.ts";
import * as chat from "../contracts/admin/notificationChat.ts";
import "./notifications-messages.ts";

function registerChannel(app: Hono<HonoEnv>, channel: Channel, n: typeof inbox | typeof chat) {
  const target = channel === "inbox" ? "notification" : "notificationChat";
  page(app, n.page, () => ({
    channel,
    statuses: [...NOTIFICATION_STATUSES],
    transitions: TRANSITIONS,
    editable: EDITABLE,
    langs: [...CONTENT_LANGS],
  }));
  route(app, n.list, (_c, q, ctx) => notificationList({ ctx, input: { ...q, channel } }));
  route(app, n.load, (_c, { id }, ctx) => notificationOf({ ctx, input: { channel, id } }));
  route(app, n.save, (_c, item, ctx) => saveNotification({ ctx, input: { ...item, channel } }));
  route(app, n.saveContent, (_c, v, ctx) => saveNotificationContent({ ctx, input: { ...v, channel } }));
  route(app, n.setStatus, (_c, v, ctx) => setNotificationStatus({ ctx, input: { ...v, channel } }));
  route(app, n.remove, (_c, { id }, ctx) => removeNotification({ ctx, input: { channel, id } }));
  route(app, n.removeContent, (_c, v, ctx) => removeNotificationContent({ ctx, input: { ...v, channel } }));
  route(app, n.copy, (_c, { id }, ctx) => copyNotification({ ctx, input: { channel, id } }));
  route(app, n.exportOne, async (c, { id }, ctx) => {
    const doc = await notificationExport({ ctx, input: { channel, id } });
    c.header("content-disposition", `attachment; filename="${target}-${id}.json"`);
    return doc;
  });
  // GET previews only (a GET changes nothing); POST creates the imported notification as a draft
  // with its contents, all-or-nothing, unless asked only for a preview.
  route(app, n.importOne, (c, { data, preview }, ctx) =>
    importNotification({ ctx, input: { channel, data, preview: preview || c.req.method === "GET" } }),
  );
}

export function registerAdminNotifications(app: Hono<HonoEnv>) {
  registerChannel(app, "inbox", inbox);
  registerChannel(app, "chat", chat);
}
