// /admin/notification/: the inbox's notifications (pop-ups and inbox messages); the routes are
// the channel's set (notification-channel.ts), the same as the chat's.
import { channelContracts } from "./notification-channel.ts";

const c = channelContracts("/admin/notification/");
export const { page, list, load, save, saveContent, setStatus, remove, removeContent, copy, exportOne, importOne } = c;
