// Password hashing with Argon2id at OWASP's parameters (m=19 MiB, t=2, p=1), stored as the
// standard PHC string `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`, so the cost can rise later
// and old hashes still verify (needsRehash tells a sign-in to store the new form).
//
// Why not PBKDF2 any more: Workers' Web Crypto refuses more than 100,000 PBKDF2 iterations and
// OWASP asks 600,000, so no Worker could check our hashes. Argon2id runs everywhere:
// hash-wasm's WebAssembly build on Bun and Deno; on Workers, which forbid compiling WebAssembly
// from bytes at run time, the pure-JS build of @noble/hashes gives the same bytes (slower, still
// well inside a paid Worker's CPU limit). Hashes of the old form (`pbkdf2-sha256$…`) still verify,
// on Workers through @noble/hashes' PBKDF2.
import { argon2id as argon2idWasm } from "hash-wasm";
import { argon2idAsync } from "@noble/hashes/argon2.js";
import { pbkdf2Async } from "@noble/hashes/pbkdf2.js";
import { sha256 } from "@noble/hashes/sha2.js";

/** OWASP's first Argon2id choice; memory in KiB. */
export const ARGON2ID = { m: 19456, t: 2, p: 1 } as const;
const HASH_BYTES = 32;
// Bounds on what a stored hash may ask of us (a damaged row must not take the server down).
const MAX_MEMORY_KIB = 1 << 20;
const MAX_PASSES = 16;
const MAX_PBKDF2_ITERATIONS = 10_000_000;

const enc = new TextEncoder();
const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/=+$/, "");
const unb64 = (s: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(s.padEnd(Math.ceil(s.length / 4) * 4, "=")), (c) => c.charCodeAt(0));

let wasmUsable: boolean | undefined;

/**
 * Where Argon2id runs, when not on the calling thread: Bun and Deno give a pool of workers
 * (edge/kdf-pool.ts) so a hash never holds the event loop; Workers and tests without one hash
 * here.
 */
export interface Argon2Port {
  argon2id(
    password: string,
    salt: Uint8Array,
    cost: { m: number; t: number; p: number },
    hashLength: number,
  ): Promise<Uint8Array>;
}
let port: Argon2Port | null = null;
/** Set by the edge at start (null: hash on the calling thread). */
export function hashPasswordsWith(p: Argon2Port | null): void {
  port = p;
}

async function argon2id(
  password: string,
  salt: Uint8Array,
  cost: { m: number; t: number; p: number },
): Promise<Uint8Array> {
  if (port) return port.argon2id(password, salt, cost, HASH_BYTES);
  if (wasmUsable !== false) {
    try {
      const out = await argon2idWasm({
        password,
        salt,
        parallelism: cost.p,
        iterations: cost.t,
        memorySize: cost.m,
        hashLength: HASH_BYTES,
        outputType: "binary",
      });
      wasmUsable = true;
      return out;
    } catch (e) {
      // Only a runtime that refuses to compile WebAssembly (Workers) falls back to pure JS.
      if (wasmUsable === true || (e as Error)?.name !== "CompileError") throw e;
      wasmUsable = false;
    }
  }
  return argon2idAsync(password, salt, { t: cost.t, m: cost.m, p: cost.p, dkLen: HASH_BYTES });
}

async function pbkdf2Sha256(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  try {
    const key = await crypto.subtle.importKey("raw", enc.encode(password), "PBKDF2", false, ["deriveBits"]);
    return new Uint8Array(
      await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256),
    );
  } catch {
    // Workers cap Web Crypto's PBKDF2 at 100,000 iterations; the same function in JS has no cap.
    return pbkdf2Async(sha256, password, salt, { c: iterations, dkLen: 32 });
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.min(a.length, b.length); i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

const ARGON2ID_FORM =
  /^\$argon2id\$v=19\$m=(\d{1,8}),t=(\d{1,3}),p=(\d{1,3})\$([A-Za-z0-9+/]{11,})\$([A-Za-z0-9+/]{22,})$/;
const PBKDF2_FORM = /^pbkdf2-sha256\$(\d{1,8})\$([A-Za-z0-9+/]+=*)\$([A-Za-z0-9+/]+=*)$/;

type Parsed =
  | { kind: "argon2id"; m: number; t: number; p: number; salt: Uint8Array; hash: Uint8Array }
  | { kind: "pbkdf2-sha256"; iterations: number; salt: Uint8Array<ArrayBuffer>; hash: Uint8Array };

function parse(stored: string | null | undefined): Parsed | null {
  if (!stored) return null;
  let m = ARGON2ID_FORM.exec(stored);
  if (m) {
    const [mem, t, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (mem > MAX_MEMORY_KIB || t < 1 || t > MAX_PASSES || p < 1 || mem < 8 * p) return null;
    return { kind: "argon2id", m: mem, t, p, salt: unb64(m[4]), hash: unb64(m[5]) };
  }
  m = PBKDF2_FORM.exec(stored);
  if (m) {
    const iterations = Number(m[1]);
    if (iterations < 1 || iterations > MAX_PBKDF2_ITERATIONS) return null;
    return { kind: "pbkdf2-sha256", iterations, salt: unb64(m[2]), hash: unb64(m[3]) };
  }
  return null;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const { m, t, p } = ARGON2ID;
  return `$argon2id$v=19$m=${m},t=${t},p=${p}$${b64(salt)}$${b64(await argon2id(password, salt, ARGON2ID))}`;
}

/** Constant-time comparison of the derived key with the stored one. */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) {
    // Spend the same time as a real check, so a missing account is not told apart by timing.
    await argon2id(password, new Uint8Array(16), ARGON2ID);
    return false;
  }
  const got =
    parsed.kind === "argon2id"
      ? await argon2id(password, parsed.salt, parsed)
      : await pbkdf2Sha256(password, parsed.salt, parsed.iterations);
  return sameBytes(got, parsed.hash);
}

/**
 * True when a stored hash is not Argon2id at today's parameters: after a successful sign-in the
 * caller stores hashPassword(password) in its place.
 */
export function needsRehash(stored: string | null | undefined): boolean {
  const parsed = parse(stored);
  return parsed?.kind !== "argon2id" || parsed.m !== ARGON2ID.m || parsed.t !== ARGON2ID.t || parsed.p !== ARGON2ID.p;
}

/** A password an operator or player may choose (the field rule lives with the other fields). */
export { PASSWORD_MIN, PASSWORD_MAX } from "./fields.ts";
