// /admin/notificationChat/: the system messages posted in the game chat; the routes are the
// channel's set (notification-channel.ts), the same as the inbox's.
import { channelContracts } from "./notification-channel.ts";

const c = channelContracts("/admin/notificationChat/");
export const { page, list, load, save, saveContent, setStatus, remove, removeContent, copy, exportOne, importOne } = c;
