// /admin/chat/ — every room live: messages as they are written, hidden and deleted ones marked, the
// moderation of each; posting as the system; the word filter; the players muted now.
import { useEffect, useRef, useState } from "react";
import { t, ph } from "@lingui/core/macro";
import { api, href, useApi, type ApiError } from "../../lib/api.ts";
import * as chat from "../../../api/contracts/admin/chat.ts";
import { useLiveFeed } from "../../lib/live-feed.ts";
import type { AdminChatEvents } from "../../../api/domain/chat-admin.ts";
import { fmtDateTime } from "../../lib/i18n.ts";
import { act } from "../../lib/action.ts";
import { RowMenu } from "../../components/RowMenu.tsx";
import { Empty, ErrorState, Load, Loading } from "../../components/States.tsx";
import { toast } from "../../components/Toasts.tsx";
import { FieldError } from "../../components/Form.tsx";
import { useFieldErrors } from "../../lib/field-errors.ts";
import { MessageList, setMessage, type AdminMessage } from "./Moderation.tsx";
import { roomText } from "../../shell/AdminLabels.ts";

function Live({ room, onMute }: { room: string; onMute: () => void }) {
  const [rows, setRows] = useState<AdminMessage[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const q = room ? { room } : {};
  const key = room;
  // The stream followed now: a history that arrives for an earlier one is dropped.
  const following = useRef("");
  useEffect(() => {
    following.current = `${key}#${attempt}`;
    setRows(null);
    setError(null);
  }, [key, attempt]);
  const merge = (m: AdminMessage) =>
    setRows((old) =>
      old ? (old.some((x) => x.id === m.id) ? old.map((x) => (x.id === m.id ? { ...x, ...m } : x)) : [m, ...old]) : old,
    );
  useLiveFeed<AdminChatEvents>(
    href(chat.stream, q),
    {
      // The stream is open: now the history, so nothing falls between the two.
      ready: () => {
        const mine = following.current;
        api(chat.messages, { ...q, limit: 100 })
          .then(
            (r) =>
              following.current === mine &&
              setRows((old) => [...(old ?? []).filter((m) => !r.rows.some((x) => x.id === m.id)), ...r.rows]),
          )
          .catch((e: ApiError) => following.current === mine && setError(e.message));
      },
      message: merge,
      status: merge,
    },
    attempt,
  );
  if (error) return <ErrorState message={error} retry={() => setAttempt((n) => n + 1)} />;
  if (!rows) return <Loading />;
  return (
    <MessageList
      rows={rows}
      onChange={(m) => (m ? setRows((old) => old?.map((x) => (x.id === m.id ? { ...x, ...m } : x)) ?? old) : onMute())}
    />
  );
}

function PostForm({ rooms }: { rooms: string[] }) {
  const [room, setRoom] = useState(rooms[0] ?? "global:ru");
  const [body, setBody] = useState("");
  const errors = useFieldErrors();
  return (
    <form
      noValidate
      className="tk-panel"
      aria-labelledby="post-title"
      onSubmit={async (e) => {
        e.preventDefault();
        await errors.run(async () => {
          await setMessage({ action: "post", room, body });
          setBody("");
          toast.ok(t`Posted`);
        });
      }}
    >
      <h2 id="post-title">{t`Post as the system`}</h2>
      <label className="tk-row">
        {t`Room`}
        <select
          value={room}
          onChange={(e) => (setRoom(e.target.value), errors.clear("room"))}
          {...errors.input("room")}
        >
          {rooms.map((r) => (
            <option key={r} value={r}>
              {roomText(r)}
            </option>
          ))}
        </select>
        <FieldError errors={errors} name="room" />
      </label>
      <label style={{ display: "block" }}>
        {t`Message`}
        <textarea
          value={body}
          maxLength={300}
          rows={2}
          onChange={(e) => (setBody(e.target.value), errors.clear("body"))}
          style={{ width: "100%" }}
          {...errors.input("body")}
        />
        <FieldError errors={errors} name="body" />
      </label>
      <button type="submit" className="tk-btn tk-primary" disabled={!body.trim()}>
        {t`Post`}
      </button>
    </form>
  );
}

function Words({ initial }: { initial: string[] }) {
  const [text, setText] = useState(initial.join("\n"));
  const errors = useFieldErrors({ row: (n) => t`line ${ph({ n })}` });
  return (
    <form
      noValidate
      className="tk-panel"
      aria-labelledby="words-title"
      onSubmit={async (e) => {
        e.preventDefault();
        await errors.run(async () => {
          const r = await setMessage({ action: "words", words: text.split("\n") });
          setText((r.words ?? []).join("\n"));
          toast.ok(t`Word filter saved`);
        });
      }}
    >
      <h2 id="words-title">{t`Word filter`}</h2>
      <label style={{ display: "block" }}>
        {t`Words masked in players' messages, one a line`}
        <textarea
          value={text}
          rows={5}
          onChange={(e) => (setText(e.target.value), errors.clear("words"))}
          style={{ width: "100%" }}
          {...errors.input("words")}
        />
        <FieldError errors={errors} name="words" />
      </label>
      <button type="submit" className="tk-btn">
        {t`Save filter`}
      </button>
    </form>
  );
}

export default function ChatAdminPage() {
  const head = useApi(chat.page, {});
  const [room, setRoom] = useState("");
  return (
    <section>
      <h1>{t`Chat`}</h1>
      <Load state={head}>
        {(d) => (
          <>
            <p>{t`Players write up to ${ph({ max: d.limits.maxLength })} characters, at most ${ph({ count: d.limits.count })} messages in ${ph({ s: d.limits.windowMs / 1000 })} s.`}</p>
            <label className="tk-row">
              {t`Room`}
              <select value={room} onChange={(e) => setRoom(e.target.value)}>
                <option value="">{t`All rooms`}</option>
                {d.rooms.map((r) => (
                  <option key={r} value={r}>
                    {roomText(r)}
                  </option>
                ))}
              </select>
            </label>
            <Live room={room} onMute={head.reload} />
            <PostForm rooms={d.rooms} />
            <Words initial={d.words} />
            <section className="tk-panel" aria-labelledby="mutes-title">
              <h2 id="mutes-title">{t`Muted players`}</h2>
              {d.mutes.length === 0 ? (
                <Empty>{t`Nobody is muted.`}</Empty>
              ) : (
                <ul>
                  {d.mutes.map((m) => (
                    <li key={m.playerId} className="tk-row">
                      <a href={`/admin/player/${m.playerId}`}>{m.nickname}</a>
                      <span>
                        {t`until ${ph({ until: fmtDateTime(m.until) })} by ${ph({ by: m.byAdmin })}`}
                        {m.reason ? `: ${m.reason}` : ""}
                      </span>
                      <RowMenu
                        actions={[
                          {
                            label: t`Unmute`,
                            onClick: () =>
                              act(
                                () => setMessage({ action: "unmute", playerId: m.playerId }),
                                t`Unmuted`,
                                head.reload,
                              ),
                          },
                        ]}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </Load>
    </section>
  );
}
