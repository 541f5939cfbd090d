// Test helpers of the billing suites: a signed-in player (a real session row and cookie) and a
// catalog item. Web-standard only (shared with e2e seeding).
import { sessions } from "../db/schema/index.ts";
import { registerPlayer } from "../domain/players.ts";
import { PLAYER_COOKIE } from "../http/session.ts";
import { randomToken, sha256Hex } from "../domain/tokens.ts";
import type { Db } from "../db/index.ts";
import { catalogItems } from "../db/schema/billing.ts";
import { itemToRow, itemSchema, bumpVersion, type CatalogItem } from "../domain/billing/catalog.ts";
import type { z } from "zod";

export async function signedInPlayer(
  db: Db,
  at: number,
  over: { nickname?: string; country?: string; platform?: string } = {},
) {
  const nickname = over.nickname ?? `buyer${Math.floor(Math.random() * 1e9)}`;
  const { playerId } = await registerPlayer(db, {
    nickname,
    country: over.country ?? "RU",
    platform: over.platform ?? "web",
    source: "organic",
    locale: "en",
    at,
  });
  const token = randomToken();
  const csrfToken = randomToken(24);
  await db.insert(sessions).values({
    tokenHash: await sha256Hex(token),
    kind: "player",
    subjectId: playerId,
    csrfToken,
    locale: "en",
    createdAt: at,
    lastSeenAt: at,
    expiresAt: at + 86_400_000,
    address: null,
    userAgent: null,
  });
  return { playerId, headers: { cookie: `${PLAYER_COOKIE}=${token}`, "x-csrf-token": csrfToken } };
}

export const GOLD_PACK: z.input<typeof itemSchema> = {
  id: "gold_500",
  titleRu: "500 золота",
  titleEn: "500 gold",
  grants: { gold: 500, silver: 0, premiumDays: 0 },
  bonusGold: 50,
  prices: [
    { market: "web", currency: "RUB", amount: 9900 },
    { market: "web", currency: "USD", amount: 199 },
    { market: "web", currency: "EUR", amount: 189 },
    { market: "rustore", currency: "RUB", amount: 9900 },
    { market: "app_store", currency: "USD", amount: 199 },
    { market: "google_play", currency: "USD", amount: 199 },
  ],
  sortOrder: 1,
};

export async function putItem(db: Db, item: z.input<typeof itemSchema>, at: number): Promise<CatalogItem> {
  const parsed = itemSchema.parse(item);
  await db.transaction(async (tx) => {
    await tx
      .insert(catalogItems)
      .values(itemToRow(parsed, at))
      .onConflictDoUpdate({ target: catalogItems.id, set: itemToRow(parsed, at) });
    await bumpVersion(tx, "internal", at);
  });
  return parsed;
}

/** An active operator with a session (the identity area's login is not needed to test billing). */
export async function signedInAdmin(
  db: Db,
  at: number,
  role: "support" | "operator" | "admin" | "superadmin" = "admin",
) {
  const { admins } = await import("../db/schema/access.ts");
  const username = `ops${Math.floor(Math.random() * 1e9)}`;
  const [a] = await db
    .insert(admins)
    .values({ username, email: `${username}@example.com`, passwordHash: "-", role, active: true, createdAt: at })
    .returning({ id: admins.id });
  const token = randomToken();
  const csrfToken = randomToken(24);
  await db.insert(sessions).values({
    tokenHash: await sha256Hex(token),
    kind: "admin",
    subjectId: a.id,
    csrfToken,
    locale: "en",
    createdAt: at,
    lastSeenAt: at,
    expiresAt: at + 3_600_000,
    address: null,
    userAgent: null,
  });
  return { adminId: a.id, username, headers: { cookie: `tk_admin=${token}`, "x-csrf-token": csrfToken } };
}
