// A banned player cannot sign in or exchange a sign-in token; they are told why and until when.
import { AppError } from "../domain/errors.ts";
import "./messages.ts";

const pad = (n: number) => String(n).padStart(2, "0");

/** DD.MM.YYYY HH:mm:ss in UTC (the server does not know the reader's time zone; the message says UTC). */
export function utcDateTime(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

export interface BanFields {
  bannedUntil: number | null;
  banReason: string | null;
}

export const isBanned = (p: BanFields, now: number) => p.bannedUntil !== null && p.bannedUntil > now;

/** 403 `banned` with the end of the ban and its reason, in the request's locale. */
export function bannedError(p: BanFields): AppError {
  const until = utcDateTime(p.bannedUntil!);
  return p.banReason
    ? new AppError("banned", "identity.banned", { until, reason: p.banReason }, 403)
    : new AppError("banned", "identity.bannedNoReason", { until }, 403);
}

/** Throws the ban answer when the player is banned now. */
export function assertNotBanned(p: BanFields, now: number) {
  if (isBanned(p, now)) throw bannedError(p);
}
