// The ad placements' settings (/admin/ads/settings/), one description on the resources
// mechanism: a placement per network, its settings checked by the domain's schema.
import { adPlacements } from "../../db/schema/ads.ts";
import { AD_NETWORKS, placementSchema } from "../ads.ts";
import type { ResourceDescription } from "../resources.ts";
import * as ads from "../../contracts/admin/ads.ts";

export const placementArea: ResourceDescription = {
  name: "adPlacement",
  base: "/admin/ads/settings/",
  role: "operator",
  table: adPlacements,
  schema: placementSchema,
  ...ads.PLACEMENT_LIST,
  page: ads.placementsPage,
  search: ["placement"],
  actions: { list: "load", set: "save", remove: "remove" },
  methods: { list: "POST", set: "POST", remove: "DELETE" },
  removeByPath: true,
  serverIds: true,
  unique: [["placement", "network"]],
  pageData: async () => ({ networks: AD_NETWORKS }),
};
