// Typed form fields drawn from the JSON Schema of an API schema (what a resource's page sends):
// text, number and money inputs, selects for enums, checkboxes, and — for the structures an item
// holds (a crew's gains table, its price groups) — nested fields and rows that can be added and
// removed. Values are flat form strings keyed by path ("groups.1.priceGold"), so the server's
// field errors ("groups.1.priceGold") land under their own input; toInput builds the nested item.
import { useEffect } from "react";
import { msg, ph, t } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { FormField } from "../../components/Form.tsx";
import type { Form as FormState } from "../../lib/form.ts";
import { fmtInt } from "../../lib/i18n.ts";

export interface Prop {
  type?: string;
  enum?: string[];
  anyOf?: Prop[];
  default?: unknown;
  properties?: Record<string, Prop>;
  items?: Prop;
  required?: string[];
}
export type Kind = "bool" | "enum" | "number" | "text" | "object" | "array";

export const enumOf = (p: Prop) => p.enum ?? p.anyOf?.find((a) => a.enum)?.enum;
export const nullable = (p: Prop) => !!p.anyOf?.some((a) => a.type === "null");
export function kindOf(p: Prop): Kind {
  if (p.type === "boolean" || p.anyOf?.some((a) => a.type === "boolean")) return "bool";
  if (enumOf(p)) return "enum";
  if (p.type === "integer" || p.type === "number") return "number";
  if (p.type === "object" && p.properties) return "object";
  if (p.type === "array" && p.items?.properties) return "array";
  return "text";
}

/** Names of fields and columns (a name without one shows as it is). */
export const FIELD_LABELS: Record<string, MessageDescriptor> = {
  id: msg`Id`, nameRu: msg`Name (ru)`, nameEn: msg`Name (en)`, name: msg`Name`, nation: msg`Nation`, type: msg`Type`, tier: msg`Tier`,
  requiredLevel: msg`Level required`, premium: msg`Premium`, priceGold: msg`Price, gold`, priceSilver: msg`Price, silver`,
  hp: msg`Hit points`, damage: msg`Damage`, penetration: msg`Penetration`, armor: msg`Armour`, speed: msg`Speed, km/h`,
  rateOfFire: msg`Shots/min ×10`, sortOrder: msg({ message: "Order", context: "sort order" }), active: msg`Active`, slot: msg`Slot`,
  bonus: msg`Bonus, %`, season: msg`Season`, concealment: msg`Concealment, %`, durationDays: msg`Days (0: forever)`, image: msg`Image`, kind: msg`Kind`,
  role: msg`Role`, levelCap: msg`Level cap`, xpBase: msg`XP for level 2`, xpGrowth: msg`XP growth per level, %`, groups: msg`Price groups`,
  group: msg`Group`, startLevel: msg`Starting level`, gains: msg`XP per battle`, win: msg`Win`, draw: msg`Draw`, loss: msg`Loss`,
  upgrades: msg`Skill training prices`, speedups: msg`Speed-up prices`, level: msg`Level`, rarity: msg`Rarity`, days: msg`Days (0: forever)`,
  stat: msg`Stat`, minTier: msg`Lowest tier`, maxTier: msg`Highest tier`, aimError: msg`Aim error, 0.1°`, reactionMs: msg`Reaction, ms`,
  aggression: msg`Aggression, 0–100`, weight: msg`Weight`, target: msg({ message: "Target", context: "task goal" }), tankType: msg`Tank class`, minLevel: msg`Lowest level`,
  maxLevel: msg`Highest level`, rewardCurrency: msg`Reward currency`, rewardAmount: msg`Reward`,
};

/** Enum values as players and operators say them. */
const VALUE_LABELS: Record<string, MessageDescriptor> = {
  commander: msg`Commander`, gunner: msg`Gunner`, driver: msg`Driver`, loader: msg`Loader`, radio: msg`Radio operator`,
  recruit: msg`Recruit`, school: msg`Tank school`, academy: msg`Academy`,
  flag: msg`Flag`, horn: msg`Horn`, trail: msg`Trail`, smoke: msg`Smoke`, skin: msg`Skin`,
  common: msg`Common`, rare: msg`Rare`, epic: msg`Epic`, legendary: msg`Legendary`,
  damage: msg`Damage`, penetration: msg`Penetration`, armor: msg`Armour`, speed: msg`Speed`, rateOfFire: msg`Rate of fire`, hp: msg`Hit points`, viewRange: msg`View range`,
  win_battles: msg`Win battles`, play_battles: msg`Play battles`, deal_damage: msg`Deal damage`, destroy_tanks: msg`Destroy tanks`, earn_silver: msg`Earn silver`, play_class: msg`Play a tank class`,
  silver: msg`Silver`, gold: msg`Gold`,
  light: msg`Light tank`, medium: msg`Medium tank`, heavy: msg`Heavy tank`, td: msg`Tank destroyer`, spg: msg`SPG`,
  gun: msg`Gun`, turret: msg`Turret`, engine: msg`Engine`, tracks: msg`Suspension`,
};

let extraLabels: Record<string, MessageDescriptor> = {};
/** Another area's field names over these (set by the screen shown). */
export const setExtraLabels = (l: Record<string, MessageDescriptor> | undefined) => void (extraLabels = l ?? {});
export const label = (k: string) => (extraLabels[k] ? t(extraLabels[k]) : FIELD_LABELS[k] ? t(FIELD_LABELS[k]) : k);
export const valueLabel = (v: string) => (VALUE_LABELS[v] ? t(VALUE_LABELS[v]) : v);
export const show = (v: unknown) => (typeof v === "boolean" ? (v ? t`yes` : t`no`) : typeof v === "number" ? fmtInt(v) : v == null ? "" : typeof v === "string" ? valueLabel(v) : JSON.stringify(v));

const ROWS = "#";

/** The item's values as flat form strings (arrays keep their row count under "key.#"). */
export function flatten(props: Record<string, Prop>, item: Record<string, unknown>, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, p] of Object.entries(props)) {
    const v = item[k] ?? p.default;
    const name = `${prefix}${k}`;
    const kind = kindOf(p);
    if (kind === "object") Object.assign(out, flatten(p.properties!, (v ?? {}) as Record<string, unknown>, `${name}.`));
    else if (kind === "array") {
      const rows = Array.isArray(v) ? (v as Record<string, unknown>[]) : [];
      out[`${name}.${ROWS}`] = String(rows.length);
      rows.forEach((r, i) => Object.assign(out, flatten(p.items!.properties!, r, `${name}.${i}.`)));
    } else out[name] = v == null ? (kind === "bool" ? "false" : "") : String(v);
  }
  return out;
}

/** Flat form strings back to the item the API takes (numbers and booleans typed, blanks left out). */
export function unflatten(props: Record<string, Prop>, values: Record<string, string>, prefix = ""): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, p] of Object.entries(props)) {
    const name = `${prefix}${k}`;
    const kind = kindOf(p);
    if (kind === "object") out[k] = unflatten(p.properties!, values, `${name}.`);
    else if (kind === "array") {
      const n = Number(values[`${name}.${ROWS}`] ?? 0);
      if (values[`${name}.${ROWS}`] === undefined) continue;
      out[k] = Array.from({ length: n }, (_, i) => unflatten(p.items!.properties!, values, `${name}.${i}.`));
    } else {
      const raw = values[name];
      if (raw === undefined) continue;
      const text = raw.trim();
      if (text === "") out[k] = nullable(p) ? null : undefined;
      else if (kind === "bool") out[k] = text === "true";
      else if (kind === "number" && /^-?\d+(\.\d+)?$/.test(text)) out[k] = Number(text);
      else out[k] = text;
    }
  }
  return out;
}

/** Inputs for the given fields of a schema (all when `only` is not given). */
export function SchemaFields({ form, props, only, money = [], prefix = "" }: { form: FormState; props: Record<string, Prop>; only?: string[]; money?: string[]; prefix?: string }) {
  return (
    <>
      {Object.entries(props)
        .filter(([k]) => !only || only.includes(k))
        .map(([k, p]) => (
          <Field key={k} form={form} name={`${prefix}${k}`} field={k} p={p} money={money} />
        ))}
    </>
  );
}

function Field({ form, name, field, p, money }: { form: FormState; name: string; field: string; p: Prop; money: string[] }) {
  const kind = kindOf(p);
  if (kind === "bool") return <FormField form={form} name={name} label={label(field)} type="checkbox" />;
  if (kind === "enum") {
    const options = enumOf(p)!.map((o): [string, string] => [o, valueLabel(o)]);
    return <FormField form={form} name={name} label={label(field)} type="select" options={[["", nullable(p) ? t`— none —` : ""], ...options]} />;
  }
  // A money field shows the amount as it reads (20 000) under the digits typed.
  const amount = Number(form.values[name]);
  if (kind === "number") return <FormField form={form} name={name} label={label(field)} type="number" hint={money.includes(field) && form.values[name] && Number.isFinite(amount) && amount >= 1000 ? fmtInt(amount) : undefined} />;
  if (kind === "object")
    return (
      <fieldset className="tk-fieldset">
        <legend>{label(field)}</legend>
        <div className="tk-columns">
          <SchemaFields form={form} props={p.properties!} money={money} prefix={`${name}.`} />
        </div>
      </fieldset>
    );
  if (kind === "array") return <Rows form={form} name={name} field={field} p={p} money={money} />;
  return <FormField form={form} name={name} label={label(field)} />;
}

/** A list of rows of one structure: each row's fields, a remove button, and "Add a row". */
function Rows({ form, name, field, p, money }: { form: FormState; name: string; field: string; p: Prop; money: string[] }) {
  const sub = p.items!.properties!;
  const count = Number(form.values[`${name}.${ROWS}`] ?? 0);
  useEffect(() => {
    if (form.values[`${name}.${ROWS}`] === undefined) form.set(`${name}.${ROWS}`, "0");
  }, [name]);
  const add = () => {
    const blank = flatten(sub, {}, `${name}.${count}.`);
    for (const [k, v] of Object.entries(blank)) form.set(k, v);
    form.set(`${name}.${ROWS}`, String(count + 1));
  };
  const remove = (i: number) => {
    for (let j = i; j < count - 1; j++) for (const k of Object.keys(sub)) form.set(`${name}.${j}.${k}`, form.values[`${name}.${j + 1}.${k}`] ?? "");
    form.set(`${name}.${ROWS}`, String(count - 1));
  };
  return (
    <fieldset className="tk-fieldset">
      <legend>{label(field)}</legend>
      {count === 0 && <p className="tk-hint">{t`No rows yet.`}</p>}
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="tk-subrow" style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(110px, 1fr))", alignItems: "end", gap: 8, paddingBottom: 8, borderBottom: "1px solid #2a3540", marginBottom: 8 }}>
          <SchemaFields form={form} props={sub} money={money} prefix={`${name}.${i}.`} />
          <button type="button" className="tk-btn tk-danger" onClick={() => remove(i)} aria-label={t`Remove row ${ph({ n: i + 1 })}`}>
            {t`Remove`}
          </button>
        </div>
      ))}
      <button type="button" className="tk-btn" onClick={add}>
        {t`Add a row`}
      </button>
    </fieldset>
  );
}
