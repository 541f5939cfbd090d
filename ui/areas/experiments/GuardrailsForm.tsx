// The guardrails' bounds: for D1, D7 and battles per DAU, the largest drop against the control
// each allows (% of the control's figure; empty: not a guardrail). The maintenance timer stops a
// running experiment whose variant is surely (its whole 95 % interval) below a bound.
import { t } from "@lingui/core/macro";
import { z } from "zod";
import { sendRaw } from "../../lib/api.ts";
import { useForm } from "../../lib/form.ts";
import { Form, FormField } from "../../components/Form.tsx";
import { toast } from "../../components/Toasts.tsx";
import { int, optional } from "../../../api/domain/fields.ts";
import * as experiments from "../../../api/contracts/admin/experiments.ts";

const schema = z.object({ d1: optional(int(0, 100)), d7: optional(int(0, 100)), battlesPerDau: optional(int(0, 100)) });
type Bounds = { d1?: number; d7?: number; battlesPerDau?: number };

export function GuardrailsForm({ id, guardrails, onSaved }: { id: number; guardrails: Bounds; onSaved: () => void }) {
  const text = (v: number | undefined) => (v === undefined ? "" : String(v));
  const form = useForm(schema, {
    d1: text(guardrails.d1),
    d7: text(guardrails.d7),
    battlesPerDau: text(guardrails.battlesPerDau),
  });
  return (
    <Form
      form={form}
      submitLabel={t`Save guardrails`}
      onSubmit={form.submit(async (input) => {
        await sendRaw(experiments.saveGuardrails, { ...input, id });
        toast.ok(t`Saved`);
        onSaved();
      })}
    >
      <p className="tk-hint">
        {t`The largest drop against the control each guardrail allows, in % of the control's figure (empty: not watched). A running experiment stops by itself within minutes when a variant is surely worse than that (its whole 95 % interval).`}
      </p>
      <div className="tk-row">
        <FormField form={form} name="d1" label={t`D1 retention, max drop %`} type="number" />
        <FormField form={form} name="d7" label={t`D7 retention, max drop %`} type="number" />
        <FormField form={form} name="battlesPerDau" label={t`Battles per DAU, max drop %`} type="number" />
      </div>
    </Form>
  );
}
