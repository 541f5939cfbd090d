// What both experiments screens share: status names, the page data's shape and the general
// settings form's schema (the route's rules, from the API's field schemas).
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { z } from "zod";
import { optionalText, text } from "../../../api/domain/fields.ts";

export type Status = "draft" | "running" | "stopped";
export const STATUS: Record<Status, MessageDescriptor> = {
  draft: msg`Draft`,
  running: msg`Running`,
  stopped: msg`Stopped`,
};
export const SCOPE: Record<string, MessageDescriptor> = { client: msg`Client options`, server: msg`Server options` };

/** scope → option key → its variant names. */
export type OptionKeys = Record<string, Record<string, string[]>>;

export const generalSchema = z.object({
  name: text(1, 100),
  description: optionalText(2000),
  optionScope: z.enum(["client", "server"]),
  optionKey: text(1, 64),
});
