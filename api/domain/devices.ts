// The devices and clients an account signs in from: the game app (by the device id it sends) and
// browsers on the site (by a hash of the user agent). One row per (account, client, device),
// first and last seen, sign-in count, platform, app version and the country of the last address
// (the edge's country header where there is one: CF-IPCountry on Workers, X-Country behind a proxy).
import { desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.ts";
import { identityProfiles, playerDevices } from "../db/schema/community.ts";

export interface DeviceSighting {
  playerId: number;
  client: "game" | "site";
  deviceKey: string;
  platform: string;
  appVersion?: string;
  userAgent?: string;
  country?: string | null;
  at: number;
}

async function sha1Hex(text: string): Promise<string> {
  const d = await crypto.subtle.digest("SHA-1", new TextEncoder().encode(text));
  return [...new Uint8Array(d)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The platform a browser's user agent names. */
export function platformOfAgent(ua: string): string {
  if (/android/i.test(ua)) return "android";
  if (/iphone|ipad|ipod/i.test(ua)) return "ios";
  if (/windows/i.test(ua)) return "windows";
  if (/mac os x|macintosh/i.test(ua)) return "macos";
  if (/linux/i.test(ua)) return "linux";
  return "web";
}

export async function siteDeviceKey(userAgent: string): Promise<string> {
  return `ua:${(await sha1Hex(userAgent)).slice(0, 20)}`;
}

export async function recordDevice(db: DbOrTx, s: DeviceSighting): Promise<void> {
  const country = s.country && /^[A-Z]{2}$/.test(s.country) && s.country !== "XX" ? s.country : null;
  await db
    .insert(playerDevices)
    .values({
      playerId: s.playerId,
      client: s.client,
      deviceKey: s.deviceKey.slice(0, 128),
      platform: s.platform.slice(0, 32),
      appVersion: (s.appVersion ?? "").slice(0, 32),
      userAgent: (s.userAgent ?? "").slice(0, 300),
      country,
      firstSeen: s.at,
      lastSeen: s.at,
    })
    .onConflictDoUpdate({
      target: [playerDevices.playerId, playerDevices.client, playerDevices.deviceKey],
      set: {
        lastSeen: s.at,
        signIns: sql`${playerDevices.signIns} + 1`,
        platform: s.platform.slice(0, 32),
        ...(s.appVersion ? { appVersion: s.appVersion.slice(0, 32) } : {}),
        ...(country ? { country } : {}),
      },
    });
}

export async function devicesOf(db: DbOrTx, playerId: number) {
  return db
    .select()
    .from(playerDevices)
    .where(eq(playerDevices.playerId, playerId))
    .orderBy(desc(playerDevices.lastSeen));
}

/** The profile data a network sent with an identity (the latest wins). */
export async function saveIdentityProfile(
  db: DbOrTx,
  p: { network: string; uid: string; name: string; photoUrl: string; at: number },
) {
  await db
    .insert(identityProfiles)
    .values({ network: p.network, uid: p.uid, name: p.name, photoUrl: p.photoUrl, updatedAt: p.at })
    .onConflictDoUpdate({
      target: [identityProfiles.network, identityProfiles.uid],
      set: { name: p.name, photoUrl: p.photoUrl, updatedAt: p.at },
    });
}
