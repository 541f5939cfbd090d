// /admin/feedback/{playerId?} — support tickets: status, category and player filters (in the
// address bar), unread ones first and in bold, the list reloaded live as players write
// (tickets/stream), each ticket opening its thread.
import { useMemo, useState } from "react";
import { ph, t } from "@lingui/core/macro";
import { href, useApi } from "../../lib/api.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as feedback from "../../../api/contracts/admin/feedback.ts";
import { useLiveFeed } from "../../lib/live-feed.ts";
import type { TicketEvents } from "../../../api/domain/support-admin.ts";
import { fmtDateTime } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { DataTable, type Column } from "../../components/DataTable.tsx";
import { TICKET_STATUS, ticketCategoryOf, ticketStatusOf } from "./words.ts";
import "./admin-avatars-feedback.css";

type Ticket = OutputOf<typeof feedback.list>["rows"][number];

/** New messages arrive over SSE; each one bumps the list's version and is shown in a live line. */
function useLiveTickets(playerId: string | undefined) {
  const [version, setVersion] = useState(0);
  const [last, setLast] = useState<{ ticketId: number; author: string } | null>(null);
  useLiveFeed<TicketEvents>(href(feedback.stream, playerId ? { playerId: Number(playerId) } : {}), {
    message: (m) => {
      setLast({ ticketId: m.ticket.id, author: m.message.author });
      setVersion((v) => v + 1);
    },
  });
  return { version, last };
}

export default function FeedbackListPage({ params }: { params: Record<string, string | undefined> }) {
  const playerId = params.playerId;
  const page = useApi(feedback.tickets, playerId ? { playerId: Number(playerId) } : {});
  const live = useLiveTickets(playerId);
  const columns = useMemo<Column<Ticket>[]>(
    () => [
      { id: "id", label: t`Ticket`, value: (r) => r.id, sortable: false },
      {
        id: "subject",
        label: t`Subject`,
        value: (r) => r.subject,
        sortable: false,
        cell: (r) => (
          <a href={`/admin/feedback/${r.id}/messages/`} className={r.unreadBySupport ? "tk-unread" : undefined}>
            {r.subject || t`(removed)`}
            {r.unreadBySupport ? ` • ${t`unread`}` : ""}
          </a>
        ),
      },
      {
        id: "player",
        label: t`Player`,
        value: (r) => r.nickname,
        sortable: false,
        cell: (r) => <a href={`/admin/feedback/${r.playerId}`}>{r.nickname}</a>,
      },
      {
        id: "category",
        label: t`Category`,
        value: (r) => `${r.category}/${r.subCategory}`,
        sortable: false,
        cell: (r) => `${ticketCategoryOf(r.category)} / ${ticketCategoryOf(r.category, r.subCategory)}`,
      },
      {
        id: "status",
        label: t`Status`,
        value: (r) => r.status,
        sortable: false,
        cell: (r) => <span data-status={r.status}>{ticketStatusOf(r.status)}</span>,
      },
      {
        id: "updatedAt",
        label: t`Updated`,
        value: (r) => r.updatedAt,
        sortable: false,
        cell: (r) => fmtDateTime(r.updatedAt),
      },
    ],
    [page.data],
  );
  return (
    <section>
      <Load state={page}>
        {(d) => (
          <>
            <h1>{d.player ? t`Tickets of ${ph({ nickname: d.player.nickname })}` : t`Support tickets`}</h1>
            {d.player && (
              <p>
                <a href="/admin/feedback">{t`All tickets`}</a> ·{" "}
                <a href={`/admin/player/${d.player.id}`}>{t`Player card`}</a>
              </p>
            )}
            <p aria-live="polite" className="tk-hint">
              {live.last
                ? live.last.author === "player"
                  ? t`New message from a player in ticket #${ph({ ticket: live.last.ticketId })}`
                  : t`New reply from support in ticket #${ph({ ticket: live.last.ticketId })}`
                : t`The list updates as players write.`}
            </p>
            <DataTable
              list={feedback.list}
              params={playerId ? { playerId: Number(playerId) } : undefined}
              columns={columns}
              rowKey={(r) => String(r.id)}
              defaultSort={{ id: "updatedAt", desc: true }}
              filters={[
                {
                  id: "status",
                  label: t`Status`,
                  options: Object.keys(TICKET_STATUS).map((s) => [s, ticketStatusOf(s)]),
                },
                {
                  id: "category",
                  label: t`Category`,
                  options: d.categories.map((c) => [c.id, ticketCategoryOf(c.id)]),
                },
                ...(playerId ? [] : [{ id: "playerId", label: t`Player id` }]),
              ]}
              version={live.version}
              caption={t`Support tickets`}
            />
          </>
        )}
      </Load>
    </section>
  );
}
