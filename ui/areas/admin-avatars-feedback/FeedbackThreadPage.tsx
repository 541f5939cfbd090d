// /admin/feedback/{ticketId}/messages/ — a ticket's thread: the player's and support's messages,
// a reply box, and the status. Opening it clears support's unread mark (messages/get); a reply
// marks it unread for the player. New messages of this ticket arrive live. Beside the thread, the
// player's case (TicketCase): money, orders with verify, battles, bans, the status history, and
// "credit and reply" — a case settled from this one screen.
import { useState } from "react";
import { ph, t } from "@lingui/core/macro";
import { api, useApi, type ApiError } from "../../lib/api.ts";
import { useLiveFeed } from "../../lib/live-feed.ts";
import type { TicketEvents } from "../../../api/admin/feedback.ts";
import { fmtDateTime, locale } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { toast } from "../../components/Toasts.tsx";
import { FieldError } from "../../components/Form.tsx";
import { TICKET_STATUS, ticketStatusOf } from "./words.ts";
import { TicketCase } from "./TicketCase.tsx";
import "./admin-avatars-feedback.css";
import { useSubmit } from "../../lib/form.ts";

interface Ticket {
  id: number;
  playerId: number;
  category: string;
  subCategory: string;
  subject: string;
  status: string;
  unreadByPlayer: boolean;
}
interface Message {
  id: number;
  author: "player" | "support";
  adminUsername: string | null;
  body: string;
  createdAt: number;
  editedAt: number | null;
}
interface PageData {
  ticket: Ticket;
  player: { id: number; nickname: string } | null;
  categories: { id: string; title: { en: string; ru: string } }[];
}

export default function FeedbackThreadPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.ticketId ?? "";
  const head = useApi<PageData>(`/admin/feedback/${id}/messages/`);
  const thread = useApi<{ ticket: Ticket; messages: Message[] }>(`/admin/feedback/${id}/messages/get`);
  const [reply, setReply] = useState("");
  const { busy, errors: replyErrors, run } = useSubmit();
  const [caseVersion, setCaseVersion] = useState(0);
  const reload = () => {
    thread.reload();
    setCaseVersion((v) => v + 1);
  };

  useLiveFeed<TicketEvents>(head.data ? `/admin/feedback/tickets/stream?playerId=${head.data.ticket.playerId}` : null, {
    message: (m) => {
      if (String(m.ticket.id) === id) reload();
    },
  });

  const send = () =>
    run(async () => {
      await api(`/admin/feedback/${id}/messages/add`, { method: "POST", body: { body: reply } });
      setReply("");
      toast.ok(t`Reply sent`);
      reload();
    });
  const setStatus = async (status: string) => {
    try {
      await api("/admin/feedback/ticket/set", { method: "POST", body: { ticketId: Number(id), status } });
      toast.ok(t`Status changed`);
      reload();
    } catch (e) {
      toast.error((e as ApiError).message);
    }
  };

  return (
    <section>
      <Load state={head}>
        {(h) => (
          <>
            <h1>
              {t`Ticket #${ph({ ticket: h.ticket.id })}`}: {h.ticket.subject}
            </h1>
            <p>
              {h.player && (
                <>
                  <a href={`/admin/feedback/${h.player.id}`}>{t`Tickets of ${ph({ nickname: h.player.nickname })}`}</a>{" "}
                  · <a href={`/admin/player/${h.player.id}`}>{t`Player card`}</a> ·{" "}
                </>
              )}
              {h.categories.find((c) => c.id === h.ticket.category)?.title[locale] ?? h.ticket.category}
            </p>
          </>
        )}
      </Load>
      <div className="tk-case-layout">
        <div>
          <Load state={thread}>
            {(d) => (
              <>
                <label>
                  {t`Status`}{" "}
                  <select value={d.ticket.status} onChange={(e) => setStatus(e.target.value)}>
                    {Object.keys(TICKET_STATUS).map((s) => (
                      <option key={s} value={s}>
                        {ticketStatusOf(s)}
                      </option>
                    ))}
                  </select>
                </label>
                {d.ticket.unreadByPlayer && (
                  <span className="tk-hint"> {t`The player has not read the last reply yet.`}</span>
                )}
                <ol className="tk-thread" aria-label={t`Messages`}>
                  {d.messages.map((m) => (
                    <li key={m.id} data-author={m.author}>
                      <div className="tk-hint">
                        {m.author === "player" ? t`Player` : (m.adminUsername ?? t`support`)} ·{" "}
                        {fmtDateTime(m.createdAt)}
                        {m.editedAt ? ` · ${t`edited`}` : ""}
                      </div>
                      {m.body}
                    </li>
                  ))}
                </ol>
              </>
            )}
          </Load>
          <form noValidate className="tk-thread-reply" onSubmit={(e) => (e.preventDefault(), send())}>
            <label htmlFor={replyErrors.id("body")}>{t`Reply`}</label>
            <textarea
              name="reply"
              rows={5}
              maxLength={5000}
              value={reply}
              onChange={(e) => (setReply(e.target.value), replyErrors.clear("body"))}
              {...replyErrors.input("body")}
            />
            <FieldError errors={replyErrors} name="body" />
            <button
              type="submit"
              className="tk-btn tk-primary"
              disabled={busy || !reply.trim()}
            >{t`Send reply`}</button>
          </form>
        </div>
        <TicketCase ticketId={Number(id)} version={caseVersion} onChanged={reload} />
      </div>
    </section>
  );
}
