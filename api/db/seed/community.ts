// The demo world's community: friendships and open friend requests, a few days of the global
// rooms' and the clans' chat (one message hidden by a moderator, one author muted), the word
// filter, the players' devices (the game app and a browser), their accepted terms and ratings.
import { and, desc, eq, inArray } from "drizzle-orm";
import type { WorldStep } from "../demo.ts";
import { applyLedger } from "../../domain/ledger.ts";
import { RATE_BONUS } from "../../domain/terms.ts";
import { citiesOf, regionsOf } from "../../domain/geo.ts";
import { players } from "../schema/players.ts";
import { clanMembers } from "../schema/clans.ts";
import { cmsContents } from "../schema/cms.ts";
import {
  chatEvents,
  chatMessages,
  chatMutes,
  chatWords,
  friendRequests,
  friends,
  playerDevices,
  playerTerms,
} from "../schema/community.ts";

const HOUR = 3_600_000;
const LINES = {
  ru: [
    "Всем привет!",
    "Кто во взвод?",
    "Как пройти на 5 уровень быстрее?",
    "Отличный бой был",
    "Где брать серебро?",
    "Ищу клан, играю вечером",
    "ПТ на этой карте рулят",
    "gg",
    "Спасибо за подсказку",
    "Новый танк просто огонь",
  ],
  en: [
    "Hi all!",
    "Anyone up for a platoon?",
    "How do I reach level 5 faster?",
    "Great battle, guys",
    "Where do I get silver?",
    "Looking for a clan, I play evenings",
    "TDs rule this map",
    "gg",
    "Thanks for the tip",
    "The new tank is awesome",
  ],
};
const CLAN_LINES = [
  "Тренировка в 20:00",
  "Кто сегодня в бой?",
  "Training at 8 pm",
  "Good job everyone",
  "Нужен ещё один тяж",
  "+",
];
const AGENTS = [
  [
    "windows",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
  ],
  [
    "android",
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
  ],
  [
    "macos",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  ],
] as const;

export const communityStep: WorldStep = async ({ db, r, playerIds, opts }) => {
  if (playerIds.length < 4) return;
  const now = opts.now;
  const people = await db
    .select({
      id: players.id,
      nickname: players.nickname,
      locale: players.locale,
      platform: players.platform,
      country: players.country,
      createdAt: players.createdAt,
    })
    .from(players)
    .where(inArray(players.id, playerIds.slice(0, 400)));
  const byId = new Map(people.map((p) => [p.id, p]));

  // Where they are: a region and a city of their country (the offline GeoNames data).
  for (const p of people.slice(0, 200)) {
    const regions = await regionsOf(p.country);
    if (regions.length === 0 || r.next() < 0.3) continue;
    const region = r.pick(regions).code;
    const cities = await citiesOf(p.country, region, undefined, 200);
    await db
      .update(players)
      .set({ region, city: cities.length ? r.pick(cities) : null })
      .where(eq(players.id, p.id));
  }

  // Friends: each of the first players befriends a few others; some requests wait.
  const pairs = new Set<string>();
  const friendRows: (typeof friends.$inferInsert)[] = [];
  const requestRows: (typeof friendRequests.$inferInsert)[] = [];
  for (const p of people.slice(0, 120)) {
    for (let k = r.int(0, 4); k > 0; k--) {
      const q = r.pick(people);
      const key = [Math.min(p.id, q.id), Math.max(p.id, q.id)].join(":");
      if (q.id === p.id || pairs.has(key)) continue;
      pairs.add(key);
      const at = Math.max(p.createdAt, q.createdAt) + r.int(1, 48) * HOUR;
      if (at >= now) continue;
      const pending = r.next() < 0.2;
      requestRows.push({
        fromId: p.id,
        toId: q.id,
        status: pending ? "pending" : "accepted",
        createdAt: at,
        answeredAt: pending ? null : at + r.int(1, 20) * HOUR,
      });
      if (!pending)
        friendRows.push({ playerId: p.id, friendId: q.id, since: at }, { playerId: q.id, friendId: p.id, since: at });
    }
  }
  for (let i = 0; i < requestRows.length; i += 400)
    await db.insert(friendRequests).values(requestRows.slice(i, i + 400));
  for (let i = 0; i < friendRows.length; i += 400) await db.insert(friends).values(friendRows.slice(i, i + 400));

  // Chat: the last three days of the global rooms and of a few clans.
  const members = await db
    .select({ playerId: clanMembers.playerId, clanId: clanMembers.clanId })
    .from(clanMembers)
    .limit(200);
  const messages: { room: string; playerId: number; at: number; body: string }[] = [];
  for (let i = 0; i < 90; i++) {
    const p = r.pick(people);
    const locale = p.locale === "en" ? "en" : "ru";
    messages.push({
      room: `global:${locale}`,
      playerId: p.id,
      at: now - r.int(5, 72 * 60) * 60_000,
      body: r.pick(LINES[locale]),
    });
  }
  for (let i = 0; i < Math.min(40, members.length * 2); i++) {
    const m = r.pick(members);
    messages.push({
      room: `clan:${m.clanId}`,
      playerId: m.playerId,
      at: now - r.int(5, 72 * 60) * 60_000,
      body: r.pick(CLAN_LINES),
    });
  }
  messages.sort((a, b) => a.at - b.at);
  for (const m of messages) {
    const [row] = await db
      .insert(chatMessages)
      .values({
        room: m.room,
        playerId: m.playerId,
        nickname: byId.get(m.playerId)?.nickname ?? "?",
        body: m.body,
        createdAt: m.at,
      })
      .returning({ id: chatMessages.id });
    await db.insert(chatEvents).values({ room: m.room, messageId: row.id, kind: "message", at: m.at });
  }
  // A moderator hid one rude message and muted its author for a day.
  const rude = people[1];
  const at = now - 2 * HOUR;
  const [bad] = await db
    .insert(chatMessages)
    .values({
      room: `global:${rude.locale === "en" ? "en" : "ru"}`,
      playerId: rude.id,
      nickname: rude.nickname,
      body: rude.locale === "en" ? "you all are *****" : "вы все *****",
      createdAt: at,
      status: "hidden",
      moderatedAt: at + 60_000,
      moderatedBy: "operator",
    })
    .returning({ id: chatMessages.id, room: chatMessages.room });
  await db.insert(chatEvents).values([
    { room: bad.room, messageId: bad.id, kind: "message", at },
    { room: bad.room, messageId: bad.id, kind: "hidden", at: at + 60_000 },
  ]);
  await db.insert(chatMutes).values({
    playerId: rude.id,
    until: now + 22 * HOUR,
    reason: "insults",
    byAdmin: "operator",
    createdAt: at + 60_000,
  });
  await db
    .insert(chatWords)
    .values(["дурак", "idiot", "noob"].map((word) => ({ word, createdAt: now - 10 * 24 * HOUR })));

  // Devices: the game app for everyone, a browser for some; terms accepted, some ratings.
  const [terms] = await db
    .select({ v: cmsContents.publishedAt })
    .from(cmsContents)
    .where(and(eq(cmsContents.type, "terms"), eq(cmsContents.published, true)))
    .orderBy(desc(cmsContents.publishedAt))
    .limit(1);
  const devices: (typeof playerDevices.$inferInsert)[] = [];
  const termRows: (typeof playerTerms.$inferInsert & { playerId: number })[] = [];
  for (const p of people) {
    const last = Math.min(now, p.createdAt + r.int(0, Math.max(1, Math.floor((now - p.createdAt) / HOUR))) * HOUR);
    devices.push({
      playerId: p.id,
      client: "game",
      deviceKey: `dev-${p.id}-${r.int(1000, 9999)}`,
      platform: p.platform,
      appVersion: r.pick(["1.8.2", "1.9.0", "1.9.1"]),
      country: p.country,
      firstSeen: p.createdAt,
      lastSeen: last,
      signIns: r.int(1, 40),
    });
    if (r.next() < 0.3) {
      const [platform, ua] = r.pick(AGENTS);
      devices.push({
        playerId: p.id,
        client: "site",
        deviceKey: `ua:${p.id.toString(16).padStart(20, "0")}`,
        platform,
        userAgent: ua,
        country: p.country,
        firstSeen: p.createdAt + HOUR,
        lastSeen: last,
        signIns: r.int(1, 10),
      });
    }
    const rated = r.next() < 0.25;
    termRows.push({
      playerId: p.id,
      eulaVersion: terms?.v ?? null,
      eulaAcceptedAt: terms ? Math.max(p.createdAt, terms.v) : null,
      ratedAt: rated ? last : null,
      rating: rated ? r.int(3, 5) : null,
      bonusPaidAt: null,
    });
  }
  for (let i = 0; i < devices.length; i += 400) await db.insert(playerDevices).values(devices.slice(i, i + 400));
  for (let i = 0; i < termRows.length; i += 400) await db.insert(playerTerms).values(termRows.slice(i, i + 400));
  // Those who rated got the bonus, through the ledger like any credit.
  await db.transaction(async (tx) => {
    for (const t of termRows) {
      if (t.ratedAt == null) continue;
      await applyLedger(tx, {
        playerId: t.playerId,
        currency: RATE_BONUS.currency,
        delta: RATE_BONUS.amount,
        reason: "bonus.rate",
        idempotencyKey: `rate-bonus:${t.playerId}`,
        at: t.ratedAt,
      });
      await tx.update(playerTerms).set({ bonusPaidAt: t.ratedAt }).where(eq(playerTerms.playerId, t.playerId));
    }
  });
};
