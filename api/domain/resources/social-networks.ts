// /admin/socialNetwork/: the networks players sign in with — key (as the game sends it), name,
// enabled, the app id registered with the network.
import { z } from "zod";
import { socialNetworks } from "../../db/schema/system.ts";
import * as f from "../fields.ts";
import type { ResourceDescription } from "../resources.ts";

export const socialNetworkSchema = z.object({
  id: f.optional(f.id()),
  key: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{1,31}$/),
  name: f.text(1, 100),
  enabled: f.optional(f.bool()).default(true),
  appId: f.optional(f.text(0, 200)).default(""),
  sortOrder: f.optional(f.int(0, 10_000)).default(0),
  /** https://… with {uid}: where goToMailProfile sends an operator. */
  profileUrl: f.optional(
    z
      .string()
      .trim()
      .max(300)
      .regex(/^https?:\/\/[^\s]*\{uid\}[^\s]*$/),
  ),
});

export const socialNetworkArea: ResourceDescription = {
  name: "socialNetwork",
  base: "/admin/socialNetwork/",
  role: "admin",
  table: socialNetworks,
  schema: socialNetworkSchema,
  columns: ["id", "key", "name", "enabled", "appId", "sortOrder", "profileUrl"],
  search: ["key", "name"],
  filters: ["enabled"],
  actions: { set: "save", remove: "remove" },
  unique: ["key"],
};
