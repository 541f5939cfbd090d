// The player's messages from the game's operators (news, events, maintenance), unread first
// marked; reading one marks it read on the server.
import { ph, plural, t } from "@lingui/core/macro";
import { api } from "../../lib/api.ts";
import { act } from "../../lib/action.ts";
import { readNotifications } from "../../../api/contracts/public/profile.ts";
import { fmtDateTime } from "../../lib/i18n.ts";
import { renderMarkdown } from "../../lib/markdown.ts";
import { Empty } from "../../components/States.tsx";
import type { Inbox } from "./kit.tsx";

export function InboxPanel({ inbox, onRead }: { inbox: Inbox; onRead: () => void }) {
  const unreadIds = inbox.items.filter((m) => !m.read).map((m) => m.id);
  const markRead = (ids: number[]) => act(() => api(readNotifications, { ids }), null, onRead);
  return (
    <section className="tk-panel" aria-labelledby="inbox-title">
      <h2 id="inbox-title">
        {t`Messages`}{" "}
        {inbox.unread > 0 && <span className="tk-badge">{plural(inbox.unread, { one: "# new", other: "# new" })}</span>}
      </h2>
      {inbox.items.length === 0 ? (
        <Empty>{t`No messages yet.`}</Empty>
      ) : (
        <>
          {unreadIds.length > 1 && (
            <button type="button" className="tk-btn" onClick={() => markRead(unreadIds)}>
              {t`Mark all as read`}
            </button>
          )}
          <ul className="tk-list" aria-label={t`Messages`}>
            {inbox.items.map((m) => (
              <li key={m.id} data-unread={m.read ? undefined : "true"}>
                <details onToggle={(e) => (e.currentTarget.open && !m.read ? markRead([m.id]) : undefined)}>
                  <summary>
                    {!m.read && <strong className="tk-badge">{t`new`}</strong>} {m.title}{" "}
                    <time className="tk-hint">{fmtDateTime(m.createdAt)}</time>
                  </summary>
                  <div
                    role="group"
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it's output with html: false (ui/lib/markdown.ts)
                    dangerouslySetInnerHTML={{ __html: renderMarkdown(m.body) }}
                    aria-label={t`Message ${ph({ title: m.title })}`}
                  />
                </details>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
