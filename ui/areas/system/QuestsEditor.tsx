// The `quests` server option as a typed form (docs/decisions/progression.md): a list of quests,
// each with its key, names, minimum level, ordered steps (goal kind, target, tank class) and reward.
// It validates with the save route's own shape (api/domain/quests-shape.ts) and saves through the
// options save route, so audit, cache invalidation and the optionsData document keep working.
import { useEffect, useRef, useState } from "react";
import { t, msg } from "@lingui/core/macro";
import { i18n, type MessageDescriptor } from "@lingui/core";
import {
  questsShape,
  DAILY_TASK_KINDS,
  REWARD_CURRENCIES,
  TANK_TYPES,
  MAX_QUESTS,
  MAX_QUEST_STEPS,
} from "../../../api/domain/quests-shape.ts";
import { validate, type FieldErrors } from "../../lib/form.ts";

const KIND_LABELS: Record<(typeof DAILY_TASK_KINDS)[number], MessageDescriptor> = {
  win_battles: msg`Win battles`,
  play_battles: msg`Play battles`,
  deal_damage: msg`Deal damage`,
  destroy_tanks: msg`Destroy tanks`,
  earn_silver: msg`Earn silver`,
  play_class: msg`Play a tank class`,
};
const CURRENCY_LABELS: Record<(typeof REWARD_CURRENCIES)[number], MessageDescriptor> = {
  silver: msg`Silver`,
  gold: msg`Gold`,
};
const TANK_LABELS: Record<(typeof TANK_TYPES)[number], MessageDescriptor> = {
  light: msg`Light tank`,
  medium: msg`Medium tank`,
  heavy: msg`Heavy tank`,
  td: msg`Tank destroyer`,
  spg: msg`Artillery`,
};

interface StepForm {
  kind: string;
  target: string;
  tankType: string;
}
interface QuestForm {
  key: string;
  nameRu: string;
  nameEn: string;
  minLevel: string;
  steps: StepForm[];
  currency: string;
  amount: string;
}

const str = (v: unknown) => (v === undefined || v === null ? "" : String(v));
const rec = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The stored value as form text (anything that is not a list starts an empty list). */
export function toForm(value: unknown): QuestForm[] {
  return (Array.isArray(value) ? value : []).map((q) => {
    const o = rec(q);
    const reward = rec(o.reward);
    return {
      key: str(o.key),
      nameRu: str(o.nameRu),
      nameEn: str(o.nameEn),
      minLevel: str(o.minLevel ?? 1),
      steps: (Array.isArray(o.steps) ? o.steps : []).map((s) => {
        const st = rec(s);
        return { kind: str(st.kind), target: str(st.target), tankType: str(st.tankType) };
      }),
      currency: str(reward.currency),
      amount: str(reward.amount),
    };
  });
}

/** The form as the option's JSON value (numbers where the text is a number, so the shape checks the rest). */
export function toValue(quests: QuestForm[]): unknown[] {
  const num = (s: string) => (/^-?\d+$/.test(s.trim()) ? Number(s.trim()) : s);
  return quests.map((q) => ({
    key: q.key.trim(),
    nameRu: q.nameRu,
    nameEn: q.nameEn,
    minLevel: num(q.minLevel),
    steps: q.steps.map((s) => ({
      kind: s.kind,
      target: num(s.target),
      ...(s.tankType ? { tankType: s.tankType } : {}),
    })),
    reward: { currency: q.currency, amount: num(q.amount) },
  }));
}

const move = <T,>(list: T[], from: number, to: number) => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
};

/** The quests form; `save(value)` sends it and answers the server's field errors (paths under the value). */
export function QuestsEditor({
  value,
  busy,
  serverErrors,
  onChange,
  onSave,
}: {
  value: unknown;
  busy: boolean;
  serverErrors: FieldErrors;
  onChange: () => void;
  onSave: (value: unknown) => void;
}) {
  const [quests, setQuests] = useState<QuestForm[]>(() => toForm(value));
  const [submitted, setSubmitted] = useState(false);
  const check = validate(questsShape, toValue(quests));
  const clientErrors = check.ok ? {} : check.errors;
  const errorOf = (path: string) => serverErrors[`value.${path}`] ?? (submitted ? clientErrors[path] : undefined);
  const formError = serverErrors.value ?? (submitted ? clientErrors._ : undefined);
  // The server refused: its first field with a message takes the focus (as every form's does).
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (Object.keys(serverErrors).length) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [serverErrors]);

  const update = (next: QuestForm[]) => {
    setQuests(next);
    onChange();
  };
  const setQuest = (i: number, patch: Partial<QuestForm>) =>
    update(quests.map((q, j) => (j === i ? { ...q, ...patch } : q)));
  const setStep = (i: number, s: number, patch: Partial<StepForm>) =>
    setQuest(i, { steps: quests[i].steps.map((st, j) => (j === s ? { ...st, ...patch } : st)) });

  const field = (
    path: string,
    label: string,
    val: string,
    set: (v: string) => void,
    opts: { options?: [string, string][]; number?: boolean } = {},
  ) => {
    const id = `q-${path.replace(/\./g, "-")}`;
    const error = errorOf(path);
    const common = { id, name: path, "aria-invalid": !!error, "aria-describedby": error ? `${id}-error` : undefined };
    return (
      <div className="tk-field">
        <label htmlFor={id}>{label}</label>
        {opts.options ? (
          <select {...common} value={val} onChange={(e) => set(e.target.value)}>
            {opts.options.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...common}
            type="text"
            inputMode={opts.number ? "numeric" : undefined}
            value={val}
            onChange={(e) => set(e.target.value)}
          />
        )}
        {error && (
          <small id={`${id}-error`} className="tk-field-error">
            {error}
          </small>
        )}
      </div>
    );
  };

  const kinds = DAILY_TASK_KINDS.map((k): [string, string] => [k, i18n._(KIND_LABELS[k])]);
  const currencies = REWARD_CURRENCIES.map((c): [string, string] => [c, i18n._(CURRENCY_LABELS[c])]);
  const tankTypes: [string, string][] = [
    ["", t`Any class`],
    ...TANK_TYPES.map((c): [string, string] => [c, i18n._(TANK_LABELS[c])]),
  ];
  const newStep = (): StepForm => ({ kind: DAILY_TASK_KINDS[0], target: "1", tankType: "" });

  return (
    <form
      ref={formRef}
      className="tk-quests"
      noValidate
      aria-busy={busy}
      onSubmit={(e) => {
        e.preventDefault();
        setSubmitted(true);
        if (check.ok) onSave(toValue(quests));
        else setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      }}
    >
      {quests.length === 0 && <p className="tk-empty">{t`No quests yet. Add the first one.`}</p>}
      {quests.map((q, i) => (
        <fieldset key={i} className="tk-panel tk-quest">
          <legend>
            {t`Quest ${i + 1}`}
            {q.nameEn || q.nameRu ? ` — ${q.nameEn || q.nameRu}` : ""}
          </legend>
          <div className="tk-quest-fields">
            {field(`${i}.key`, t`Key`, q.key, (v) => setQuest(i, { key: v }))}
            {field(`${i}.nameRu`, t`Name (Russian)`, q.nameRu, (v) => setQuest(i, { nameRu: v }))}
            {field(`${i}.nameEn`, t`Name (English)`, q.nameEn, (v) => setQuest(i, { nameEn: v }))}
            {field(`${i}.minLevel`, t`Minimum level`, q.minLevel, (v) => setQuest(i, { minLevel: v }), {
              number: true,
            })}
          </div>
          <h3>{t`Steps`}</h3>
          {errorOf(`${i}.steps`) && (
            <p className="tk-field-error" role="alert">
              {errorOf(`${i}.steps`)}
            </p>
          )}
          <ol className="tk-quest-steps">
            {q.steps.map((s, j) => (
              <li key={j} className="tk-quest-step">
                <div className="tk-quest-fields">
                  {field(`${i}.steps.${j}.kind`, t`Goal`, s.kind, (v) => setStep(i, j, { kind: v }), {
                    options: kinds,
                  })}
                  {field(`${i}.steps.${j}.target`, t`Target number`, s.target, (v) => setStep(i, j, { target: v }), {
                    number: true,
                  })}
                  {field(`${i}.steps.${j}.tankType`, t`Tank class`, s.tankType, (v) => setStep(i, j, { tankType: v }), {
                    options: tankTypes,
                  })}
                </div>
                <div className="tk-row">
                  <button
                    type="button"
                    className="tk-btn"
                    disabled={j === 0}
                    onClick={() => setQuest(i, { steps: move(q.steps, j, j - 1) })}
                    aria-label={t`Move step ${j + 1} up`}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="tk-btn"
                    disabled={j === q.steps.length - 1}
                    onClick={() => setQuest(i, { steps: move(q.steps, j, j + 1) })}
                    aria-label={t`Move step ${j + 1} down`}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="tk-btn"
                    onClick={() => setQuest(i, { steps: q.steps.filter((_, k) => k !== j) })}
                  >{t`Remove step ${j + 1}`}</button>
                </div>
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="tk-btn"
            disabled={q.steps.length >= MAX_QUEST_STEPS}
            onClick={() => setQuest(i, { steps: [...q.steps, newStep()] })}
          >{t`Add a step`}</button>
          <h3>{t`Reward`}</h3>
          <div className="tk-quest-fields">
            {field(`${i}.reward.currency`, t`Currency`, q.currency, (v) => setQuest(i, { currency: v }), {
              options: currencies,
            })}
            {field(`${i}.reward.amount`, t`Amount`, q.amount, (v) => setQuest(i, { amount: v }), { number: true })}
          </div>
          <div className="tk-row">
            <button
              type="button"
              className="tk-btn"
              disabled={i === 0}
              onClick={() => update(move(quests, i, i - 1))}
            >{t`Move quest up`}</button>
            <button
              type="button"
              className="tk-btn"
              disabled={i === quests.length - 1}
              onClick={() => update(move(quests, i, i + 1))}
            >{t`Move quest down`}</button>
            <button
              type="button"
              className="tk-btn"
              onClick={() => update(quests.filter((_, k) => k !== i))}
            >{t`Remove quest`}</button>
          </div>
        </fieldset>
      ))}
      {formError && (
        <p className="tk-error" role="alert">
          {formError}
        </p>
      )}
      <div className="tk-row">
        <button
          type="button"
          className="tk-btn"
          disabled={quests.length >= MAX_QUESTS}
          onClick={() =>
            update([
              ...quests,
              {
                key: "",
                nameRu: "",
                nameEn: "",
                minLevel: "1",
                steps: [newStep()],
                currency: REWARD_CURRENCIES[0],
                amount: "",
              },
            ])
          }
        >{t`Add a quest`}</button>
        <button type="submit" className="tk-btn tk-primary" disabled={busy}>{t`Save`}</button>
      </div>
    </form>
  );
}
