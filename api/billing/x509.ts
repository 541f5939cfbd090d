// Just enough X.509 for App Store signed data: a DER reader, the fields a chain check needs,
// and signature checks through Web Crypto (ECDSA P-256/P-384, SHA-256/384). Apple's chain is
// three ECDSA certificates, so that is all this handles; anything else is refused.

export interface Tlv {
  tag: number;
  /** Offsets into the buffer: the whole element and its content. */
  start: number;
  contentStart: number;
  end: number;
}

export class DerError extends Error {}

export function readTlv(b: Uint8Array, at: number): Tlv {
  if (at + 2 > b.length) throw new DerError("truncated");
  const tag = b[at];
  let len = b[at + 1];
  let p = at + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 4 || p + n > b.length) throw new DerError("bad length");
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + b[p + i];
    p += n;
  }
  if (p + len > b.length) throw new DerError("truncated");
  return { tag, start: at, contentStart: p, end: p + len };
}

export function children(b: Uint8Array, t: Tlv): Tlv[] {
  const out: Tlv[] = [];
  for (let p = t.contentStart; p < t.end; ) {
    const c = readTlv(b, p);
    out.push(c);
    p = c.end;
  }
  return out;
}

export function oidText(b: Uint8Array, t: Tlv): string {
  const bytes = b.subarray(t.contentStart, t.end);
  const parts: number[] = [Math.floor(bytes[0] / 40), bytes[0] % 40];
  let v = 0;
  for (let i = 1; i < bytes.length; i++) {
    v = v * 128 + (bytes[i] & 0x7f);
    if (!(bytes[i] & 0x80)) {
      parts.push(v);
      v = 0;
    }
  }
  return parts.join(".");
}

function time(b: Uint8Array, t: Tlv): number {
  const s = new TextDecoder().decode(b.subarray(t.contentStart, t.end));
  const m = t.tag === 0x17 ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(s) : /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(s);
  if (!m) throw new DerError("bad time");
  let year = Number(m[1]);
  if (t.tag === 0x17) year += year >= 50 ? 1900 : 2000;
  return Date.UTC(year, Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
}

const CURVES: Record<string, { name: "P-256" | "P-384"; size: number }> = { "1.2.840.10045.3.1.7": { name: "P-256", size: 32 }, "1.3.132.0.34": { name: "P-384", size: 48 } };
const SIG_HASH: Record<string, "SHA-256" | "SHA-384"> = { "1.2.840.10045.4.3.2": "SHA-256", "1.2.840.10045.4.3.3": "SHA-384" };

export interface Certificate {
  der: Uint8Array;
  tbs: Uint8Array;
  sigHash: "SHA-256" | "SHA-384";
  /** DER ECDSA-Sig-Value. */
  signature: Uint8Array;
  issuer: string;
  subject: string;
  notBefore: number;
  notAfter: number;
  spki: Uint8Array;
  curve: { name: "P-256" | "P-384"; size: number };
  isCa: boolean;
  extensions: Set<string>;
}

const hexOf = (u: Uint8Array) => [...u].map((x) => x.toString(16).padStart(2, "0")).join("");

export function parseCertificate(der: Uint8Array): Certificate {
  const top = readTlv(der, 0);
  if (top.tag !== 0x30 || top.end !== der.length) throw new DerError("not a certificate");
  const [tbsT, algT, sigT] = children(der, top);
  if (!tbsT || !algT || !sigT || sigT.tag !== 0x03) throw new DerError("not a certificate");
  const sigOid = oidText(der, children(der, algT)[0]);
  const sigHash = SIG_HASH[sigOid];
  if (!sigHash) throw new DerError(`unsupported signature ${sigOid}`);
  let f = children(der, tbsT);
  if (f[0].tag === 0xa0) f = f.slice(1);
  const [, , issuerT, validityT, subjectT, spkiT, ...rest] = f;
  const [nb, na] = children(der, validityT);
  const spkiAlg = children(der, children(der, spkiT)[0]);
  if (oidText(der, spkiAlg[0]) !== "1.2.840.10045.2.1") throw new DerError("not an EC key");
  const curve = CURVES[oidText(der, spkiAlg[1])];
  if (!curve) throw new DerError("unsupported curve");
  const extensions = new Set<string>();
  let isCa = false;
  const extT = rest.find((t) => t.tag === 0xa3);
  if (extT) {
    for (const ext of children(der, children(der, extT)[0])) {
      const parts = children(der, ext);
      const oid = oidText(der, parts[0]);
      extensions.add(oid);
      if (oid === "2.5.29.19") {
        const value = parts[parts.length - 1];
        const bc = readTlv(der, value.contentStart);
        const inner = children(der, bc);
        isCa = inner.length > 0 && inner[0].tag === 0x01 && der[inner[0].contentStart] !== 0;
      }
    }
  }
  return {
    der,
    tbs: der.subarray(tbsT.start, tbsT.end),
    sigHash,
    signature: der.subarray(sigT.contentStart + 1, sigT.end),
    issuer: hexOf(der.subarray(issuerT.start, issuerT.end)),
    subject: hexOf(der.subarray(subjectT.start, subjectT.end)),
    notBefore: time(der, nb),
    notAfter: time(der, na),
    spki: der.subarray(spkiT.start, spkiT.end),
    curve,
    isCa,
    extensions,
  };
}

/** DER ECDSA-Sig-Value (SEQUENCE of two INTEGERs) to the raw r‖s Web Crypto verifies. */
export function derSignatureToRaw(sig: Uint8Array, size: number): Uint8Array {
  const seq = readTlv(sig, 0);
  const [r, s] = children(sig, seq);
  const out = new Uint8Array(size * 2);
  [r, s].forEach((t, i) => {
    let v = sig.subarray(t.contentStart, t.end);
    while (v.length > size && v[0] === 0) v = v.subarray(1);
    if (v.length > size) throw new DerError("bad signature");
    out.set(v, i * size + (size - v.length));
  });
  return out;
}

export async function publicKey(cert: Certificate): Promise<CryptoKey> {
  return crypto.subtle.importKey("spki", cert.spki as BufferSource, { name: "ECDSA", namedCurve: cert.curve.name }, false, ["verify"]);
}

/** True when `cert` is signed by `issuer`'s key. */
export async function signedBy(cert: Certificate, issuer: Certificate): Promise<boolean> {
  if (cert.issuer !== issuer.subject) return false;
  try {
    const raw = derSignatureToRaw(cert.signature, issuer.curve.size);
    return await crypto.subtle.verify({ name: "ECDSA", hash: cert.sigHash }, await publicKey(issuer), raw as BufferSource, cert.tbs as BufferSource);
  } catch {
    return false;
  }
}

export function base64ToBytes(b64: string): Uint8Array {
  const s = atob(b64.replace(/-/g, "+").replace(/_/g, "/").replace(/\s+/g, ""));
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

export const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);
