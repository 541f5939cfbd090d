// Money typed by people: the API keeps integer minor units (9900 kopecks), an operator types the
// currency's major unit (99 or 99,00 roubles). No macros, so `bun test` imports it.

/** Decimal places of a currency's major unit (2 for RUB and USD, 0 for JPY; 2 when unknown). */
export function fractionDigits(currency: string): number {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** 9900 RUB → "99.00"; the text an operator edits (a dot, no grouping). */
export function minorToMajor(minor: number, currency: string): string {
  const digits = fractionDigits(currency);
  if (!Number.isFinite(minor)) return "";
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(minor));
  if (digits === 0) return `${sign}${abs}`;
  const scale = 10 ** digits;
  return `${sign}${Math.floor(abs / scale)}.${String(abs % scale).padStart(digits, "0")}`;
}

/**
 * "99", "99.5", "99,50", "1 299.00" RUB → 9900, 9950, 9950, 129900 minor units; null when the text
 * is not an amount of that currency (letters, two separators, more decimals than it has).
 */
export function majorToMinor(text: string, currency: string): number | null {
  const digits = fractionDigits(currency);
  const t = text.replace(/[\s\u00a0\u202f]/g, "").replace(",", ".");
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(t);
  if (!m) return null;
  const [, sign, whole, frac = ""] = m;
  if (frac.length > digits) return null;
  const minor = Number(whole) * 10 ** digits + Number(frac.padEnd(digits, "0") || "0");
  if (!Number.isSafeInteger(minor)) return null;
  return sign ? -minor : minor;
}
