// JSON Web Tokens as the networks sign them, checked with Web Crypto only (every runtime): RS256
// against the issuer's published keys (JWKS: Google's ID tokens) and HS256 with the app's secret
// (Yandex ID's user info). A token is refused unless its signature holds and, where asked, its
// issuer, audience, nonce and expiry are the expected ones.

export class TokenRefused extends Error {}

const b64urlDecode = (s: string): Uint8Array<ArrayBuffer> => {
  const pad = s.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((s.length + 3) % 4);
  return Uint8Array.from(atob(pad), (ch) => ch.charCodeAt(0));
};
export const b64url = (bytes: Uint8Array | ArrayBuffer): string =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const json = (part: string): Record<string, unknown> => {
  try {
    return JSON.parse(new TextDecoder().decode(b64urlDecode(part))) as Record<string, unknown>;
  } catch {
    throw new TokenRefused("malformed token");
  }
};

export interface Jwk {
  kty: string;
  kid?: string;
  n?: string;
  e?: string;
  alg?: string;
}

export interface Expect {
  issuer?: string | string[];
  audience?: string;
  nonce?: string;
  /** Epoch ms now; the token's exp must be later (a minute of clock skew allowed). */
  now: number;
}

function checkClaims(claims: Record<string, unknown>, x: Expect) {
  const issuers = x.issuer === undefined ? null : Array.isArray(x.issuer) ? x.issuer : [x.issuer];
  if (issuers && !issuers.includes(String(claims.iss))) throw new TokenRefused("wrong issuer");
  if (x.audience !== undefined) {
    const aud = Array.isArray(claims.aud) ? claims.aud.map(String) : [String(claims.aud)];
    if (!aud.includes(x.audience)) throw new TokenRefused("wrong audience");
  }
  if (x.nonce !== undefined && claims.nonce !== x.nonce) throw new TokenRefused("wrong nonce");
  if (typeof claims.exp !== "number" || claims.exp * 1000 + 60_000 <= x.now) throw new TokenRefused("expired");
}

/** An RS256 token against a JWKS: the key named by the token's kid. Answers its claims. */
export async function verifyRs256(token: string, keys: Jwk[], x: Expect): Promise<Record<string, unknown>> {
  const parts = token.split(".");
  if (parts.length !== 3) throw new TokenRefused("malformed token");
  const header = json(parts[0]);
  if (header.alg !== "RS256") throw new TokenRefused("unexpected algorithm");
  const jwk = keys.find((k) => k.kty === "RSA" && (header.kid === undefined || k.kid === header.kid));
  if (!jwk) throw new TokenRefused("unknown key");
  const key = await crypto.subtle.importKey(
    "jwk",
    { kty: "RSA", n: jwk.n, e: jwk.e, alg: "RS256", ext: true },
    { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
    false,
    ["verify"],
  );
  const ok = await crypto.subtle.verify(
    "RSASSA-PKCS1-v1_5",
    key,
    b64urlDecode(parts[2]),
    new TextEncoder().encode(`${parts[0]}.${parts[1]}`),
  );
  if (!ok) throw new TokenRefused("bad signature");
  const claims = json(parts[1]);
  checkClaims(claims, x);
  return claims;
}

const hmacKey = (secret: string) =>
  crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);

/** An HS256 token signed with a shared secret. Answers its claims. */
export async function verifyHs256(token: string, secret: string, x: Expect): Promise<Record<string, unknown>> {
  const parts = token.split(".");
  if (parts.length !== 3) throw new TokenRefused("malformed token");
  if (json(parts[0]).alg !== "HS256") throw new TokenRefused("unexpected algorithm");
  const ok = await crypto.subtle.verify(
    "HMAC",
    await hmacKey(secret),
    b64urlDecode(parts[2]),
    new TextEncoder().encode(`${parts[0]}.${parts[1]}`),
  );
  if (!ok) throw new TokenRefused("bad signature");
  const claims = json(parts[1]);
  checkClaims(claims, x);
  return claims;
}

/** Signs claims as HS256 (the stand-ins; tests). */
export async function signHs256(claims: Record<string, unknown>, secret: string): Promise<string> {
  const enc = (o: unknown) => b64url(new TextEncoder().encode(JSON.stringify(o)));
  const input = `${enc({ alg: "HS256", typ: "JWT" })}.${enc(claims)}`;
  const sig = await crypto.subtle.sign("HMAC", await hmacKey(secret), new TextEncoder().encode(input));
  return `${input}.${b64url(sig)}`;
}

/** Signs claims as RS256 with a private key (the stand-ins; tests). */
export async function signRs256(claims: Record<string, unknown>, key: CryptoKey, kid: string): Promise<string> {
  const enc = (o: unknown) => b64url(new TextEncoder().encode(JSON.stringify(o)));
  const input = `${enc({ alg: "RS256", typ: "JWT", kid })}.${enc(claims)}`;
  const sig = await crypto.subtle.sign("RSASSA-PKCS1-v1_5", key, new TextEncoder().encode(input));
  return `${input}.${b64url(sig)}`;
}

/** Telegram Login's check: hex HMAC-SHA-256 of the sorted `key=value` lines, keyed by SHA-256 of the bot token. */
export async function telegramHash(fields: Record<string, string>, botToken: string): Promise<string> {
  const check = Object.keys(fields)
    .filter((k) => k !== "hash")
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join("\n");
  const secret = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(botToken));
  const key = await crypto.subtle.importKey("raw", secret, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const sig = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(check)));
  return [...sig].map((b) => b.toString(16).padStart(2, "0")).join("");
}
