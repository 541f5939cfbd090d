// The errors a rule or a route raises: a code, a server message id and the HTTP status it answers
// (api/app.ts turns one into the JSON error answer). Below the http layer: domain rules throw them.

/** The statuses an AppError answers (a subset of Hono's ErrorStatus, without a dependency on it). */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 502 | 503 | 504;
import type { MessageId } from "../i18n/catalog.ts";

/** One code enum for every error answer: {"error":{"code","message","fields"?}}. */
export const ERROR_STATUS = {
  validation: 400,
  malformed: 400,
  unauthorized: 401,
  csrf: 403,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  insufficient_funds: 409,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const satisfies Record<string, ErrorStatus>;

export type ErrorCode = keyof typeof ERROR_STATUS | (string & {});

/**
 * A failure the client should see. `message` is a server message id (translated in the
 * request's locale when answered) with its values; `fields` maps a field to a message id.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly messageId: MessageId | (string & {}) = `error.${code}`,
    readonly values: unknown[] | Record<string, unknown> = [],
    readonly status: ErrorStatus = (ERROR_STATUS as Record<string, ErrorStatus>)[code] ?? 400,
    readonly fields?: Record<string, FieldMessage>,
    readonly headers?: Record<string, string>,
  ) {
    super(`${code}: ${messageId}`);
  }
}

export interface FieldMessage {
  id: MessageId | (string & {});
  values?: unknown[];
}

export const notFound = () => new AppError("not_found");
export const forbidden = () => new AppError("forbidden");
export const conflict = (messageId: string = "error.conflict", values: unknown[] = []) =>
  new AppError("conflict", messageId, values);

/** A 400 with field messages, for rules a zod schema cannot state (uniqueness, ownership of a name…). */
export function fieldError(fields: Record<string, FieldMessage>): AppError {
  return new AppError("validation", "error.validation", [], 400, fields);
}
