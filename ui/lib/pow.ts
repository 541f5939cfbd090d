// The guest's proof of work (api/domain/guests.ts checks it): a nonce whose SHA-256 with the
// challenge's seed starts with `bits` zero bits. Pure JS SHA-256 (@noble/hashes), ~1 µs a hash, in
// slices that give the page back to the browser between them; loaded only when a visitor plays.
import { sha256 } from "@noble/hashes/sha2.js";

function zeroBits(d: Uint8Array): number {
  let n = 0;
  for (const byte of d) {
    if (byte === 0) {
      n += 8;
      continue;
    }
    return n + Math.clz32(byte) - 24;
  }
  return n;
}

export async function solve(seed: string, bits: number): Promise<string> {
  const enc = new TextEncoder();
  const prefix = `${seed}:`;
  for (let n = 0; ; ) {
    const end = n + 20_000;
    for (; n < end; n++) if (zeroBits(sha256(enc.encode(prefix + n))) >= bits) return String(n);
    await new Promise((r) => setTimeout(r, 0));
  }
}
