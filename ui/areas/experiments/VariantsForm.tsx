// An experiment's variants: a name, a weight and the option variant each turns on. Rows are
// form fields named as the route reports them (variants.0.name…), so its errors land under them.
import { useState } from "react";
import { t } from "@lingui/core/macro";
import { z } from "zod";
import { sendRaw } from "../../lib/api.ts";
import { useForm } from "../../lib/form.ts";
import { Form, FormField } from "../../components/Form.tsx";
import { toast } from "../../components/Toasts.tsx";
import { int, text } from "../../../api/domain/fields.ts";
import * as experiments from "../../../api/contracts/admin/experiments.ts";

export interface Variant {
  name: string;
  weight: number;
  optionVariant: string;
}

const schema = z.object({
  variants: z
    .array(z.object({ name: text(1, 64), weight: int(0, 1000), optionVariant: text(1, 64) }))
    .min(1)
    .max(10),
});

export function VariantsForm({
  id,
  variants,
  optionVariants,
  locked,
  onSaved,
}: {
  id: number;
  variants: Variant[];
  optionVariants: string[];
  locked: boolean;
  onSaved: () => void;
}) {
  const start = variants.length ? variants : [{ name: "control", weight: 1, optionVariant: "default" }];
  const [rows, setRows] = useState(start.map((_, i) => i));
  const initial: Record<string, string> = {};
  start.forEach((v, i) => {
    Object.assign(initial, {
      [`variants.${i}.name`]: v.name,
      [`variants.${i}.weight`]: String(v.weight),
      [`variants.${i}.optionVariant`]: v.optionVariant,
    });
  });
  const form = useForm(schema, initial, {
    toInput: (v) => ({
      variants: rows.map((i) => ({
        name: v[`variants.${i}.name`] ?? "",
        weight: v[`variants.${i}.weight`] ?? "",
        optionVariant: v[`variants.${i}.optionVariant`] ?? "",
      })),
    }),
  });
  const add = () => {
    const i = Math.max(-1, ...rows) + 1;
    form.set(`variants.${i}.name`, "");
    form.set(`variants.${i}.weight`, "1");
    form.set(`variants.${i}.optionVariant`, "");
    setRows([...rows, i]);
  };
  // Fields are named by position in the list the route gets: renumber after a removal.
  const remove = (gone: number) => {
    const kept = rows.filter((i) => i !== gone);
    const values = kept.map((i) =>
      ["name", "weight", "optionVariant"].map((k) => form.values[`variants.${i}.${k}`] ?? ""),
    );
    values.forEach(([name, weight, optionVariant], i) => {
      form.set(`variants.${i}.name`, name);
      form.set(`variants.${i}.weight`, weight);
      form.set(`variants.${i}.optionVariant`, optionVariant);
    });
    setRows(kept.map((_, i) => i));
  };
  if (locked) return <p className="tk-hint">{t`A running experiment's variants cannot be edited; stop it first.`}</p>;
  const choices: [string, string][] = [["", "—"], ...optionVariants.map((v): [string, string] => [v, v])];
  return (
    <Form
      form={form}
      submitLabel={t`Save variants`}
      actions={
        <button type="button" className="tk-btn" onClick={add} disabled={rows.length >= 10}>{t`Add a variant`}</button>
      }
      onSubmit={form.submit(async (input) => {
        await sendRaw(experiments.saveVariants, { ...input, id });
        toast.ok(t`Saved`);
        onSaved();
      })}
    >
      {rows.map((i) => (
        <div className="tk-row" key={i} data-variant={i}>
          <FormField form={form} name={`variants.${i}.name`} label={t`Variant name`} />
          <FormField form={form} name={`variants.${i}.weight`} label={t`Weight`} type="number" />
          <FormField
            form={form}
            name={`variants.${i}.optionVariant`}
            label={t`Option variant`}
            type="select"
            options={choices}
          />
          <button
            type="button"
            className="tk-btn tk-danger"
            onClick={() => remove(i)}
            disabled={rows.length <= 1}
          >{t`Remove`}</button>
        </div>
      ))}
      {form.errors.variants && (
        <p className="tk-error" role="alert">
          {form.errors.variants}
        </p>
      )}
    </Form>
  );
}
