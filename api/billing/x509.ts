// X.509 for App Store signed data, through PKI.js (pkijs + asn1js, PeculiarVentures): DER
// parsing, RFC 5280 path building and validation (name chaining, each signature checked with its
// issuer's key, validity at a given date, CA constraints) on Web Crypto, so the same code runs on
// Bun, Deno and Workers. No DER is read by hand here; apple.ts keeps only the checks Apple
// specifies on top of a validated path.
import * as pkijs from "pkijs";

export type Certificate = pkijs.Certificate;

/** Anything wrong with a certificate or a chain: not DER, not a certificate, no valid path. */
export class CertificateError extends Error {}

export function parseCertificate(der: Uint8Array): Certificate {
  try {
    return pkijs.Certificate.fromBER(der as BufferSource);
  } catch (e) {
    throw new CertificateError(`not a certificate: ${(e as Error).message}`);
  }
}

/**
 * The certification path from `chain[0]` (the end entity) through the other certificates of
 * `chain` to one of `trusted`, validated at `at`; answers it end entity first, trust anchor last.
 * Only `trusted` are trust anchors: a root carried in `chain` counts for nothing unless it is one.
 */
export async function validatePath(chain: Certificate[], trusted: Certificate[], at: Date): Promise<Certificate[]> {
  if (chain.length === 0 || trusted.length === 0) throw new CertificateError("no certificates");
  // The engine takes the last of `certs` as the end entity.
  const engine = new pkijs.CertificateChainValidationEngine({
    trustedCerts: trusted,
    certs: [...chain.slice(1)].reverse().concat(chain[0]),
    checkDate: at,
  });
  let r: pkijs.CertificateChainValidationEngineVerifyResult;
  try {
    r = await engine.verify();
  } catch (e) {
    throw new CertificateError(`no valid path: ${(e as Error).message}`);
  }
  if (!r.result || !r.certificatePath) throw new CertificateError(`no valid path: ${r.resultMessage}`);
  return r.certificatePath;
}

export const hasExtension = (cert: Certificate, oid: string) => (cert.extensions ?? []).some((e) => e.extnID === oid);

/** The certificate's EC public key on `namedCurve`, for verifying signatures (refused when the key is of another kind). */
export async function ecPublicKey(cert: Certificate, namedCurve: "P-256" | "P-384"): Promise<CryptoKey> {
  const spki = cert.subjectPublicKeyInfo.toSchema().toBER(false);
  try {
    return await crypto.subtle.importKey("spki", spki, { name: "ECDSA", namedCurve }, false, ["verify"]);
  } catch (e) {
    throw new CertificateError(`not an ${namedCurve} key: ${(e as Error).message}`);
  }
}

export function base64ToBytes(b64: string): Uint8Array {
  const s = atob(b64.replace(/-/g, "+").replace(/_/g, "/").replace(/\s+/g, ""));
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

export const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);
