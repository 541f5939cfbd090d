// The content screens' names over the shared schema-driven form (ui/components/SchemaForm.tsx):
// typed fields drawn from the JSON Schema of an API schema (what a resource's page sends) — text,
// number and money inputs, selects for enums, checkboxes, nested fields and rows that can be added
// and removed. Values are flat form strings keyed by path ("groups.1.priceGold"), so the server's
// field errors ("groups.1.priceGold") land under their own input; toInput builds the nested item.
import { t } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { SchemaFields as Fields } from "../../components/SchemaForm.tsx";
import type { Form as FormState } from "../../lib/form.ts";
import type { Prop } from "../../lib/schema-form.ts";
import { anyValueText, enumText, shownValue } from "../../shell/AdminLabels.ts";
import { fieldText } from "../../shell/AdminFields.ts";

export { enumOf, flatten, kindOf, nullable, unflatten, type Kind, type Prop } from "../../lib/schema-form.ts";

let extraLabels: Record<string, MessageDescriptor> = {};
/** Another area's field names over these (set by the screen shown). */
export const setExtraLabels = (l: Record<string, MessageDescriptor> | undefined) => void (extraLabels = l ?? {});
/** A field's name: the screen's own words, else the shared ones (ui/shell/AdminLabels.ts). */
export const label = (k: string) => (extraLabels[k] ? t(extraLabels[k]) : fieldText(k));
/** A stored value in words (nations, classes, kinds… from the shared tables). */
/** A value of an enum field in words (by the field's domain where the field name says it). */
export const valueLabel = (v: string, field?: string) => (field ? enumText(field, v) : anyValueText(v));
/** A cell's value: text as it is (an enum column translates with valueLabel), numbers, yes/no, structures in words. */
export const show = (v: unknown) => (typeof v === "string" ? v : shownValue(v));

/** Inputs for the given fields of a schema (all when `only` is not given), named with the shared words. */
export function SchemaFields({
  form,
  props,
  only,
  money = [],
  prefix = "",
}: {
  form: FormState;
  props: Record<string, Prop>;
  only?: string[];
  money?: string[];
  prefix?: string;
}) {
  return (
    <Fields
      form={form}
      props={props}
      only={only}
      prefix={prefix}
      naming={{ label: (k) => label(k), valueLabel, amounts: money }}
    />
  );
}
