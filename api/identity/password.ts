// Password hashing with PBKDF2-HMAC-SHA256 at OWASP's 600,000 iterations through Web Crypto,
// which Bun and Deno run natively (~80 ms a hash here). The stored form names its algorithm and
// cost, so the cost can rise later and old hashes still verify.
const ITERATIONS = 600_000;
const enc = new TextEncoder();

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", enc.encode(password), "PBKDF2", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256));
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return `pbkdf2-sha256$${ITERATIONS}$${b64(salt)}$${b64(await derive(password, salt, ITERATIONS))}`;
}

/** Constant-time comparison of the derived key with the stored one. */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = stored?.split("$");
  if (!parts || parts.length !== 4 || parts[0] !== "pbkdf2-sha256") {
    // Spend the same time as a real check, so a missing account is not told apart by timing.
    await derive(password, new Uint8Array(16), ITERATIONS);
    return false;
  }
  const got = await derive(password, unb64(parts[2]), Number(parts[1]));
  const want = unb64(parts[3]);
  let diff = got.length ^ want.length;
  for (let i = 0; i < Math.min(got.length, want.length); i++) diff |= got[i] ^ want[i];
  return diff === 0;
}

/** A password an operator or player may choose. */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;
