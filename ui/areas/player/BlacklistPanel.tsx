// The blacklist: find a player by name or id, block them (they can no longer send you gold or ask
// to join your clan), and unblock.
import { useState } from "react";
import { t } from "@lingui/core/macro";
import { api } from "../../lib/api.ts";
import { act as run } from "../../lib/action.ts";
import { findPlayer, unblock } from "../../../api/contracts/public/profile/players.ts";
import { Empty } from "../../components/States.tsx";
import { FindPlayer, type FoundPlayer } from "./FindPlayer.tsx";
import type { ProfileData } from "./kit.tsx";

type Entry = ProfileData["blacklist"][number];

export function BlacklistPanel({ initial }: { initial: Entry[] }) {
  const [list, setList] = useState(initial);
  const [found, setFound] = useState<FoundPlayer[] | null>(null);
  const act = (work: () => Promise<{ blacklist: Entry[]; players?: FoundPlayer[] }>, done: string) =>
    run(work, done, (r) => {
      setList(r.blacklist);
      if (r.players) setFound(r.players);
    });
  return (
    <section className="tk-panel" aria-labelledby="blacklist-title">
      <h2 id="blacklist-title">{t`Blacklist`}</h2>
      <FindPlayer
        label={t`Nickname or player id`}
        submitLabel={t`Find player`}
        found={found}
        onFound={(r) => {
          setFound(r.players);
          setList(r.blacklist);
        }}
        action={(p, query) =>
          !p.blacklisted && (
            <button
              type="button"
              className="tk-btn"
              onClick={() => act(() => api(findPlayer, { query, blacklist: p.id }), t`Player blocked`)}
            >
              {t`Block`}
            </button>
          )
        }
      />
      {list.length === 0 ? (
        <Empty>{t`Your blacklist is empty.`}</Empty>
      ) : (
        <ul aria-label={t`Blocked players`}>
          {list.map((b) => (
            <li key={b.playerId} className="tk-row">
              <span>{b.nickname}</span>
              <button
                type="button"
                className="tk-btn"
                onClick={() => act(() => api(unblock, { playerId: b.playerId }), t`Player unblocked`)}
              >
                {t`Unblock`}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
