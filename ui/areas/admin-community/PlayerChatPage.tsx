// /admin/player/:playerId/chatHistory — what one player wrote, every room, every status, with the moderation.
import { useState } from "react";
import { t, ph } from "@lingui/core/macro";
import { useApi } from "../../lib/api.ts";
import * as history from "../../../api/contracts/admin/player/chatHistory.ts";
import { fmtDateTime, fmtInt } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { PlayerNav } from "../admin-players/PlayerNav.tsx";
import { MessageList } from "./Moderation.tsx";

const SIZE = 50;

export default function PlayerChatPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.playerId ?? "";
  const head = useApi(history.page, { playerId: Number(id) });
  const [page, setPage] = useState(1);
  const rows = useApi(history.load, { playerId: Number(id), page, size: SIZE });
  return (
    <section>
      <PlayerNav playerId={id} />
      <Load state={head}>
        {(d) => (
          <>
            <h1>{t`Chat history of ${ph({ nickname: d.player.nickname })} (#${ph({ id: d.player.id })})`}</h1>
            <p>
              {t`Messages: ${ph({ n: fmtInt(d.total) })}.`}{" "}
              {d.mute ? t`Muted until ${ph({ until: fmtDateTime(d.mute.until) })}.` : t`Not muted.`}
            </p>
          </>
        )}
      </Load>
      <Load state={rows}>
        {(d) => (
          <>
            <MessageList rows={d.rows} onChange={() => (rows.reload(), head.reload())} />
            <p className="tk-row">
              <button type="button" className="tk-btn" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t`Newer`}
              </button>
              <span>{t`Page ${ph({ page })} of ${ph({ pages: Math.max(1, Math.ceil(d.total / SIZE)) })}`}</span>
              <button
                type="button"
                className="tk-btn"
                disabled={page * SIZE >= d.total}
                onClick={() => setPage(page + 1)}
              >
                {t`Older`}
              </button>
            </p>
          </>
        )}
      </Load>
    </section>
  );
}
