// /admin/feedback/{playerId?} — support tickets: status, category and player filters (in the
// address bar), unread ones first and in bold, the list reloaded live as players write
// (tickets/stream), each ticket opening its thread.
import { useMemo, useState } from "react";
import { ph, t } from "@lingui/core/macro";
import { useApi } from "../../lib/api.ts";
import { useLiveFeed } from "../../lib/live-feed.ts";
import type { TicketEvents } from "../../../api/admin/feedback.ts";
import { fmtDateTime, locale } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { DataTable, type Column } from "../../components/DataTable.tsx";
import { TICKET_STATUS, ticketStatusOf } from "./words.ts";
import "./admin-avatars-feedback.css";

interface Category {
  id: string;
  title: { en: string; ru: string };
  sub: { id: string; title: { en: string; ru: string } }[];
}
interface PageData {
  statuses: string[];
  categories: Category[];
  player: { id: number; nickname: string } | null;
}
interface Ticket {
  id: number;
  playerId: number;
  nickname: string;
  category: string;
  subCategory: string;
  subject: string;
  status: string;
  unreadBySupport: boolean;
  updatedAt: number;
}

/** New messages arrive over SSE; each one bumps the list's version and is shown in a live line. */
function useLiveTickets(playerId: string | undefined) {
  const [version, setVersion] = useState(0);
  const [last, setLast] = useState<{ ticketId: number; author: string } | null>(null);
  useLiveFeed<TicketEvents>(`/admin/feedback/tickets/stream${playerId ? `?playerId=${playerId}` : ""}`, {
    message: (m) => {
      setLast({ ticketId: m.ticket.id, author: m.message.author });
      setVersion((v) => v + 1);
    },
  });
  return { version, last };
}

export default function FeedbackListPage({ params }: { params: Record<string, string | undefined> }) {
  const playerId = params.playerId;
  const page = useApi<PageData>(`/admin/feedback${playerId ? `/${playerId}` : ""}`);
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
        cell: (r) => categoryTitle(page.data?.categories ?? [], r.category, r.subCategory),
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
            <DataTable<Ticket>
              url="/admin/feedback/tickets/get"
              params={playerId ? { playerId } : undefined}
              columns={columns}
              rowKey={(r) => String(r.id)}
              defaultSort={{ id: "updatedAt", desc: true }}
              filters={[
                {
                  id: "status",
                  label: t`Status`,
                  options: Object.keys(TICKET_STATUS).map((s) => [s, ticketStatusOf(s)]),
                },
                { id: "category", label: t`Category`, options: d.categories.map((c) => [c.id, c.title[locale]]) },
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

function categoryTitle(categories: Category[], id: string, sub: string) {
  const c = categories.find((x) => x.id === id);
  const s = c?.sub.find((x) => x.id === sub);
  return `${c?.title[locale] ?? id} / ${s?.title[locale] ?? sub}`;
}
