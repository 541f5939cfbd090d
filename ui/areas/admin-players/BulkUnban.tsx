// Lifts the bans of several players at once (ids separated by commas or spaces), after a
// confirmation; says which ids were not banned.
import { useState, type FormEvent } from "react";
import { t, ph } from "@lingui/core/macro";
import { api, type ApiError } from "../../lib/api.ts";
import { toast } from "../../components/Toasts.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";

export function BulkUnban({ onDone }: { onDone: () => void }) {
  const [ids, setIds] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const run = async () => {
    setAsking(false);
    try {
      const r = await api<{ unbanned: number[]; notBanned: number[] }>("/admin/banLog/unbanPlayers", { body: { playerIds: ids, reason } });
      toast.ok(t`Unbanned: ${ph({ n: r.unbanned.length })}; not banned: ${ph({ rest: r.notBanned.join(", ") || "—" })}`);
      setIds("");
      setError(null);
      onDone();
    } catch (e) {
      setError((e as ApiError).fields?.playerIds ?? (e as ApiError).message);
    }
  };
  return (
    <form noValidate className="tk-row" aria-label={t`Unban several players`} onSubmit={(e: FormEvent) => (e.preventDefault(), setAsking(true))}>
      <label>
        {t`Player ids to unban`}
        <input name="playerIds" value={ids} placeholder="12, 345, 6789" aria-invalid={!!error} onChange={(e) => setIds(e.target.value)} />
      </label>
      <label>
        {t`Reason`}
        <input name="reason" value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      <button type="submit" className="tk-btn" disabled={!ids.trim()}>{t`Unban`}</button>
      {error && <span className="tk-field-error">{error}</span>}
      <ConfirmDialog open={asking} text={t`Lift the bans of players ${ph({ ids })}?`} onCancel={() => setAsking(false)} onConfirm={run} />
    </form>
  );
}
