// Who enters an experiment: a level range, platforms (none ticked: all), countries (none: all),
// registered at or after a moment, a saved audience they must be members of (named with its size
// now), and the percentage of those players.
import { plural, t } from "@lingui/core/macro";
import { z } from "zod";
import { sendRaw, useApi } from "../../lib/api.ts";
import { fmtDateTime } from "../../lib/i18n.ts";
import { useForm } from "../../lib/form.ts";
import { Form, FormField } from "../../components/Form.tsx";
import { toast } from "../../components/Toasts.tsx";
import { dateTime, int, optional } from "../../../api/domain/fields.ts";
import { valueText } from "../../shell/AdminLabels.ts";
import * as experiments from "../../../api/contracts/admin/experiments.ts";
import * as audiences from "../../../api/contracts/admin/audiences.ts";

export interface Conditions {
  levelMin: number;
  levelMax: number;
  platforms: string[];
  countries: string[];
  registeredAfter?: number;
  percent: number;
  audienceId?: number;
}

const schema = z.object({
  levelMin: int(1, 100),
  levelMax: int(1, 100),
  countries: z.array(z.string().regex(/^[A-Z]{2}$/, { params: { rule: "pattern" } } as never)),
  registeredAfter: optional(dateTime()),
  percent: int(1, 100),
  audienceId: optional(int(1, Number.MAX_SAFE_INTEGER)),
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
    audienceId: conditions.audienceId === undefined ? "" : String(conditions.audienceId),
  };
  const saved = useApi(audiences.list, {});
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
      <FormField
        form={form}
        name="audienceId"
        label={t`Saved audience`}
        type="select"
        hint={t`Only its members now may be enrolled; a player who leaves it gets the default again.`}
        options={[
          ["", saved.data ? t`None` : t`Loading…`] as [string, string],
          ...(saved.data?.audiences ?? []).map(
            (a) =>
              [
                String(a.id),
                `${a.name} — ${plural(a.size, { one: "# player", other: "# players" })}${a.active ? "" : ` (${t({ message: "inactive", context: "saved audience" })})`}`,
              ] as [string, string],
          ),
        ]}
      />
    </Form>
  );
}
