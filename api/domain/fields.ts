// Field schemas shared by every form and action: they accept what a form or query string
// sends (strings) as well as JSON, and fail with the spec's messages (see validate.ts).
import { z } from "zod";

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const toNumber = (v: unknown) => {
  const b = blankToUndefined(v);
  if (typeof b === "string" && /^-?\d+(\.\d+)?$/.test(b.trim())) return Number(b);
  return b;
};

/** A positive integer id (digits only). */
/** A billing catalogue item's id: any non-slash text, as the routes take it. */
export const itemId = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[^/\s]+$/);

export const id = () => z.preprocess(toNumber, z.int().min(1).max(Number.MAX_SAFE_INTEGER));
export const int = (min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(toNumber, z.int().min(min).max(max));
export const number = (min = -Number.MAX_VALUE, max = Number.MAX_VALUE) =>
  z.preprocess(toNumber, z.number().min(min).max(max));
export const text = (min = 1, max = 255) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string().min(min).max(max));
export const optionalText = (max = 255) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : v.trim()) : v),
    z.string().max(max).optional(),
  );
export const email = () =>
  z.preprocess((v) => (typeof v === "string" ? v.trim().toLowerCase() : v), z.email().max(254));
export const bool = () =>
  z.preprocess(
    (v) =>
      v === "1" || v === "true" || v === "on"
        ? true
        : v === "0" || v === "false" || v === "off" || v === ""
          ? false
          : v,
    z.boolean(),
  );
export const optional = <S extends z.ZodType>(schema: S) => z.preprocess(blankToUndefined, schema.optional());
/** A JSON document sent as text (forms) or as a value (JSON bodies). */
export const jsonValue = () =>
  z.preprocess(
    (v) => {
      if (typeof v !== "string") return v;
      try {
        return JSON.parse(v);
      } catch {
        return Symbol.for("invalid-json");
      }
    },
    z.unknown().refine((v) => v !== Symbol.for("invalid-json"), { params: { rule: "pattern" } }),
  );

/**
 * The times an input may name: years 1900–2100. Outside them a number or an ISO string is still
 * "a date" to JavaScript (up to ±8.64e15 ms) or not even that (1e308, year 10000, +275760), and
 * later code — toISOString, the warehouse's DateTime64, a month's bucket — fails on it with a 500.
 */
export const MIN_INPUT_TIME = Date.UTC(1900, 0, 1);
export const MAX_INPUT_TIME = Date.UTC(2101, 0, 1) - 1;
const inRange = (t: number) => (Number.isFinite(t) && t >= MIN_INPUT_TIME && t <= MAX_INPUT_TIME ? t : null);

/** DD.MM.YYYY HH:mm:ss (the spec's date-time format, UTC), ISO 8601 or epoch milliseconds, to epoch milliseconds (years 1900–2100). */
export function parseDateTime(v: unknown): number | null {
  const t = parseAnyDateTime(v);
  return t === null ? null : inRange(t);
}

function parseAnyDateTime(v: unknown): number | null {
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v !== "string") return null;
  // Epoch milliseconds as text: what a typed client's number becomes in a GET's query string.
  // Ten digits at least, so a year or a day typed alone is still refused.
  if (/^\d{10,16}$/.test(v)) return Number(v);
  const m = /^(\d{2})\.(\d{2})\.(\d{4})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(v.trim());
  if (m) {
    const [, d, mo, y, h = "0", mi = "0", s = "0"] = m;
    const t = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s);
    const back = new Date(t);
    return back.getUTCDate() === +d && back.getUTCMonth() === +mo - 1 && +h < 24 && +mi < 60 && +s < 60 ? t : null;
  }
  if (!/^\d{4}-\d{2}-\d{2}/.test(v.trim())) return null;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : t;
}

export const dateTime = () =>
  z.unknown().transform((v, ctx) => {
    if (blankToUndefined(v) === undefined) {
      ctx.addIssue({ code: "invalid_type", expected: "date", input: v });
      return z.NEVER;
    }
    const t = parseDateTime(v);
    if (t === null) {
      ctx.addIssue({ code: "custom", params: { rule: "date" }, input: v });
      return z.NEVER;
    }
    return t;
  });

/** Equal / not-equal rules between two fields, reported on `field`. */
export const mustEqual = (field: string, other: string) => ({
  check: (o: Record<string, unknown>) => o[field] === o[other],
  opts: { path: [field], params: { rule: "equal" } },
});
// A refinement, not .regex: zod reports a failed regex as a plain format issue without our rule,
// and the form must say "phone number", not "wrong format".
const PHONE = /^\+?[0-9 ()-]{7,20}$/;
export const phone = () =>
  z
    .string()
    .trim()
    .refine((v) => PHONE.test(v), { params: { rule: "phone" } });

/** Password lengths (OWASP: at least 10 for an account without a second factor; long passphrases allowed). */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;
/** A new password. */
export const password = () => z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

/** A player's nickname as players, the game client and operators may set it: 3–24 letters, digits, _ . - and spaces. */
export const nickname = () =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string()
      .min(3)
      .max(24)
      .regex(/^[\p{L}\p{N}_. -]+$/u),
  );

/** What a player may change about themselves on the site: the nickname and the site's language. */
export const profileEditSchema = z
  .object({ nickname: nickname().optional(), locale: z.enum(["ru", "en"]).optional() })
  .refine((v) => v.nickname !== undefined || v.locale !== undefined, {
    path: ["nickname"],
    params: { rule: "required" },
  });
