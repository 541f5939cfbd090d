// /admin/playerAvatars/ — the avatar moderation queue: each upload's image with Accept and Reject
// (a reason the player will read, and an optional note). Keyboard: Tab to a card, A accepts,
// R opens the refusal; the buttons work with Enter/Space as usual.
import { useState, type KeyboardEvent } from "react";
import { ph, t } from "@lingui/core/macro";
import { api, sendRaw, useApi } from "../../lib/api.ts";
import { act as run } from "../../lib/action.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as avatars from "../../../api/contracts/admin/avatars.ts";
import { fmtDateTime, fmtInt, locale } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { toast } from "../../components/Toasts.tsx";
import { FieldError } from "../../components/Form.tsx";
import { FileImport } from "../../components/FileImport.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { AVATAR_STATUS, statusOf } from "./words.ts";
import "./admin-avatars-feedback.css";
import { useSubmit } from "../../lib/form.ts";

type Options = OutputOf<typeof avatars.optionsOf>;
type Upload = OutputOf<typeof avatars.load>["rows"][number];
type Reason = Options["reasons"][number]["id"];
type Status = Options["statuses"][number];
const isStatus = (s: string | null): s is Status => !!s && Object.hasOwn(AVATAR_STATUS, s);

function Card({ u, options, onDone }: { u: Upload; options: Options; onDone: () => void }) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState<Reason>(options.reasons[0]?.id ?? "other");
  const [note, setNote] = useState("");
  const { busy, errors, run } = useSubmit();
  const act = (call: () => Promise<unknown>, done: string) =>
    run(async () => {
      await call();
      toast.ok(done);
      onDone();
    });
  const accept = () => act(() => api(avatars.accept, { avatarId: u.id }), t`Avatar accepted`);
  const reject = () => act(() => api(avatars.reject, { avatarId: u.id, reason, note }), t`Avatar rejected`);
  const pending = u.status === "pending";
  const onKey = (e: KeyboardEvent) => {
    if (!pending || e.target !== e.currentTarget || busy) return;
    if (e.key === "a" || e.key === "A") e.preventDefault(), accept();
    if (e.key === "r" || e.key === "R") e.preventDefault(), setRejecting(true);
  };
  const nickname = u.nickname;
  const reasonTitle = (id: string | null) => options.reasons.find((r) => r.id === id)?.title[locale] ?? id ?? "";
  return (
    <li
      className="tk-avatar-card"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a card moderated from the keyboard (its shortcuts: onKey) is reached by Tab
      tabIndex={0}
      onKeyDown={onKey}
      aria-label={t`Avatar of ${nickname}`}
      data-avatar={u.id}
    >
      <img src={u.previewUrl} alt={t`Avatar of ${nickname}`} width={160} height={160} />
      <div>
        <a href={`/admin/player/${u.playerId}`}>{u.nickname}</a> · #{u.playerId}
      </div>
      <div className="tk-hint">
        {fmtInt(u.width)}×{fmtInt(u.height)} · {fmtDateTime(u.createdAt)} · {statusOf(u.status)}
      </div>
      {u.status === "rejected" && (
        <div className="tk-hint">
          {reasonTitle(u.reason)}
          {u.note ? ` — ${u.note}` : ""}
        </div>
      )}
      {pending && !rejecting && (
        <div className="tk-row">
          <button type="button" className="tk-btn tk-primary" disabled={busy} onClick={accept}>{t`Accept`}</button>
          <button
            type="button"
            className="tk-btn tk-danger"
            disabled={busy}
            onClick={() => setRejecting(true)}
          >{t`Reject`}</button>
        </div>
      )}
      {pending && rejecting && (
        <form noValidate className="tk-form" onSubmit={(e) => (e.preventDefault(), reject())}>
          <label>
            {t`Reason`}{" "}
            <select
              value={reason}
              onChange={(e) => {
                const picked = options.reasons.find((r) => r.id === e.target.value);
                if (picked) setReason(picked.id);
                errors.clear("reason");
              }}
              // biome-ignore lint/a11y/noAutofocus: the refusal form opens on the operator's own press: its first field takes the focus
              autoFocus
              {...errors.input("reason")}
            >
              {options.reasons.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.title[locale]}
                </option>
              ))}
            </select>
            <FieldError errors={errors} name="reason" />
          </label>
          <label>
            {t`Note for the player`}{" "}
            <input
              value={note}
              maxLength={300}
              onChange={(e) => (setNote(e.target.value), errors.clear("note"))}
              {...errors.input("note")}
            />
            <FieldError errors={errors} name="note" />
          </label>
          <div className="tk-row">
            <button type="submit" className="tk-btn tk-danger" disabled={busy}>{t`Reject`}</button>
            <button type="button" className="tk-btn" onClick={() => setRejecting(false)}>{t`Cancel`}</button>
          </div>
        </form>
      )}
    </li>
  );
}

/** Operators set a player's avatar without moderation, or clear it (support may not). */
function SetAvatar({ onDone }: { onDone: () => void }) {
  const [playerId, setPlayerId] = useState("");
  const [confirming, setConfirming] = useState(false);
  const ok = /^\d+$/.test(playerId);
  const clear = async () => {
    setConfirming(false);
    await run(() => sendRaw(avatars.save, { playerId, clear: true }), t`Avatar cleared`, onDone);
  };
  return (
    <details className="tk-panel">
      <summary>{t`Set or clear a player's avatar`}</summary>
      <label>
        {t`Player id`}{" "}
        <input inputMode="numeric" value={playerId} onChange={(e) => setPlayerId(e.target.value.trim())} />
      </label>
      {ok && (
        <>
          <FileImport<{ avatarUrl: string }>
            label={t`Image (PNG, JPEG or WebP)`}
            url={`/admin/playerAvatars/save?playerId=${playerId}`}
            field="image"
            accept="image/png,image/jpeg,image/webp"
            summary={() => <p>{t`Avatar set`}</p>}
            onDone={onDone}
          />
          <button
            type="button"
            className="tk-btn tk-danger"
            onClick={() => setConfirming(true)}
          >{t`Clear the avatar`}</button>
          <ConfirmDialog
            open={confirming}
            text={t`Remove this player's avatar?`}
            onConfirm={clear}
            onCancel={() => setConfirming(false)}
          />
        </>
      )}
    </details>
  );
}

export default function AvatarsPage() {
  const options = useApi(avatars.optionsOf, {});
  const params = new URLSearchParams(location.search);
  const asked = params.get("status");
  const [status, setStatus] = useState<Status | "">(asked === null ? "pending" : isStatus(asked) ? asked : "");
  const [player, setPlayer] = useState(params.get("playerId") ?? "");
  const [page, setPage] = useState(1);
  const size = 24;
  const queue = useApi(avatars.load, {
    page,
    size,
    ...(status ? { status } : {}),
    ...(/^\d+$/.test(player) ? { playerId: Number(player) } : {}),
  });
  return (
    <section>
      <h1>{t`Avatar moderation`}</h1>
      <p className="tk-hint">{t`Tab to an image, then press A to accept or R to reject.`}</p>
      <SetAvatar onDone={queue.reload} />
      <div className="tk-row">
        <label>
          {t`Status`}{" "}
          <select
            value={status}
            onChange={(e) => {
              setStatus(isStatus(e.target.value) ? e.target.value : "");
              setPage(1);
            }}
          >
            <option value="">{t`All`}</option>
            {Object.keys(AVATAR_STATUS).map((s) => (
              <option key={s} value={s}>
                {statusOf(s)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t`Player id`}{" "}
          <input inputMode="numeric" value={player} onChange={(e) => (setPlayer(e.target.value.trim()), setPage(1))} />
        </label>
      </div>
      <Load state={options}>
        {(o) => (
          <Load state={queue} empty={(d) => d.rows.length === 0}>
            {(d) => (
              <>
                <p>{t`${ph({ n: fmtInt(d.total) })} in all`}</p>
                <ul className="tk-avatar-grid">
                  {d.rows.map((u) => (
                    <Card key={u.id} u={u} options={o} onDone={queue.reload} />
                  ))}
                </ul>
                <div className="tk-row">
                  <button
                    type="button"
                    className="tk-btn"
                    disabled={page <= 1}
                    onClick={() => setPage(page - 1)}
                  >{t`Previous`}</button>
                  <span>
                    {page} / {Math.max(1, Math.ceil(d.total / size))}
                  </span>
                  <button
                    type="button"
                    className="tk-btn"
                    disabled={page * size >= d.total}
                    onClick={() => setPage(page + 1)}
                  >{t`Next`}</button>
                </div>
              </>
            )}
          </Load>
        )}
      </Load>
    </section>
  );
}
