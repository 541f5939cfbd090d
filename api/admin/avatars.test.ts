import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { eq } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { playerSpeaks, signInAdmin, signInPlayer, type Actor } from "../test/sign-in.ts";
import { pngHeader, jpegHeader, webpHeader } from "../test/images.ts";
import { sniffImage, AVATAR_LIMITS } from "../domain/avatars.ts";
import { players, playerAvatars, adminLog } from "../db/schema/index.ts";
import { avatarsStep, badgePng } from "../db/seed/avatars.ts";
import { rng } from "../db/seed/world.ts";

describe("Avatars: upload, moderation, serving", () => {
  let w: TestWorld;
  let support: Actor;
  let operator: Actor;
  beforeAll(async () => {
    w = await makeWorld();
    support = await signInAdmin(w, "support");
    operator = await signInAdmin(w, "operator");
  }, 60_000);
  afterAll(() => w.close());

  const upload = (p: Actor, bytes: Uint8Array<ArrayBuffer>, type = "image/png", lang = "en") =>
    w.app.request("/public/profile/saveAvatar", {
      method: "POST",
      headers: { ...p.headers({ "accept-language": lang }), "content-type": type },
      body: bytes,
    });
  const uploadForm = (p: Actor, bytes: Uint8Array<ArrayBuffer>) => {
    const form = new FormData();
    form.set("image", new File([bytes], "a.png", { type: "text/plain" }));
    const h = p.headers();
    delete (h as Record<string, string>)["content-type"];
    return w.app.request("/public/profile/saveAvatar", { method: "POST", headers: h, body: form });
  };
  const admin = (a: Actor, path: string, body: unknown) =>
    w.app.request(path, { method: "POST", headers: a.headers(), body: JSON.stringify(body) });
  const queue = async (q = "status=pending") =>
    (await (await w.app.request(`/admin/playerAvatars/load?${q}`, { headers: support.headers() })).json()) as {
      rows: { id: number; playerId: number; hash: string; previewUrl: string }[];
      total: number;
    };
  const avatarOf = async (id: number) =>
    (await w.deps.db.select({ a: players.avatarUrl }).from(players).where(eq(players.id, id)))[0].a;

  test("reads the real type and size from the header", () => {
    expect(sniffImage(pngHeader(200, 100))).toEqual({ contentType: "image/png", width: 200, height: 100 });
    expect(sniffImage(jpegHeader(300, 256))).toEqual({ contentType: "image/jpeg", width: 300, height: 256 });
    expect(sniffImage(webpHeader(128, 129))).toEqual({ contentType: "image/webp", width: 128, height: 129 });
    expect(sniffImage(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffImage(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]))).toBeNull();
  });

  test("refusals name the limit in the request's locale and change nothing", async () => {
    const p = await signInPlayer(w);
    const small = await upload(p, pngHeader(10, 10));
    expect(small.status).toBe(400);
    expect((await small.json()).error.fields.image).toBe(
      `The image must be at least ${AVATAR_LIMITS.minSide}×${AVATAR_LIMITS.minSide} pixels (this one is 10×10).`,
    );
    await playerSpeaks(w, p.playerId, "ru");
    const large = await upload(p, pngHeader(5000, 100), "image/png", "ru");
    await playerSpeaks(w, p.playerId, "en");
    expect((await large.json()).error.fields.image).toBe(
      `Изображение должно быть не больше ${AVATAR_LIMITS.maxSide}×${AVATAR_LIMITS.maxSide} пикселей (это 5000×100).`,
    );
    const gif = await upload(p, new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0]), "image/png");
    expect(gif.status).toBe(400);
    expect((await gif.json()).error.fields.image).toBe("The image must be a PNG, JPEG or WebP file.");
    const big = await upload(p, pngHeader(256, 256, AVATAR_LIMITS.maxBytes));
    expect(big.status).toBe(413);
    expect((await big.json()).error.message).toBe("The image must be at most 512 KB.");
    const noCsrf = await w.app.request("/public/profile/saveAvatar", {
      method: "POST",
      headers: { ...p.headers(), "x-csrf-token": "", "content-type": "image/png" },
      body: pngHeader(100, 100),
    });
    expect(noCsrf.status).toBe(403);
    expect(await w.deps.db.select().from(playerAvatars).where(eq(playerAvatars.playerId, p.playerId))).toEqual([]);
  });

  test("upload → pending (old avatar stays) → reject with reason → new upload replaces pending → accept → served", async () => {
    const p = await signInPlayer(w);
    const first = await upload(p, jpegHeader(256, 256), "application/octet-stream");
    expect(first.status).toBe(200);
    const s1 = await first.json();
    expect(s1.pending).not.toBeNull();
    expect(s1.avatarUrl).toBeNull();
    const q1 = (await queue(`status=pending&playerId=${p.playerId}`)).rows;
    expect(q1.length).toBe(1);
    const preview = await w.app.request(q1[0].previewUrl, { headers: support.headers() });
    expect(preview.headers.get("content-type")).toBe("image/jpeg");
    expect((await w.app.request(q1[0].previewUrl)).status).toBe(401);

    const bad = await admin(support, "/admin/playerAvatars/reject", { avatarId: q1[0].id, reason: "nudity-ish" });
    expect(bad.status).toBe(400);
    expect(
      (
        await admin(support, "/admin/playerAvatars/reject", {
          avatarId: q1[0].id,
          reason: "offensive",
          note: "Symbols on the left",
        })
      ).status,
    ).toBe(200);
    expect((await admin(support, "/admin/playerAvatars/accept", { avatarId: q1[0].id })).status).toBe(409);
    await playerSpeaks(w, p.playerId, "ru");
    const s2 = await (
      await w.app.request("/public/profile/saveAvatar", {
        method: "POST",
        headers: p.headers({ "accept-language": "ru" }),
        body: "{}",
      })
    ).json();
    expect(s2.rejected).toMatchObject({
      reason: "offensive",
      note: "Symbols on the left",
      reasonText: "Оскорбительные символы или слова",
    });

    expect((await uploadForm(p, pngHeader(300, 300))).status).toBe(200);
    expect((await upload(p, webpHeader(400, 400), "image/webp")).status).toBe(200);
    const q2 = (await queue(`status=pending&playerId=${p.playerId}`)).rows;
    expect(q2.length).toBe(1);
    expect(await w.deps.db.select().from(playerAvatars).where(eq(playerAvatars.status, "replaced"))).toHaveLength(1);

    expect((await admin(support, "/admin/playerAvatars/accept", { avatarId: q2[0].id })).status).toBe(200);
    const url = await avatarOf(p.playerId);
    expect(url).toBe(`/public/avatars/${q2[0].hash}`);
    const img = await w.app.request(url!);
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/webp");
    expect(img.headers.get("cache-control")).toContain("immutable");
    expect(new Uint8Array(await img.arrayBuffer())).toEqual(webpHeader(400, 400));
    const profile = await (await w.app.request("/public/profile/", { headers: p.headers() })).json();
    expect(profile.player.avatarUrl).toBe(url);
    expect(profile.avatar).toMatchObject({ avatarUrl: url, pending: null, rejected: null });

    // A later upload waits; the accepted one stays until then.
    await upload(p, pngHeader(512, 512));
    expect(await avatarOf(p.playerId)).toBe(url);
    const log = await w.deps.db
      .select()
      .from(adminLog)
      .where(eq(adminLog.targetId, String(p.playerId)));
    const mine = log.filter((l) => l.targetType === "player");
    expect(mine.map((l) => l.action).sort()).toEqual(["/admin/playerAvatars/accept", "/admin/playerAvatars/reject"]);
  });

  test("an operator sets and clears an avatar; support may not; 404 for a pending hash", async () => {
    const p = await signInPlayer(w);
    await upload(p, pngHeader(128, 128));
    const [pending] = (await queue(`status=pending&playerId=${p.playerId}`)).rows;
    expect((await w.app.request(`/public/avatars/${pending.hash}`)).status).toBe(404);
    const body = () => pngHeader(90, 90);
    const forbidden = await w.app.request(`/admin/playerAvatars/save?playerId=${p.playerId}`, {
      method: "POST",
      headers: { ...support.headers(), "content-type": "image/png" },
      body: body(),
    });
    expect(forbidden.status).toBe(403);
    const set = await w.app.request(`/admin/playerAvatars/save?playerId=${p.playerId}`, {
      method: "POST",
      headers: { ...operator.headers(), "content-type": "image/png" },
      body: body(),
    });
    expect(set.status).toBe(200);
    expect(await avatarOf(p.playerId)).toMatch(/^\/public\/avatars\/[0-9a-f]{64}$/);
    expect((await queue(`status=pending&playerId=${p.playerId}`)).total).toBe(0);
    expect((await admin(operator, "/admin/playerAvatars/save", { playerId: "x" })).status).toBe(400);
    expect((await admin(operator, "/admin/playerAvatars/save", { playerId: 999999, clear: true })).status).toBe(404);
    expect((await admin(operator, "/admin/playerAvatars/save", { playerId: p.playerId, clear: true })).status).toBe(
      200,
    );
    expect(await avatarOf(p.playerId)).toBeNull();
    const opts = await (await w.app.request("/admin/playerAvatars/options", { headers: support.headers() })).json();
    expect(opts.reasons.find((r: { id: string }) => r.id === "copyright").title.en).toBe(
      "Someone else's copyrighted image",
    );
  });

  test("the demo step queues real PNGs: six pending, one refused, three accepted and served", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push((await signInPlayer(w)).playerId);
    await avatarsStep({ db: w.deps.db, r: rng(7), playerIds: ids, opts: { players: 12, days: 1, now: w.clock.now() } });
    const rows = await w.deps.db.select().from(playerAvatars);
    const mine = rows.filter((r) => ids.includes(r.playerId));
    expect(mine.filter((r) => r.status === "pending").length).toBe(6);
    expect(mine.filter((r) => r.status === "rejected").length).toBe(1);
    const accepted = mine.filter((r) => r.status === "accepted");
    expect(accepted.length).toBe(3);
    expect(sniffImage(accepted[0].bytes)).toEqual({ contentType: "image/png", width: 128, height: 128 });
    expect((await w.app.request(`/public/avatars/${accepted[0].hash}`)).status).toBe(200);
    expect(await avatarOf(accepted[0].playerId)).toBe(`/public/avatars/${accepted[0].hash}`);
    const png = await badgePng(64, [0, 0, 0], [255, 255, 255]);
    expect(sniffImage(png)).toEqual({ contentType: "image/png", width: 64, height: 64 });
  }, 60_000);

  test("an erasure removes every upload: the accepted image's address answers 404", async () => {
    const p = await signInPlayer(w);
    await upload(p, pngHeader(200, 200));
    const [pending] = (await queue(`status=pending&playerId=${p.playerId}`)).rows;
    await admin(support, "/admin/playerAvatars/accept", { avatarId: pending.id });
    await upload(p, pngHeader(300, 300));
    const url = (await avatarOf(p.playerId))!;
    expect((await w.app.request(url)).status).toBe(200);
    expect(
      (
        await w.app.request("/public/profile/sensitive-data/remove", {
          method: "POST",
          headers: p.headers(),
          body: "{}",
        })
      ).status,
    ).toBe(200);
    expect(await w.deps.db.select().from(playerAvatars).where(eq(playerAvatars.playerId, p.playerId))).toEqual([]);
    expect((await w.app.request(url)).status).toBe(404);
  });

  test("an operator's multipart upload (the screen's form) sets the avatar", async () => {
    const p = await signInPlayer(w);
    const form = new FormData();
    form.set("image", new File([jpegHeader(320, 240)], "a.jpg"));
    const h = operator.headers();
    delete (h as Record<string, string>)["content-type"];
    const r = await w.app.request(`/admin/playerAvatars/save?playerId=${p.playerId}`, {
      method: "POST",
      headers: h,
      body: form,
    });
    expect(r.status).toBe(200);
    expect(await avatarOf(p.playerId)).toMatch(/^\/public\/avatars\//);
  });
});
