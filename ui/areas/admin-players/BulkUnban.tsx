// Lifts the bans of several players at once (ids separated by commas or spaces), after a
// confirmation; says which ids were not banned.
import { useState, type FormEvent } from "react";
import { t, ph } from "@lingui/core/macro";
import { sendRaw } from "../../lib/api.ts";
import * as banLog from "../../../api/contracts/admin/banLog.ts";
import { useFieldErrors } from "../../lib/field-errors.ts";
import { FieldError } from "../../components/Form.tsx";
import { toast } from "../../components/Toasts.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";

export function BulkUnban({ onDone }: { onDone: () => void }) {
  const [ids, setIds] = useState("");
  const [reason, setReason] = useState("");
  const errors = useFieldErrors();
  const [asking, setAsking] = useState(false);
  const run = async () => {
    setAsking(false);
    await errors.run(async () => {
      // The ids as typed (a list with commas or spaces): the server parses them and names a wrong one.
      const r = await sendRaw(banLog.unban, { playerIds: ids, reason });
      toast.ok(
        t`Unbanned: ${ph({ n: r.unbanned.length })}; not banned: ${ph({ rest: r.notBanned.join(", ") || "—" })}`,
      );
      setIds("");
      onDone();
    });
  };
  return (
    <form
      noValidate
      className="tk-row"
      aria-label={t`Unban several players`}
      onSubmit={(e: FormEvent) => (e.preventDefault(), setAsking(true))}
    >
      <label>
        {t`Player ids to unban`}
        <input
          name="playerIds"
          value={ids}
          placeholder="12, 345, 6789"
          {...errors.input("playerIds")}
          onChange={(e) => (setIds(e.target.value), errors.clear("playerIds"))}
        />
        <FieldError errors={errors} name="playerIds" />
      </label>
      <label>
        {t`Reason`}
        <input
          name="reason"
          value={reason}
          {...errors.input("reason")}
          onChange={(e) => (setReason(e.target.value), errors.clear("reason"))}
        />
        <FieldError errors={errors} name="reason" />
      </label>
      <button type="submit" className="tk-btn" disabled={!ids.trim()}>{t`Unban`}</button>
      <ConfirmDialog
        open={asking}
        text={t`Lift the bans of players ${ph({ ids })}?`}
        onCancel={() => setAsking(false)}
        onConfirm={run}
      />
    </form>
  );
}
