// What an operator does about a cheat signal (issue 31): mark the player as suspect (the note
// names the signal) or ban them — a preset length (1 d, 7 d, 30 d, permanent) or any end in the
// date-time picker — each after a confirmation, through the player card's own action.
import { useState, type FormEvent } from "react";
import { ph, t } from "@lingui/core/macro";
import { sendRaw } from "../../lib/api.ts";
import * as player from "../../../api/contracts/admin/player.ts";
import { fmtDateTime } from "../../lib/i18n.ts";
import { useSubmit } from "../../lib/form.ts";
import { FieldError } from "../../components/Form.tsx";
import { toast } from "../../components/Toasts.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { DateTimePicker } from "../../components/DateTimePicker.tsx";
import { BanPresets, isPermanent } from "../../components/BanPresets.tsx";

export interface Signal {
  playerId: number;
  nickname: string;
  tier: number;
  damageRatio: number;
  killsRatio: number;
  suspect: boolean;
  banned: boolean;
}

/** The signal in words, for the suspect note and the ban's reason. */
export const signalNote = (s: Signal) =>
  t`Cheat signals: damage ×${ph({ d: s.damageRatio })}, kills ×${ph({ k: s.killsRatio })} the tier ${ph({ tier: s.tier })} median`;

export function SignalActions({ s, onDone }: { s: Signal; onDone: () => void }) {
  const [banning, setBanning] = useState(false);
  const [reason, setReason] = useState(() => signalNote(s));
  const [until, setUntil] = useState<number | null>(null);
  const [asking, setAsking] = useState<{ text: string; run: () => Promise<void> } | null>(null);
  const { errors, run } = useSubmit();
  const setPlayer = (body: Record<string, unknown>) => sendRaw(player.setPlayer, { playerId: s.playerId, ...body });
  const suspect = () =>
    setAsking({
      text: t`Mark ${ph({ nickname: s.nickname })} as suspect?`,
      run: async () => {
        if (await run(() => setPlayer({ action: "suspect", reason: signalNote(s) }))) {
          toast.ok(t`Marked as suspect`);
          onDone();
        }
      },
    });
  const ban = (e: FormEvent) => {
    e.preventDefault();
    if (until === null) return;
    const end = isPermanent(until) ? t`for good` : t`until ${ph({ until: fmtDateTime(until) })}`;
    setAsking({
      text: t`Ban ${ph({ nickname: s.nickname })} ${ph({ end })}? Their sessions end at once.`,
      run: async () => {
        if (await run(() => setPlayer({ action: "ban", reason, until: new Date(until).toISOString() }))) {
          toast.ok(t`Banned`);
          setBanning(false);
          onDone();
        }
      },
    });
  };
  return (
    <div className="tk-signal-actions">
      <div className="tk-row">
        {!s.suspect && (
          <button type="button" className="tk-btn" onClick={suspect}>
            {t`Mark as suspect`}
          </button>
        )}
        {!s.banned && (
          <button type="button" className="tk-btn tk-danger" onClick={() => setBanning(!banning)}>
            {t`Ban…`}
          </button>
        )}
      </div>
      {banning && (
        <form noValidate onSubmit={ban} aria-label={t`Ban ${ph({ nickname: s.nickname })}`}>
          <div className="tk-field">
            <label htmlFor={errors.id("reason")}>{t`Reason`}</label>
            <input
              name="reason"
              value={reason}
              onChange={(e) => (setReason(e.target.value), errors.clear("reason"))}
              {...errors.input("reason")}
            />
            <FieldError errors={errors} name="reason" />
          </div>
          <BanPresets onPick={(v) => (setUntil(v), errors.clear("until"))} />
          <DateTimePicker
            id={errors.id("until")}
            label={t`Banned until`}
            value={until}
            onChange={(v) => (setUntil(v), errors.clear("until"))}
            required
            error={errors.of("until")}
          />
          <button type="submit" className="tk-btn tk-danger" disabled={until === null}>
            {t`Ban`}
          </button>
        </form>
      )}
      <ConfirmDialog
        open={!!asking}
        text={asking?.text ?? ""}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          const a = asking;
          setAsking(null);
          void a?.run();
        }}
      />
    </div>
  );
}
