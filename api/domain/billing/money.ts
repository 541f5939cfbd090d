// Money of the billing area: integer minor units with a currency, and the fixed rates that turn
// any of them into the metrics' reporting currency (USD cents). The rates are fixed on purpose:
// a payment's reported value never moves after the fact, and the same figures come out of every
// recalculation. Change a rate by adding a dated table if the business asks; never edit history.

/** US cents per 1000 major units of each currency (all of them have two decimal places). */
export const USD_CENTS_PER_1000_MAJOR: Record<string, number> = {
  USD: 100_000,
  EUR: 108_000,
  GBP: 127_000,
  RUB: 1_100,
  KZT: 210,
  BYN: 30_500,
  UAH: 2_400,
  PLN: 25_000,
  TRY: 2_900,
  BRL: 18_000,
};

export const CURRENCIES = Object.keys(USD_CENTS_PER_1000_MAJOR) as [string, ...string[]];

/** Minor units of `currency` to US cents at the fixed rate, rounded half away from zero. */
export function toUsdCents(amountMinor: number, currency: string): number {
  const rate = USD_CENTS_PER_1000_MAJOR[currency];
  if (rate === undefined) throw new Error(`no fixed rate for ${currency}`);
  const cents = (Math.abs(amountMinor) * rate) / 100_000;
  return Math.sign(amountMinor) * Math.round(cents);
}

/** "99.00" from 9900 — the decimal text providers such as Robokassa and PayPal exchange. */
export function minorToDecimal(amountMinor: number): string {
  const sign = amountMinor < 0 ? "-" : "";
  const abs = Math.abs(amountMinor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** 9900 from "99", "99.0", "99.00" or "99.000000" (Robokassa pads to six places); null when not money. */
export function decimalToMinor(text: string): number | null {
  const m = /^(\d{1,12})(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!m) return null;
  const frac = (m[2] ?? "").padEnd(6, "0");
  if (!/^\d\d0000$/.test(frac)) return null;
  return Number(m[1]) * 100 + Number(frac.slice(0, 2));
}
