// A chat room on the player site: the latest messages, new ones as they are written (SSE), a
// message an operator takes down disappears at once; writing within the room's limits.
import { useEffect, useRef, useState } from "react";
import { t, ph } from "@lingui/core/macro";
import { api, href, type ApiError } from "../../lib/api.ts";
import { useLiveFeed } from "../../lib/live-feed.ts";
import type { ChatEvents } from "../../../api/public/community.ts";
import { useFieldErrors } from "../../lib/field-errors.ts";
import { FieldError, FormMessage } from "../../components/Form.tsx";
import { fmtDateTime } from "../../lib/i18n.ts";
import { Empty, ErrorState, Loading } from "../../components/States.tsx";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as calls from "../../../api/contracts/public/community.ts";

type ChatMessage = OutputOf<typeof calls.chatSend>;
type Head = OutputOf<typeof calls.chatMessages>;

export function ChatPanel({ room }: { room?: string }) {
  const [messages, setMessages] = useState<ChatMessage[] | null>(null);
  const [head, setHead] = useState<Head | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [text, setText] = useState("");
  const sendErrors = useFieldErrors();
  const [attempt, setAttempt] = useState(0);
  const list = useRef<HTMLOListElement>(null);
  const q = room ? { room } : {};
  const key = room ?? "";

  // The stream followed now: a history that arrives for an earlier one is dropped.
  const following = useRef("");
  useEffect(() => {
    following.current = `${key}#${attempt}`;
    setError(null);
    setMessages((old) => old ?? []);
  }, [key, attempt]);
  useLiveFeed<ChatEvents>(
    href(calls.chatStream, q),
    {
      // The stream is open: now the history, so nothing falls between the two.
      ready: () => {
        const mine = following.current;
        api(calls.chatMessages, q)
          .then((h) => {
            if (following.current !== mine) return;
            setHead(h);
            setMessages((old) => {
              const live = old ?? [];
              const rows = [...h.rows].reverse();
              return [...rows, ...live.filter((m) => !rows.some((r) => r.id === m.id))];
            });
          })
          .catch((e: ApiError) => following.current === mine && setError(e.message));
      },
      message: (m) => setMessages((old) => (old ? (old.some((x) => x.id === m.id) ? old : [...old, m]) : old)),
      remove: ({ id }) => setMessages((old) => old?.filter((m) => m.id !== id) ?? old),
    },
    attempt,
  );

  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView?.({ block: "nearest" });
  }, [messages?.length]);

  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!head || !text.trim()) return;
    // A refused text is said under the input, a refusal of no field (too many messages) below the row.
    await sendErrors.run(
      async () => {
        await api(calls.chatSend, { room: head.room, body: text });
        setText("");
      },
      { notice: false },
    );
  };
  const max = head?.limits.maxLength ?? 300;
  return (
    <section className="tk-panel tk-chat" aria-labelledby={`chat-title-${room ?? "global"}`}>
      <h2 id={`chat-title-${room ?? "global"}`}>{room?.startsWith("clan:") ? t`Clan chat` : t`Chat`}</h2>
      {error ? (
        <ErrorState message={error} retry={() => setAttempt((n) => n + 1)} />
      ) : !head ? (
        <Loading />
      ) : (
        <>
          {messages && messages.length === 0 ? (
            <Empty>{t`No messages yet. Say hello!`}</Empty>
          ) : (
            <ol
              ref={list}
              className="tk-chat-list"
              aria-label={t`Messages`}
              aria-live="polite"
              style={{ maxHeight: 320, overflowY: "auto", listStyle: "none", padding: 0, margin: "0 0 8px" }}
            >
              {messages?.map((m) => (
                <li key={m.id} data-message-id={m.id} style={{ padding: "2px 0", overflowWrap: "anywhere" }}>
                  <small title={fmtDateTime(m.createdAt)}>{fmtDateTime(m.createdAt).slice(11, 16)}</small>{" "}
                  <strong>{m.system ? t`System` : m.nickname}:</strong> {m.body}
                </li>
              ))}
            </ol>
          )}
          {head.mute ? (
            <p
              role="status"
              className="tk-state"
            >{t`You cannot write in chat until ${ph({ until: fmtDateTime(head.mute.until) })}.`}</p>
          ) : (
            <form noValidate onSubmit={send} className="tk-row" style={{ flexWrap: "wrap" }}>
              <input
                name="body"
                aria-label={t`Message`}
                value={text}
                maxLength={max}
                onChange={(e) => (setText(e.target.value), sendErrors.clear("body"))}
                placeholder={t`Message`}
                {...sendErrors.input("body")}
                style={{ flex: "1 1 220px", minWidth: 0 }}
              />
              <span aria-live="polite">{`${[...text].length}/${max}`}</span>
              <button type="submit" className="tk-btn tk-primary" disabled={!text.trim()}>
                {t`Send`}
              </button>
              <div style={{ flexBasis: "100%" }}>
                <FieldError errors={sendErrors} name="body" />
                <FormMessage errors={sendErrors} />
              </div>
            </form>
          )}
        </>
      )}
    </section>
  );
}
