// A zod failure in the spec's words: each issue as one of the spec's default form messages
// (section 5), and the 400 that names every field. Below the http layer: the request boundary
// (api/http/validate.ts), services checking a whole item, and the UI's forms (ui/lib/form.ts) read
// a field the same way.
import type { z } from "zod";
import { AppError, type FieldMessage } from "./errors.ts";

type Issue = z.core.$ZodIssue;

function valueAt(data: unknown, path: PropertyKey[]): unknown {
  let v: unknown = data;
  for (const key of path) {
    if (v == null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** Maps a zod issue to one of the spec's default form messages (section 5). */
export function issueMessage(issue: Issue, data: unknown): FieldMessage {
  const value = valueAt(data, issue.path);
  const params = (issue as { params?: { rule?: string; values?: unknown[] } }).params;
  switch (issue.code) {
    case "invalid_type":
      if (isEmpty(value)) return { id: "validation.required" };
      if (issue.expected === "number" || issue.expected === "bigint") return { id: "validation.number" };
      if (issue.expected === "int") return { id: "validation.digit" };
      if (issue.expected === "date") return { id: "validation.date" };
      return { id: "validation.pattern" };
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string")
        return isEmpty(value) ? { id: "validation.required" } : { id: "validation.minLength", values: [min] };
      if (issue.origin === "array" || issue.origin === "set")
        return min <= 1 ? { id: "validation.required" } : { id: "validation.minLength", values: [min] };
      return { id: "validation.min", values: [issue.inclusive ? min : min] };
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string" || issue.origin === "array") return { id: "validation.maxLength", values: [max] };
      return { id: "validation.max", values: [max] };
    }
    case "invalid_format":
      if (isEmpty(value)) return { id: "validation.required" };
      if (issue.format === "email") return { id: "validation.email" };
      if (issue.format === "datetime" || issue.format === "date") return { id: "validation.date" };
      return { id: "validation.pattern" };
    case "not_multiple_of":
      return { id: "validation.step", values: [Number(issue.divisor)] };
    case "invalid_value":
      return isEmpty(value) ? { id: "validation.required" } : { id: "validation.pattern" };
    case "custom":
      if (params?.rule) return { id: `validation.${params.rule}`, values: params.values };
      return { id: "validation.pattern" };
    default:
      return isEmpty(value) ? { id: "validation.required" } : { id: "validation.pattern" };
  }
}

export function validationError(issues: readonly Issue[], data: unknown): AppError {
  const fields: Record<string, FieldMessage> = {};
  for (const issue of issues) {
    const name = issue.path.length ? issue.path.map(String).join(".") : "_";
    fields[name] ??= issueMessage(issue, data);
  }
  return new AppError("validation", "error.validation", [], 400, fields);
}
