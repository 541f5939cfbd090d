// Who enters an experiment: a level range, platforms (none ticked: all), countries (none: all),
// registered at or after a moment, and the percentage of those players.
import { t } from "@lingui/core/macro";
import { z } from "zod";
import { sendRaw } from "../../lib/api.ts";
import { fmtDateTime } from "../../lib/i18n.ts";
import { useForm } from "../../lib/form.ts";
import { Form, FormField } from "../../components/Form.tsx";
import { toast } from "../../components/Toasts.tsx";
import { dateTime, int, optional } from "../../../api/domain/fields.ts";
import { valueText } from "../../shell/AdminLabels.ts";
import * as experiments from "../../../api/contracts/admin/experiments.ts";

export interface Conditions {
  levelMin: number;
  levelMax: number;
  platforms: string[];
  countries: string[];
  registeredAfter?: number;
  percent: number;
}

const schema = z.object({
  levelMin: int(1, 100),
  levelMax: int(1, 100),
  countries: z.array(z.string().regex(/^[A-Z]{2}$/, { params: { rule: "pattern" } } as never)),
  registeredAfter: optional(dateTime()),
  percent: int(1, 100),
});

export function ConditionsForm({
  id,
  conditions,
  platforms,
  onSaved,
}: {
  id: number;
  conditions: Conditions;
  platforms: string[];
  onSaved: () => void;
}) {
  const initial: Record<string, string> = {
    levelMin: String(conditions.levelMin),
    levelMax: String(conditions.levelMax),
    countries: conditions.countries.join(", "),
    registeredAfter: conditions.registeredAfter ? fmtDateTime(conditions.registeredAfter) : "",
    percent: String(conditions.percent),
  };
  for (const p of platforms) initial[`platform_${p}`] = conditions.platforms.includes(p) ? "true" : "false";
  const form = useForm(schema, initial, {
    toInput: (v) => ({
      ...v,
      countries: v.countries
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((c) => c.toUpperCase()),
      platforms: platforms.filter((p) => v[`platform_${p}`] === "true"),
    }),
  });
  return (
    <Form
      form={form}
      submitLabel={t`Save conditions`}
      onSubmit={form.submit(async (input) => {
        await sendRaw(experiments.saveConditions, { ...input, id });
        toast.ok(t`Saved`);
        onSaved();
      })}
    >
      <div className="tk-row">
        <FormField form={form} name="levelMin" label={t`Level from`} type="number" />
        <FormField form={form} name="levelMax" label={t`Level to`} type="number" />
        <FormField form={form} name="percent" label={t`Percent of players`} type="number" />
      </div>
      <fieldset>
        <legend>{t`Platforms (none ticked: all)`}</legend>
        <div className="tk-row">
          {platforms.map((p) => (
            <FormField key={p} form={form} name={`platform_${p}`} label={valueText("platform", p)} type="checkbox" />
          ))}
        </div>
      </fieldset>
      <FormField
        form={form}
        name="countries"
        label={t`Countries`}
        hint={t`Two-letter codes separated by commas; empty: all countries`}
      />
      <FormField
        form={form}
        name="registeredAfter"
        label={t`Registered at or after`}
        hint={t`DD.MM.YYYY HH:mm:ss; empty: any time`}
      />
    </Form>
  );
}
