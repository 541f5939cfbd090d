// /admin/commonGeoip/: the regions and cities of a country (GeoNames, offline; domain/geo.ts), one
// at a time or several at once, for the players' filters and their country/region/city fields.
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { contract } from "../contract.ts";

const S = { auth: "admin", role: "support" } as const;
const country = () =>
  z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() : v), z.string().regex(/^[A-Z]{2}$/));
const regionCode = () =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,20}$/);
/** A list as `a,b`, repeated keys, `key[]` or a JSON array. */
const list = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess(
    (v) =>
      typeof v === "string"
        ? v
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(item).min(1).max(max),
  );
const region = z.object({ code: z.string(), name: z.string() });
const cityQuery = { q: f.optionalText(60), limit: f.optional(f.int(1, 5000)).default(1000) };

export const page = contract({
  method: "ANY",
  path: "/admin/commonGeoip/",
  ...S,
  kind: "page",
  output: z.object({ countries: z.array(z.string()), source: z.string() }),
});

/** A country's first-level regions, by name. */
export const regions = contract({
  method: "ANY",
  path: "/admin/commonGeoip/getRegions",
  ...S,
  input: z.object({ country: country() }),
  output: z.object({ country: z.string(), regions: z.array(region) }),
});

/** A region's cities by name (`q`: those containing it). */
export const cities = contract({
  method: "ANY",
  path: "/admin/commonGeoip/getCities",
  ...S,
  input: z.object({ country: country(), region: regionCode(), ...cityQuery }),
  output: z.object({ country: z.string(), region: z.string(), cities: z.array(z.string()) }),
});

/** The regions of several countries, by country. */
export const regionsMulti = contract({
  method: "ANY",
  path: "/admin/commonGeoip/getRegionsMulti",
  ...S,
  input: z.object({ countries: list(country(), 50) }),
  output: z.object({ regions: z.record(z.string(), z.array(region)) }),
});

/** The cities of several regions, by region as COUNTRY.CODE (RU.48). */
export const citiesMulti = contract({
  method: "ANY",
  path: "/admin/commonGeoip/getCitiesMulti",
  ...S,
  input: z.object({
    regions: list(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}\.[A-Za-z0-9]{1,20}$/),
      50,
    ),
    ...cityQuery,
  }),
  output: z.object({ cities: z.record(z.string(), z.array(z.string())) }),
});
