// /admin/audiences/ — saved audiences: the list (size, rules, actions) and an editor: the rules
// every member meets (country, platform, level, tier owned, payer, days since install, last seen,
// battles, clan, experiment variant, account kind, and the warehouse's facts: spend, battles,
// wins, damage, experience and active days over the last N days, days since the last purchase),
// then "any of" groups (at least one rule of each holds), with the live size of the audience as
// they are typed, and what happens to a player entering or leaving it.
import { useEffect, useState } from "react";
import { msg, ph, plural, t } from "@lingui/core/macro";
import { i18n, type MessageDescriptor } from "@lingui/core";
import { sendRaw, useApi, type ApiError } from "../../lib/api.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as audiences from "../../../api/contracts/admin/audiences.ts";
import { ErrorField, FieldError, FormMessage } from "../../components/Form.tsx";
import type { FieldErrorState } from "../../lib/field-errors.ts";
import { fmtDateTime, fmtInt } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { Table, type Column } from "../../components/Table.tsx";
import { toast } from "../../components/Toasts.tsx";
import { actionsColumn } from "../../components/RowMenu.tsx";
import { useSubmit } from "../../lib/form.ts";
import "./audiences.css";

type Audience = OutputOf<typeof audiences.list>["audiences"][number];
type Condition = Audience["definition"]["conditions"][number];
type Kind = Condition["kind"];
type Action = Audience["actions"][number];

const KINDS: Record<Kind, MessageDescriptor> = {
  country: msg`Country`,
  platform: msg`Platform`,
  level: msg`Level`,
  tierOwned: msg`Owns a tank of tier`,
  payer: msg`Payer`,
  spent: msg`Spent (USD cents, warehouse)`,
  battlesIn: msg`Battles in the period (warehouse)`,
  winsIn: msg`Wins in the period (warehouse)`,
  damageIn: msg`Damage dealt in the period (warehouse)`,
  experienceIn: msg`Experience earned in the period (warehouse)`,
  activeDays: msg`Days active in the period (warehouse)`,
  lastPurchaseDays: msg`Days since the last purchase (warehouse)`,
  daysSinceInstall: msg`Days since install`,
  lastSeenDays: msg`Days since last seen`,
  battles: msg`Battles`,
  clan: msg`In a clan`,
  variant: msg`Experiment variant`,
  account: msg`Account`,
};
/** The warehouse's figures over a window of days (spend's window may be left empty: the whole life). */
const WINDOWED: Kind[] = ["spent", "battlesIn", "winsIn", "damageIn", "experienceIn", "activeDays"];
const RANGED: Kind[] = [
  "level",
  "tierOwned",
  "daysSinceInstall",
  "lastSeenDays",
  "battles",
  "lastPurchaseDays",
  ...WINDOWED,
];
const PLATFORMS = ["web", "android", "ios"] as const;
const ACCOUNTS: Record<string, MessageDescriptor> = {
  guest: msg`Guest (not claimed)`,
  claimed: msg`Claimed guest`,
  registered: msg`Never a guest`,
};
const ACTION_KINDS: Record<Action["kind"], MessageDescriptor> = {
  grant: msg`Grant currency`,
  notify: msg`Send an inbox notification`,
  variant: msg`Put into an experiment variant`,
};

/** One rule as the form holds it: text as typed (the server's messages name what it refuses). */
interface Rule {
  key: number;
  kind: Kind;
  list: string;
  platforms: string[];
  min: string;
  max: string;
  days: string;
  yes: string;
  account: string;
  experimentId: string;
  variant: string;
}
interface Act {
  key: number;
  on: "enter" | "exit";
  kind: Action["kind"];
  currency: "gold" | "silver";
  amount: string;
  notificationId: string;
  experimentId: string;
  variant: string;
}
/** An "any of" group: at least one of its rules holds. */
interface Group {
  key: number;
  rules: Rule[];
}
interface Draft {
  id?: number;
  name: string;
  active: boolean;
  rules: Rule[];
  groups: Group[];
  acts: Act[];
}

let keys = 0;
const blankRule = (kind: Kind = "level"): Rule => ({
  key: ++keys,
  kind,
  list: "",
  platforms: [],
  min: "",
  max: "",
  // A window's period starts at 30 days (spend's may stay empty: the whole life).
  days: kind !== "spent" && WINDOWED.includes(kind) ? "30" : "",
  yes: "true",
  account: "guest",
  experimentId: "",
  variant: "",
});
const blankAct = (): Act => ({
  key: ++keys,
  on: "enter",
  kind: "grant",
  currency: "gold",
  amount: "",
  notificationId: "",
  experimentId: "",
  variant: "",
});
const str = (v: number | undefined) => (v === undefined ? "" : String(v));

function ruleOf(c: Condition): Rule {
  const r = blankRule(c.kind);
  if (c.kind === "country") r.list = c.in.join(", ");
  if (c.kind === "platform") r.platforms = [...c.in];
  if ("min" in c) r.min = str(c.min);
  if ("max" in c) r.max = str(c.max);
  if ("days" in c) r.days = str(c.days);
  if (c.kind === "payer") r.yes = String(c.is);
  if (c.kind === "clan") r.yes = String(c.member);
  if (c.kind === "account") r.account = c.is;
  if (c.kind === "variant") {
    r.experimentId = String(c.experimentId);
    r.variant = c.variant;
  }
  return r;
}
function actOf(a: Action): Act {
  const x = { ...blankAct(), on: a.on, kind: a.kind };
  if (a.kind === "grant") return { ...x, currency: a.currency, amount: String(a.amount) };
  if (a.kind === "notify") return { ...x, notificationId: String(a.notificationId) };
  return { ...x, experimentId: String(a.experimentId), variant: a.variant ?? "" };
}

function conditionInput(r: Rule): Record<string, unknown> {
  const range = { ...(r.min ? { min: r.min } : {}), ...(r.max ? { max: r.max } : {}) };
  switch (r.kind) {
    case "country":
      return { kind: r.kind, in: r.list.split(/[\s,]+/).filter(Boolean) };
    case "platform":
      return { kind: r.kind, in: r.platforms };
    case "payer":
      return { kind: r.kind, is: r.yes };
    case "clan":
      return { kind: r.kind, member: r.yes };
    case "account":
      return { kind: r.kind, is: r.account };
    case "variant":
      return { kind: r.kind, experimentId: r.experimentId, variant: r.variant };
    default:
      return { kind: r.kind, ...range, ...(WINDOWED.includes(r.kind) && r.days ? { days: r.days } : {}) };
  }
}
function actionInput(a: Act): Record<string, unknown> {
  if (a.kind === "grant") return { on: a.on, kind: a.kind, currency: a.currency, amount: a.amount };
  if (a.kind === "notify") return { on: a.on, kind: a.kind, notificationId: a.notificationId };
  return { on: a.on, kind: a.kind, experimentId: a.experimentId, variant: a.variant === "" ? null : a.variant };
}
const definitionInput = (d: Draft) => ({
  conditions: d.rules.map(conditionInput),
  groups: d.groups.map((g) => ({ anyOf: g.rules.map(conditionInput) })),
});

/** A rule in words, for the list. */
function ruleText(c: Condition): string {
  const name = i18n._(KINDS[c.kind]);
  switch (c.kind) {
    case "country":
    case "platform":
      return `${name}: ${c.in.join(", ")}`;
    case "payer":
      return c.is ? t`Payers` : t`Non-payers`;
    case "clan":
      return c.member ? t`In a clan` : t`Not in a clan`;
    case "account":
      return `${name}: ${i18n._(ACCOUNTS[c.is])}`;
    case "variant":
      return t`Experiment #${ph({ id: c.experimentId })}, variant ${ph({ variant: c.variant })}`;
    default: {
      const range = `${c.min ?? "…"}–${c.max ?? "…"}`;
      return "days" in c && c.days !== undefined
        ? t`${ph({ name })} ${ph({ range })} in ${ph({ days: c.days })} days`
        : `${name} ${range}`;
    }
  }
}

/** A whole definition in words: the rules, then each group's "(a or b)". */
function definitionText(d: Audience["definition"]): string {
  const parts = [
    ...d.conditions.map(ruleText),
    ...(d.groups ?? []).map((g) => `(${g.anyOf.map(ruleText).join(t` or `)})`),
  ];
  return parts.length ? parts.join("; ") : t`Every player`;
}

/** The audience's size as the rules stand, asked again a moment after each change. */
function SizePreview({ draft }: { draft: Draft }) {
  const [state, setState] = useState<{ size?: number; error?: string; busy: boolean }>({ busy: true });
  const body = JSON.stringify(definitionInput(draft));
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, busy: true }));
    const timer = setTimeout(() => {
      sendRaw(audiences.preview, { definition: JSON.parse(body) })
        .then((r) => live && setState({ size: r.size, busy: false }))
        .catch(
          (e: ApiError) =>
            live &&
            setState({
              // A rule not filled in yet: the save names the field; here a short word is enough.
              error: e.code === "validation" ? t`a rule is not complete yet` : e.message,
              busy: false,
            }),
        );
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [body]);
  return (
    <p className="tk-audience-size" aria-live="polite" data-testid="audience-size">
      {state.error !== undefined
        ? t`Size unknown: ${ph({ error: state.error })}`
        : state.size === undefined
          ? t`Counting…`
          : plural(state.size, { one: "# player now", other: "# players now" })}
    </p>
  );
}

function RuleRow({
  r,
  path,
  errors,
  set,
  remove,
}: {
  r: Rule;
  /** The rule's place in the definition (its server messages' path). */
  path: string;
  errors: FieldErrorState;
  set: (p: Partial<Rule>) => void;
  remove: () => void;
}) {
  /** A field of the rule: its id and aria state, its message taken away when edited. */
  const field = (name: string, change: (v: string) => void) => ({
    ...errors.input(`${path}.${name}`),
    onChange: (e: { target: { value: string } }) => {
      errors.clear(`${path}.${name}`);
      errors.clear(path);
      change(e.target.value);
    },
  });
  return (
    <div className="tk-audience-rule" data-rule={r.kind}>
      <label>
        {t`Rule`}
        <select
          value={r.kind}
          {...errors.input(path)}
          onChange={(e) => {
            errors.clear(path);
            set({ ...blankRule(e.target.value as Kind), key: r.key });
          }}
        >
          {(Object.keys(KINDS) as Kind[]).map((k) => (
            <option key={k} value={k}>
              {i18n._(KINDS[k])}
            </option>
          ))}
        </select>
      </label>
      {r.kind === "country" && (
        <label>
          {t`Countries, e.g. RU, KZ`}
          <input value={r.list} {...field("in", (list) => set({ list }))} />
        </label>
      )}
      {r.kind === "platform" &&
        PLATFORMS.map((p) => (
          <label key={p}>
            {p}
            <input
              type="checkbox"
              checked={r.platforms.includes(p)}
              onChange={(e) =>
                set({ platforms: e.target.checked ? [...r.platforms, p] : r.platforms.filter((x) => x !== p) })
              }
            />
          </label>
        ))}
      {RANGED.includes(r.kind) && (
        <>
          <label>
            {t`From`}
            <input inputMode="numeric" value={r.min} {...field("min", (min) => set({ min }))} />
            <FieldError errors={errors} name={`${path}.min`} />
          </label>
          <label>
            {t`To`}
            <input inputMode="numeric" value={r.max} {...field("max", (max) => set({ max }))} />
            <FieldError errors={errors} name={`${path}.max`} />
          </label>
        </>
      )}
      {WINDOWED.includes(r.kind) && (
        <label>
          {r.kind === "spent" ? t`Within days (empty: ever)` : t`Period: the last N days`}
          <input inputMode="numeric" value={r.days} {...field("days", (days) => set({ days }))} />
          <FieldError errors={errors} name={`${path}.days`} />
        </label>
      )}
      {(r.kind === "payer" || r.kind === "clan") && (
        <label>
          {t`Is`}
          <select value={r.yes} onChange={(e) => set({ yes: e.target.value })}>
            <option value="true">{t`yes`}</option>
            <option value="false">{t`no`}</option>
          </select>
        </label>
      )}
      {r.kind === "account" && (
        <label>
          {t`Kind`}
          <select value={r.account} onChange={(e) => set({ account: e.target.value })}>
            {Object.entries(ACCOUNTS).map(([k, m]) => (
              <option key={k} value={k}>
                {i18n._(m)}
              </option>
            ))}
          </select>
        </label>
      )}
      {r.kind === "variant" && (
        <>
          <label>
            {t`Experiment id`}
            <input inputMode="numeric" value={r.experimentId} onChange={(e) => set({ experimentId: e.target.value })} />
          </label>
          <label>
            {t`Variant`}
            <input value={r.variant} onChange={(e) => set({ variant: e.target.value })} />
          </label>
        </>
      )}
      <button type="button" className="tk-btn" onClick={remove}>{t`Remove rule`}</button>
      <FieldError errors={errors} name={path} />
      {r.kind === "country" && <FieldError errors={errors} name={`${path}.in`} />}
    </div>
  );
}

function ActRow({ a, set, remove }: { a: Act; set: (p: Partial<Act>) => void; remove: () => void }) {
  return (
    <div className="tk-audience-rule">
      <label>
        {t`When`}
        <select value={a.on} onChange={(e) => set({ on: e.target.value as Act["on"] })}>
          <option value="enter">{t`entering`}</option>
          <option value="exit">{t`leaving`}</option>
        </select>
      </label>
      <label>
        {t`Do`}
        <select value={a.kind} onChange={(e) => set({ kind: e.target.value as Act["kind"] })}>
          {(Object.keys(ACTION_KINDS) as Act["kind"][]).map((k) => (
            <option key={k} value={k}>
              {i18n._(ACTION_KINDS[k])}
            </option>
          ))}
        </select>
      </label>
      {a.kind === "grant" && (
        <>
          <label>
            {t`Currency`}
            <select value={a.currency} onChange={(e) => set({ currency: e.target.value as Act["currency"] })}>
              <option value="gold">{t`Gold`}</option>
              <option value="silver">{t`Silver`}</option>
            </select>
          </label>
          <label>
            {t`Amount`}
            <input inputMode="numeric" value={a.amount} onChange={(e) => set({ amount: e.target.value })} />
          </label>
        </>
      )}
      {a.kind === "notify" && (
        <label>
          {t`Notification id`}
          <input
            inputMode="numeric"
            value={a.notificationId}
            onChange={(e) => set({ notificationId: e.target.value })}
          />
        </label>
      )}
      {a.kind === "variant" && (
        <>
          <label>
            {t`Experiment id`}
            <input inputMode="numeric" value={a.experimentId} onChange={(e) => set({ experimentId: e.target.value })} />
          </label>
          <label>
            {t`Variant (empty: out)`}
            <input value={a.variant} onChange={(e) => set({ variant: e.target.value })} />
          </label>
        </>
      )}
      <button type="button" className="tk-btn" onClick={remove}>{t`Remove action`}</button>
    </div>
  );
}

function AudienceForm({ draft, onSaved, onCancel }: { draft: Draft; onSaved: () => void; onCancel: () => void }) {
  const [d, setD] = useState(draft);
  const { busy, errors, run } = useSubmit({ notice: false });
  const setRule = (key: number, p: Partial<Rule>) =>
    setD((x) => ({
      ...x,
      rules: x.rules.map((r) => (r.key === key ? { ...r, ...p } : r)),
      groups: x.groups.map((g) => ({ ...g, rules: g.rules.map((r) => (r.key === key ? { ...r, ...p } : r)) })),
    }));
  const setGroup = (key: number, rules: (rs: Rule[]) => Rule[]) =>
    setD((x) => ({ ...x, groups: x.groups.map((g) => (g.key === key ? { ...g, rules: rules(g.rules) } : g)) }));
  const setAct = (key: number, p: Partial<Act>) =>
    setD((x) => ({ ...x, acts: x.acts.map((a) => (a.key === key ? { ...a, ...p } : a)) }));
  const save = () =>
    run(async () => {
      const r = await sendRaw(audiences.save, {
        ...(d.id ? { id: d.id } : {}),
        name: d.name,
        active: d.active,
        definition: definitionInput(d),
        actions: d.acts.map(actionInput),
      });
      toast.ok(t`Audience saved: ${ph({ n: fmtInt(r.audience.size) })} members`);
      onSaved();
    });
  return (
    <form
      noValidate
      className="tk-form tk-panel tk-audience-form"
      aria-label={d.id ? t`Edit audience` : t`New audience`}
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <h2>{d.id ? t`Edit audience #${ph({ id: d.id })}` : t`New audience`}</h2>
      <ErrorField errors={errors} name="name" label={t`Name`}>
        <input name="name" value={d.name} onChange={(e) => setD({ ...d, name: e.target.value })} />
      </ErrorField>
      <fieldset>
        <legend>{t`Every member meets all of these rules (none: every player)`}</legend>
        {d.rules.map((r, i) => (
          <RuleRow
            key={r.key}
            r={r}
            path={`definition.conditions.${i}`}
            errors={errors}
            set={(p) => setRule(r.key, p)}
            remove={() => setD((x) => ({ ...x, rules: x.rules.filter((y) => y.key !== r.key) }))}
          />
        ))}
        <button
          type="button"
          className="tk-btn"
          onClick={() => setD((x) => ({ ...x, rules: [...x.rules, blankRule()] }))}
        >
          {t`Add rule`}
        </button>
      </fieldset>
      {d.groups.map((g, k) => (
        <fieldset key={g.key} className="tk-audience-group" data-testid="audience-group">
          <legend>{t`And at least one of these (group ${ph({ n: k + 1 })})`}</legend>
          {g.rules.map((r, i) => (
            <RuleRow
              key={r.key}
              r={r}
              path={`definition.groups.${k}.anyOf.${i}`}
              errors={errors}
              set={(p) => setRule(r.key, p)}
              remove={() => setGroup(g.key, (rs) => rs.filter((y) => y.key !== r.key))}
            />
          ))}
          <div className="tk-row">
            <button
              type="button"
              className="tk-btn"
              {...errors.input(`definition.groups.${k}.anyOf`)}
              onClick={() => {
                errors.clear(`definition.groups.${k}.anyOf`);
                setGroup(g.key, (rs) => [...rs, blankRule()]);
              }}
            >
              {t`Add rule to group ${ph({ n: k + 1 })}`}
            </button>
            <button
              type="button"
              className="tk-btn"
              onClick={() => setD((x) => ({ ...x, groups: x.groups.filter((y) => y.key !== g.key) }))}
            >
              {t`Remove group ${ph({ n: k + 1 })}`}
            </button>
          </div>
          <FieldError errors={errors} name={`definition.groups.${k}.anyOf`} />
        </fieldset>
      ))}
      <div className="tk-row">
        <button
          type="button"
          className="tk-btn"
          onClick={() => setD((x) => ({ ...x, groups: [...x.groups, { key: ++keys, rules: [blankRule()] }] }))}
        >
          {t`Add an "any of" group`}
        </button>
      </div>
      <SizePreview draft={d} />
      <fieldset>
        <legend>{t`Actions, once per entry`}</legend>
        {d.acts.map((a) => (
          <ActRow
            key={a.key}
            a={a}
            set={(p) => setAct(a.key, p)}
            remove={() => setD((x) => ({ ...x, acts: x.acts.filter((y) => y.key !== a.key) }))}
          />
        ))}
        <button type="button" className="tk-btn" onClick={() => setD((x) => ({ ...x, acts: [...x.acts, blankAct()] }))}>
          {t`Add action`}
        </button>
      </fieldset>
      <label>
        <input type="checkbox" checked={d.active} onChange={(e) => setD({ ...d, active: e.target.checked })} />{" "}
        {t({ message: "Active", context: "audience" })}
      </label>
      <FormMessage errors={errors} />
      <div className="tk-row">
        <button type="submit" className="tk-btn tk-primary" disabled={busy}>{t`Save audience`}</button>
        <button type="button" className="tk-btn" onClick={onCancel}>{t`Cancel`}</button>
      </div>
    </form>
  );
}

export default function AudiencesPage() {
  const list = useApi(audiences.list, {});
  const [editing, setEditing] = useState<Draft | null>(null);
  const columns: Column<Audience>[] = [
    { id: "id", label: "#", value: (a) => a.id },
    { id: "name", label: t`Name`, value: (a) => a.name },
    { id: "size", label: t`Members`, value: (a) => a.size, cell: (a) => fmtInt(a.size) },
    {
      id: "rules",
      label: t`Rules`,
      value: (a) => a.definition.conditions.length + (a.definition.groups?.length ?? 0),
      cell: (a) => definitionText(a.definition),
    },
    { id: "actions", label: t`Actions`, value: (a) => a.actions.length },
    {
      id: "sweptAt",
      label: t`Recomputed`,
      value: (a) => a.sweptAt ?? 0,
      cell: (a) => (a.sweptAt === null ? t`not yet` : fmtDateTime(a.sweptAt)),
    },
    { id: "active", label: t({ message: "Active", context: "audience" }), value: (a) => (a.active ? t`yes` : t`no`) },
    actionsColumn(
      (a) => [
        {
          label: t`Edit`,
          onClick: () =>
            setEditing({
              id: a.id,
              name: a.name,
              active: a.active,
              rules: a.definition.conditions.map(ruleOf),
              groups: (a.definition.groups ?? []).map((g) => ({ key: ++keys, rules: g.anyOf.map(ruleOf) })),
              acts: a.actions.map(actOf),
            }),
        },
      ],
      { label: "", id: "edit" },
    ),
  ];
  return (
    <section>
      <h1>{t`Audiences`}</h1>
      <div className="tk-row">
        <button
          type="button"
          className="tk-btn tk-primary"
          onClick={() => setEditing({ name: "", active: true, rules: [blankRule()], groups: [], acts: [] })}
        >
          {t`New audience`}
        </button>
      </div>
      {editing && (
        <AudienceForm
          key={editing.id ?? "new"}
          draft={editing}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
      <Load state={list} empty={(d) => d.audiences.length === 0}>
        {(d) => <Table rows={d.audiences} columns={columns} />}
      </Load>
    </section>
  );
}
