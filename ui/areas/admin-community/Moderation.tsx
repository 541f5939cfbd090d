// A list of chat messages with the moderation an operator may do on each: hide or show, delete,
// mute the author for a time. Used by the chat, clan chat and player chat history screens.
import { useState } from "react";
import { t, msg } from "@lingui/core/macro";
import { sendRaw } from "../../lib/api.ts";
import { act } from "../../lib/action.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as chat from "../../../api/contracts/admin/chat.ts";
import type * as history from "../../../api/contracts/admin/player/chatHistory.ts";
import { fmtDateTime } from "../../lib/i18n.ts";
import { Empty } from "../../components/States.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { RowMenu } from "../../components/RowMenu.tsx";
import { roomText } from "../../shell/AdminLabels.ts";

/** A message as the operators' screens list it (a room's page says its author's mute too). */
export type AdminMessage = OutputOf<typeof history.load>["rows"][number] & { mutedUntil?: number | null };

export const STATUS = {
  visible: msg({ message: "visible", context: "chat message" }),
  hidden: msg({ message: "hidden", context: "chat message" }),
  deleted: msg({ message: "deleted", context: "chat message" }),
};
export const MUTE_OPTIONS: [number, ReturnType<typeof msg>][] = [
  [15, msg`15 minutes`],
  [60, msg`1 hour`],
  [1440, msg`1 day`],
  [10080, msg`1 week`],
];

/** One moderation (its action and fields, checked by the server). */
export const setMessage = (body: Record<string, unknown>) => sendRaw(chat.setMessage, body);

export function MessageList({ rows, onChange }: { rows: AdminMessage[]; onChange: (m?: AdminMessage) => void }) {
  const [confirm, setConfirm] = useState<AdminMessage | null>(null);
  const [minutes, setMinutes] = useState(60);
  const run = (body: Record<string, unknown>, done: string) =>
    act(
      () => setMessage(body),
      done,
      (r) => onChange(r.message),
    );
  if (rows.length === 0) return <Empty>{t`No messages.`}</Empty>;
  return (
    <>
      <label className="tk-row">
        {t`Mute for`}
        <select value={minutes} onChange={(e) => setMinutes(Number(e.target.value))}>
          {MUTE_OPTIONS.map(([m, label]) => (
            <option key={m} value={m}>
              {t(label)}
            </option>
          ))}
        </select>
      </label>
      <div className="tk-table-wrap" style={{ overflowX: "auto" }}>
        <table aria-label={t`Messages`}>
          <thead>
            <tr>
              <th>{t`When`}</th>
              <th>{t`Room`}</th>
              <th>{t`Author`}</th>
              <th>{t`Message`}</th>
              <th>{t`Status`}</th>
              <th>{t`Actions`}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((m) => (
              <tr key={m.id} data-message-id={m.id}>
                <td>{fmtDateTime(m.createdAt)}</td>
                <td>{roomText(m.room)}</td>
                <td>
                  {m.playerId === null ? t`System` : <a href={`/admin/player/${m.playerId}`}>{m.nickname}</a>}
                  {m.mutedUntil ? ` · ${t`muted until`} ${fmtDateTime(m.mutedUntil)}` : ""}
                </td>
                <td style={{ overflowWrap: "anywhere", maxWidth: 420 }}>{m.status === "deleted" ? "—" : m.body}</td>
                <td>
                  {t(STATUS[m.status])}
                  {m.moderatedBy ? ` (${m.moderatedBy})` : ""}
                </td>
                <td>
                  <RowMenu
                    actions={[
                      m.status === "visible" && {
                        label: t`Hide`,
                        onClick: () => run({ action: "hide", id: m.id }, t`Message hidden`),
                      },
                      m.status === "hidden" && {
                        label: t`Show`,
                        onClick: () => run({ action: "show", id: m.id }, t`Message shown`),
                      },
                      m.status !== "deleted" && { label: t`Delete`, danger: true, onClick: () => setConfirm(m) },
                      m.playerId !== null && {
                        label: t`Mute author`,
                        onClick: () => run({ action: "mute", id: m.id, minutes }, t`Author muted`),
                      },
                    ]}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={confirm !== null}
        text={t`Delete this message for good? Its text is erased.`}
        onConfirm={() => {
          const m = confirm!;
          setConfirm(null);
          void run({ action: "delete", id: m.id }, t`Message deleted`);
        }}
        onCancel={() => setConfirm(null)}
      />
    </>
  );
}
