// Support: the player's tickets (unread replies marked), a wizard — category, then subcategory
// from wizzard/getCategories — leading to the form, and a ticket's thread with the replies and a
// box to answer. The open ticket is kept in the address (?ticket=) so reload and Back keep it.
import { useEffect, useState } from "react";
import { msg, ph, t } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { useApi } from "../../lib/api.ts";
import * as feedback from "../../../api/contracts/public/profile/feedback.ts";
import { fmtDateTime } from "../../lib/i18n.ts";
import { Load, Empty } from "../../components/States.tsx";
import { TicketThread } from "./TicketThread.tsx";
import { NewTicket } from "./NewTicket.tsx";

const TICKET_STATUS: Record<string, MessageDescriptor> = {
  open: msg({ message: "open", context: "ticket status" }),
  answered: msg({ message: "answered", context: "ticket status" }),
  waiting: msg({ message: "waiting", context: "ticket status" }),
  closed: msg({ message: "closed", context: "ticket status" }),
};

const ticketInAddress = () => Number(new URLSearchParams(location.search).get("ticket")) || null;

export default function FeedbackPage() {
  const state = useApi(feedback.tickets, {});
  const [open, setOpen] = useState<number | null>(ticketInAddress);
  const [creating, setCreating] = useState(false);
  // Back and Forward move between the list and a thread.
  useEffect(() => {
    const follow = () => setOpen(ticketInAddress());
    addEventListener("popstate", follow);
    return () => removeEventListener("popstate", follow);
  }, []);
  const show = (id: number | null) => {
    history.pushState(null, "", id ? `?ticket=${id}` : location.pathname);
    setOpen(id);
    setCreating(false);
    state.reload();
  };
  const status = (s: string) => (TICKET_STATUS[s] ? t(TICKET_STATUS[s]) : s);
  return (
    <section aria-labelledby="feedback-title">
      <h1 id="feedback-title">{t`Support`}</h1>
      {open !== null ? (
        <TicketThread key={open} ticketId={open} onBack={() => show(null)} />
      ) : creating ? (
        <NewTicket onCreated={(id) => show(id)} onCancel={() => setCreating(false)} />
      ) : (
        <>
          <button type="button" className="tk-btn tk-primary" onClick={() => setCreating(true)}>
            {t`Ask support`}
          </button>
          <h2>{t`My tickets`}</h2>
          <Load state={state}>
            {(d) =>
              d.tickets.length === 0 ? (
                <Empty>{t`You have no tickets.`}</Empty>
              ) : (
                <ul className="tk-list" aria-label={t`My tickets`}>
                  {d.tickets.map((k) => (
                    <li key={k.id} className="tk-row">
                      <button type="button" className="tk-link" onClick={() => show(k.id)}>
                        {k.unreadByPlayer && <strong className="tk-attention">{t`New reply`} · </strong>}
                        {`#${k.id} ${k.subject}`}
                      </button>
                      <span>{t`${ph({ status: status(k.status) })}, ${ph({ at: fmtDateTime(k.updatedAt) })}`}</span>
                    </li>
                  ))}
                </ul>
              )
            }
          </Load>
        </>
      )}
    </section>
  );
}
