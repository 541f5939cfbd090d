// /admin/feedback/{ticketId}/messages/ — a ticket's thread: the player's and support's messages,
// a reply box, and the status. Opening it clears support's unread mark (messages/get); a reply
// marks it unread for the player. New messages of this ticket arrive live. Beside the thread, the
// player's case (TicketCase): money, orders with verify, battles, bans, the status history, and
// "credit and reply" — a case settled from this one screen.
import { useState } from "react";
import { ph, t } from "@lingui/core/macro";
import { api, href, useApi } from "../../lib/api.ts";
import { act } from "../../lib/action.ts";
import * as feedback from "../../../api/contracts/admin/feedback.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import { useLiveFeed } from "../../lib/live-feed.ts";
import type { TicketEvents } from "../../../api/domain/support-admin.ts";
import { fmtDateTime } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { toast } from "../../components/Toasts.tsx";
import { FieldError } from "../../components/Form.tsx";
import { TICKET_STATUS, ticketCategoryOf, ticketStatusOf } from "./words.ts";
import { TicketCase } from "./TicketCase.tsx";
import "./admin-avatars-feedback.css";
import { useSubmit } from "../../lib/form.ts";

type Status = OutputOf<typeof feedback.thread>["ticket"]["status"];

export default function FeedbackThreadPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.ticketId ?? "";
  const head = useApi(feedback.ticketPage, { ticketId: Number(id) });
  const thread = useApi(feedback.thread, { ticketId: Number(id) });
  const [reply, setReply] = useState("");
  const { busy, errors: replyErrors, run } = useSubmit();
  const [caseVersion, setCaseVersion] = useState(0);
  const reload = () => {
    thread.reload();
    setCaseVersion((v) => v + 1);
  };

  useLiveFeed<TicketEvents>(head.data ? href(feedback.stream, { playerId: head.data.ticket.playerId }) : null, {
    message: (m) => {
      if (String(m.ticket.id) === id) reload();
    },
  });

  const send = () =>
    run(async () => {
      await api(feedback.reply, { ticketId: Number(id), body: reply });
      setReply("");
      toast.ok(t`Reply sent`);
      reload();
    });
  const setStatus = (status: Status) =>
    act(() => api(feedback.set, { ticketId: Number(id), status }), t`Status changed`, reload);

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
              {ticketCategoryOf(h.ticket.category)}
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
                  <select value={d.ticket.status} onChange={(e) => setStatus(e.target.value as Status)}>
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
