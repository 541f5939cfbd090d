// The demo world's avatar queue: a few players have uploaded avatars waiting for moderation, one
// was refused, some have accepted ones. The images are real PNGs (a two-colour badge) made here
// with Web APIs only, so the moderation screen has something to show.
import { eq } from "drizzle-orm";
import type { WorldStep } from "../demo.ts";
import { playerAvatars } from "../schema/avatars.ts";
import { players } from "../schema/players.ts";
import { avatarUrl } from "../../domain/avatars.ts";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (b: Uint8Array) => {
  let c = 0xffffffff;
  for (const x of b) c = CRC_TABLE[(c ^ x) & 255] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

const chunk = (type: string, data: Uint8Array) => {
  const out = new Uint8Array(12 + data.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, data.length);
  out.set(
    [...type].map((ch) => ch.charCodeAt(0)),
    4,
  );
  out.set(data, 8);
  v.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
};

/** A size×size RGB PNG: a background with a centred square of the second colour. */
export async function badgePng(
  size: number,
  bg: [number, number, number],
  fg: [number, number, number],
): Promise<Uint8Array<ArrayBuffer>> {
  const raw = new Uint8Array(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    raw[y * (1 + size * 3)] = 0;
    for (let x = 0; x < size; x++) {
      const inner = x > size / 4 && x < (size * 3) / 4 && y > size / 4 && y < (size * 3) / 4;
      raw.set(inner ? fg : bg, y * (1 + size * 3) + 1 + x * 3);
    }
  }
  const deflated = new Uint8Array(
    await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream("deflate"))).arrayBuffer(),
  );
  const ihdr = new Uint8Array(13);
  new DataView(ihdr.buffer).setUint32(0, size);
  new DataView(ihdr.buffer).setUint32(4, size);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflated),
    chunk("IEND", new Uint8Array()),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let i = 0;
  for (const p of parts) out.set(p, i), (i += p.length);
  return out;
}

const hex = async (b: Uint8Array) =>
  Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", b as Uint8Array<ArrayBuffer>)), (x) =>
    x.toString(16).padStart(2, "0"),
  ).join("");

export const avatarsStep: WorldStep = async ({ db, r, playerIds, opts }) => {
  if (playerIds.length < 10) return;
  const colour = (): [number, number, number] => [r.int(0, 255), r.int(0, 255), r.int(0, 255)];
  const chosen = new Set<number>();
  while (chosen.size < 10) chosen.add(r.pick(playerIds));
  for (const [i, playerId] of [...chosen].entries()) {
    const bytes = await badgePng(128, colour(), colour());
    const hash = await hex(bytes);
    const at = opts.now - r.int(1, 72) * 3_600_000;
    const status = i < 6 ? "pending" : i === 6 ? "rejected" : "accepted";
    await db.insert(playerAvatars).values({
      playerId,
      status,
      contentType: "image/png",
      width: 128,
      height: 128,
      hash,
      bytes,
      createdAt: at,
      ...(status === "rejected"
        ? { reason: "advertising", decidedAt: at + 600_000 }
        : status === "accepted"
          ? { decidedAt: at + 600_000 }
          : {}),
    });
    if (status === "accepted")
      await db
        .update(players)
        .set({ avatarUrl: avatarUrl(hash) })
        .where(eq(players.id, playerId));
  }
};
