// The client's address as the app sees it (api/http/session.ts: clientAddress — per-address
// sign-in throttling, the admin log, sessions). Forwarding headers (X-Forwarded-For, X-Real-IP,
// CF-Connecting-IP) are believed only when the connection comes from a proxy named in
// TRUSTED_PROXIES: a client talking to the server directly could write any address into them.
// On Workers the edge entry takes CF-Connecting-IP, which Cloudflare itself sets.

/** One entry of TRUSTED_PROXIES: an IPv4/IPv6 address or a CIDR range. */
interface Range {
  v6: boolean;
  base: bigint;
  bits: number;
}

function parseIp(ip: string): { v6: boolean; n: bigint } | null {
  let s = ip.trim();
  if (s.startsWith("[") && s.endsWith("]")) s = s.slice(1, -1);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(s);
  if (mapped) s = mapped[1];
  if (/^\d+\.\d+\.\d+\.\d+$/.test(s)) {
    const parts = s.split(".").map(Number);
    if (parts.some((p) => p > 255)) return null;
    return { v6: false, n: parts.reduce((a, p) => (a << 8n) | BigInt(p), 0n) };
  }
  if (!/^[0-9a-f:]+$/i.test(s) || !s.includes(":")) return null;
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 1 && missing !== 0) || missing < 0) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (groups.some((g) => g.length === 0 || g.length > 4)) return null;
  return { v6: true, n: groups.reduce((a, g) => (a << 16n) | BigInt(parseInt(g, 16)), 0n) };
}

/** Reads TRUSTED_PROXIES: addresses or CIDR ranges separated by commas or spaces. Throws on a bad entry. */
export function parseTrustedProxies(setting: string | undefined): Range[] {
  if (!setting?.trim()) return [];
  return setting
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((entry) => {
      const [addr, len] = entry.split("/");
      const ip = parseIp(addr);
      const max = ip?.v6 ? 128 : 32;
      const bits = len === undefined ? max : Number(len);
      if (!ip || !Number.isInteger(bits) || bits < 0 || bits > max || (len !== undefined && !/^\d+$/.test(len))) {
        throw new Error(`TRUSTED_PROXIES: not an address or CIDR range: ${entry}`);
      }
      const shift = BigInt(max - bits);
      return { v6: ip.v6, base: (ip.n >> shift) << shift, bits };
    });
}

export function isTrusted(ranges: Range[], ip: string | undefined): boolean {
  if (!ip || ranges.length === 0) return false;
  const p = parseIp(ip);
  if (!p) return false;
  return ranges.some((r) => {
    if (r.v6 !== p.v6) return false;
    const shift = BigInt((r.v6 ? 128 : 32) - r.bits);
    return (p.n >> shift) << shift === r.base;
  });
}

/**
 * The client's address: the connection's peer, or — when the peer is a trusted proxy — the last
 * address in X-Forwarded-For that is not itself a trusted proxy (else X-Real-IP, CF-Connecting-IP).
 */
export function resolveClientAddress(peer: string | undefined, headers: Headers, trusted: Range[]): string | undefined {
  if (!isTrusted(trusted, peer)) return peer;
  const forwarded = headers.get("x-forwarded-for");
  if (forwarded) {
    const hops = forwarded
      .split(",")
      .map((h) => h.trim())
      .filter(Boolean);
    for (let i = hops.length - 1; i >= 0; i--) {
      if (!parseIp(hops[i])) break;
      if (!isTrusted(trusted, hops[i])) return hops[i];
    }
    if (hops.length && parseIp(hops[0])) return hops[0];
  }
  const single = headers.get("x-real-ip")?.trim() || headers.get("cf-connecting-ip")?.trim();
  return single && parseIp(single) ? single : peer;
}
