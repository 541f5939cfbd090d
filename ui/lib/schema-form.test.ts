// The schema-driven form's mapping, checked against the API's own shapes: each property becomes
// the input its type asks for, a document goes to flat form strings and comes back equal, typed
// text comes back typed, and list rows move up when one is removed.
import { describe, expect, test } from "bun:test";
import { z } from "zod";
import { flatten, kindOf, pathLabel, propsOf, removeRow, unflatten, type Prop } from "./schema-form.ts";
import { kitSchema } from "../../api/domain/content.ts";
import { adSettingsShape } from "../../api/domain/ads.ts";
import { battleOptionsShape, OPTION_SHAPES } from "../../api/domain/options.ts";

const json = (s: z.ZodType) => z.toJSONSchema(s, { io: "input", unrepresentable: "any" }) as Prop;
const kinds = (p: Record<string, Prop>) => Object.fromEntries(Object.entries(p).map(([k, v]) => [k, kindOf(v)]));

describe("schema → fields", () => {
  test("a kit: names are text, its items rows of (kind select, id number, count number), prices numbers, active a checkbox", () => {
    const props = propsOf(json(kitSchema));
    expect(kinds(props)).toEqual({
      id: "number",
      nameRu: "text",
      nameEn: "text",
      items: "array",
      requiredLevel: "number",
      sortOrder: "number",
      active: "bool",
      priceGold: "number",
      priceSilver: "number",
    });
    expect(kinds(props.items.items!.properties!)).toEqual({ kind: "enum", id: "number", count: "number" });
  });
  test("ad settings: three groups; networks are checkboxes, caps and rewards numbers", () => {
    const props = propsOf(json(adSettingsShape));
    expect(kinds(props)).toEqual({ networks: "object", caps: "object", rewarded: "object" });
    expect(Object.values(kinds(props.networks.properties!))).toEqual(["bool", "bool", "bool", "bool", "bool"]);
    expect(kinds(props.caps.properties!)).toEqual({ perHour: "number", perDay: "number", minSecondsBetween: "number" });
  });
  test("battle options: maps are a list of names; option shapes map to selects and checkboxes", () => {
    expect(kinds(propsOf(json(battleOptionsShape)))).toEqual({
      roundSeconds: "number",
      respawn: "bool",
      maps: "list",
      teamSize: "number",
      maxWaitSeconds: "number",
      tierSpread: "number",
      lateJoinSeconds: "number",
      mapDefs: "array",
      drainSeconds: "number",
    });
    expect(kinds(propsOf(json(OPTION_SHAPES.client["battle.hud"])))).toEqual({
      showDamageNumbers: "bool",
      minimapSize: "enum",
      crosshair: "enum",
    });
  });
  test("a value of no known shape is a free-form JSON box, not a text input", () => {
    expect(kindOf({})).toBe("json");
    expect(kindOf({ type: "object", additionalProperties: { type: "string" } })).toBe("json");
    expect(kindOf({ type: "string" })).toBe("text");
  });
});

describe("flat values and back", () => {
  const kit = {
    id: 3,
    nameRu: "Набор",
    nameEn: "Kit",
    items: [
      { kind: "tank", id: 123, count: 1 },
      { kind: "consumable", id: 8, count: 50 },
    ],
    requiredLevel: 10,
    sortOrder: 3,
    active: true,
    priceGold: 7500,
    priceSilver: 0,
  };
  const props = propsOf(json(kitSchema));
  test("a kit round-trips and passes the API's schema", () => {
    const flat = flatten(props, kit);
    expect(flat["items.#"]).toBe("2");
    expect(flat["items.1.count"]).toBe("50");
    expect(flat.active).toBe("true");
    const back = unflatten(props, flat);
    expect(back).toEqual(kit);
    expect(kitSchema.safeParse(back).success).toBe(true);
  });
  test("typed text comes back typed; what is not a number stays text so the schema names the field", () => {
    const flat = { ...flatten(props, kit), "items.0.count": " 7 ", priceGold: "12x", active: "false", nameEn: "  " };
    const back = unflatten(props, flat) as typeof kit;
    expect(back.items[0].count).toBe(7);
    expect(back.priceGold).toBe("12x" as never);
    expect(back.active).toBe(false);
    expect("nameEn" in back).toBe(false);
    const issues = kitSchema.safeParse(back).error!.issues.map((i) => i.path.join("."));
    expect(issues.sort()).toEqual(["nameEn", "priceGold"]);
  });
  test("ad settings round-trip through nested groups", () => {
    const ads = {
      networks: { yandex: true, vk: false, applovin: true, admob: false, unity: false },
      caps: { perHour: 4, perDay: 20, minSecondsBetween: 90 },
      rewarded: { silver: 1500, perDay: 5 },
    };
    const p = propsOf(json(adSettingsShape));
    const flat = flatten(p, ads);
    expect(flat["caps.perDay"]).toBe("20");
    expect(flat["networks.vk"]).toBe("false");
    expect(unflatten(p, flat)).toEqual(ads);
  });
  test("a list of names round-trips; a removed row moves the later ones up", () => {
    const p = propsOf(json(battleOptionsShape));
    const doc = { roundSeconds: 420, respawn: false, maps: ["a", "b", "c"] };
    const flat = flatten(p, doc);
    // A list of rows the document left out comes back empty (the operators' own maps: none).
    expect(unflatten(p, flat)).toEqual({ ...doc, mapDefs: [] });
    const less = removeRow(flat, "maps", 1);
    expect(unflatten(p, less).maps).toEqual(["a", "c"]);
    const kitFlat = removeRow(flatten(props, kit), "items", 0);
    expect((unflatten(props, kitFlat) as typeof kit).items).toEqual([{ kind: "consumable", id: 8, count: 50 }]);
    expect(kitFlat["items.1.count"]).toBeUndefined();
  });
  test("defaults fill a new item; a free-form value is edited as JSON text", () => {
    expect(flatten(props, {}).requiredLevel).toBe("1");
    const free = { value: {} as Prop };
    expect(flatten(free, { value: { a: [1] } }).value).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(unflatten(free, { value: '{"a":[1]}' })).toEqual({ value: { a: [1] } });
  });
});

test("a path is said with the fields' names, rows counted from 1", () => {
  const names: Record<string, string> = { prices: "Prices", amount: "Amount" };
  expect(
    pathLabel(
      "prices.0.amount",
      (f) => names[f] ?? f,
      (n) => `row ${n}`,
    ),
  ).toBe("Prices · row 1 · Amount");
});
