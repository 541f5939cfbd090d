// An experiment's name, description and the option key its variants choose among; creates a
// new experiment when there is no id.
import { t } from "@lingui/core/macro";
import { sendRaw } from "../../lib/api.ts";
import { useForm } from "../../lib/form.ts";
import { Form, FormField } from "../../components/Form.tsx";
import { toast } from "../../components/Toasts.tsx";
import { generalSchema, SCOPE, type OptionKeys } from "./shared.ts";
import * as experiments from "../../../api/contracts/admin/experiments.ts";

export function GeneralForm({
  id,
  initial,
  optionKeys,
  onSaved,
}: {
  id?: number;
  initial?: Record<string, string>;
  optionKeys: OptionKeys;
  onSaved: (id: number) => void;
}) {
  const form = useForm(generalSchema, initial ?? { name: "", description: "", optionScope: "client", optionKey: "" });
  const keys = Object.keys(optionKeys[form.values.optionScope] ?? {});
  return (
    <Form
      form={form}
      submitLabel={id ? t`Save settings` : t`Create experiment`}
      onSubmit={form.submit(async (input) => {
        const r = await sendRaw(experiments.saveGeneral, id ? { ...input, id } : input);
        toast.ok(t`Saved`);
        onSaved(r.experiment.id);
      })}
    >
      <FormField form={form} name="name" label={t`Name`} />
      <FormField form={form} name="description" label={t`Description`} type="textarea" rows={3} />
      <FormField
        form={form}
        name="optionScope"
        label={t`Options`}
        type="select"
        options={Object.entries(SCOPE).map(([v, l]) => [v, t(l)])}
      />
      <FormField
        form={form}
        name="optionKey"
        label={t`Option key`}
        type="select"
        options={[["", "—"], ...keys.map((k): [string, string] => [k, k])]}
      />
    </Form>
  );
}
