// Sending gold to another player: the receiver's id and the amount, the fee shown before
// sending, the resulting balance after. One request id per attempt, so a retry never pays twice.
import { useRef, useState } from "react";
import { ph, t } from "@lingui/core/macro";
import { api } from "../../lib/api.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import { transferMoney } from "../../../api/contracts/public/profile/money.ts";
import { fmtInt } from "../../lib/i18n.ts";
import { useForm } from "../../lib/form.ts";
import { Form, FormField } from "../../components/Form.tsx";
import { toast } from "../../components/Toasts.tsx";
import { transferSchema } from "./schemas.ts";
import { newRequestId, type ProfileData } from "./kit.tsx";

export function TransferPanel({
  rules,
  level,
  onDone,
}: {
  rules: ProfileData["transferRules"];
  level: number;
  onDone: () => void;
}) {
  const form = useForm(transferSchema(rules.minAmount, rules.maxAmount), { to: "", amount: "" });
  const requestId = useRef(newRequestId());
  const [result, setResult] = useState<OutputOf<typeof transferMoney> | null>(null);
  const amount = Number(form.values.amount);
  const fee = Number.isInteger(amount) && amount > 0 ? Math.ceil((amount * rules.feePercent) / 100) : 0;
  return (
    <section className="tk-panel" aria-labelledby="transfer-title">
      <h2 id="transfer-title">{t`Send gold`}</h2>
      <p className="tk-hint">
        {t`From level ${ph({ level: rules.minLevel })}; ${ph({ min: fmtInt(rules.minAmount) })}–${ph({ max: fmtInt(rules.maxAmount) })} gold at a time, ${ph({ daily: fmtInt(rules.dailyLimit) })} a day with fees.`}
      </p>
      {level < rules.minLevel ? (
        <p className="tk-notice">{t`You can send gold from level ${ph({ level: rules.minLevel })}.`}</p>
      ) : (
        <Form
          form={form}
          submitLabel={t`Send`}
          onSubmit={form.submit(async (_input, data) => {
            const r = await api(transferMoney, { ...data, requestId: requestId.current });
            requestId.current = newRequestId();
            setResult(r);
            form.reset();
            toast.ok(t`Gold sent`);
            onDone();
          })}
        >
          <FormField form={form} name="to" label={t`Receiver's player id`} type="number" />
          <FormField
            form={form}
            name="amount"
            label={t`Amount of gold`}
            type="number"
            hint={
              rules.feePercent
                ? t`Fee ${ph({ percent: rules.feePercent })}%: ${ph({ fee: fmtInt(fee) })} gold, ${ph({ total: fmtInt(fee + (amount || 0)) })} in all`
                : t`No fee`
            }
          />
        </Form>
      )}
      {result && (
        <p role="status" className="tk-notice">
          {t`Sent ${ph({ amount: fmtInt(result.amount) })} gold (fee ${ph({ fee: fmtInt(result.fee) })}). Your gold: ${ph({ balance: fmtInt(result.balance) })}`}
        </p>
      )}
    </section>
  );
}
