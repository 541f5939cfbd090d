// The password KDF: Argon2id at OWASP's parameters in the PHC form, old PBKDF2 hashes still
// verify and ask for a rehash, and the pure-JS Argon2id (used on Workers) gives the same bytes
// as the WebAssembly one (used on Bun and Deno).
import { test, expect } from "bun:test";
import { argon2idAsync } from "@noble/hashes/argon2.js";
import { hashPassword, verifyPassword, needsRehash, ARGON2ID } from "./password.ts";

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (s: string) => Uint8Array.from(atob(s.padEnd(Math.ceil(s.length / 4) * 4, "=")), (c) => c.charCodeAt(0));

async function legacyPbkdf2(password: string, iterations = 600_000): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = new Uint8Array(
    await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256),
  );
  return `pbkdf2-sha256$${iterations}$${b64(salt)}$${b64(bits)}`;
}

test("a new hash is Argon2id m=19456 t=2 p=1 in the PHC form, verifies, and needs no rehash", async () => {
  const h = await hashPassword("correct horse battery");
  expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
  expect(await verifyPassword("correct horse battery", h)).toBe(true);
  expect(await verifyPassword("correct horse batterY", h)).toBe(false);
  expect(needsRehash(h)).toBe(false);
  expect(await hashPassword("correct horse battery")).not.toBe(h); // a fresh salt each time
});

test("the pure-JS Argon2id (Workers) derives the same bytes as the WebAssembly one", async () => {
  const h = await hashPassword("пароль-танкиста 42");
  const [, , , , salt, hash] = h.split("$");
  const js = await argon2idAsync("пароль-танкиста 42", unb64(salt), {
    t: ARGON2ID.t,
    m: ARGON2ID.m,
    p: ARGON2ID.p,
    dkLen: 32,
  });
  expect(b64(js).replace(/=+$/, "")).toBe(hash);
});

test("an old PBKDF2-SHA256 hash still verifies and asks to be rehashed", async () => {
  const old = await legacyPbkdf2("tankodrome-admin");
  expect(await verifyPassword("tankodrome-admin", old)).toBe(true);
  expect(await verifyPassword("tankodrome-admiN", old)).toBe(false);
  expect(needsRehash(old)).toBe(true);
});

test("weaker Argon2id parameters ask for a rehash; damaged or missing hashes never verify", async () => {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const weak = await argon2idAsync("pw-long-enough", salt, { t: 1, m: 1024, p: 1, dkLen: 32 });
  const stored = `$argon2id$v=19$m=1024,t=1,p=1$${b64(salt).replace(/=+$/, "")}$${b64(weak).replace(/=+$/, "")}`;
  expect(await verifyPassword("pw-long-enough", stored)).toBe(true);
  expect(needsRehash(stored)).toBe(true);
  for (const bad of [
    null,
    undefined,
    "",
    "plain",
    "$argon2id$v=19$m=99999999,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    "pbkdf2-sha256$0$AA==$AA==",
  ]) {
    expect(await verifyPassword("pw-long-enough", bad)).toBe(false);
    expect(needsRehash(bad)).toBe(true);
  }
});

test("where Web Crypto refuses 600,000 PBKDF2 iterations (Workers in production), the old hash verifies in JS", async () => {
  const old = await legacyPbkdf2("tankodrome-admin");
  const subtle = crypto.subtle as { deriveBits: SubtleCrypto["deriveBits"] };
  const real = subtle.deriveBits;
  let refused = 0;
  // Workers' own refusal, imitated: local workerd (wrangler dev) does not apply the cap.
  subtle.deriveBits = (algorithm, key, length) => {
    if ((algorithm as Pbkdf2Params).name === "PBKDF2" && (algorithm as Pbkdf2Params).iterations > 100_000) {
      refused++;
      return Promise.reject(
        new DOMException("Pbkdf2 failed: iteration counts above 100000 are not supported", "NotSupportedError"),
      );
    }
    return real.call(crypto.subtle, algorithm, key, length);
  };
  try {
    expect(await verifyPassword("tankodrome-admin", old)).toBe(true);
    expect(await verifyPassword("tankodrome-admiN", old)).toBe(false);
  } finally {
    subtle.deriveBits = real;
  }
  expect(refused).toBe(2);
}, 60_000); // 600,000 rounds of SHA-256 in JS take seconds: paid once per account, then rehashed
