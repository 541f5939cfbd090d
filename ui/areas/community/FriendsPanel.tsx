// The player's friends on the profile: friends (remove), requests to them (accept, decline), their
// own requests (cancel), and asking someone found by nickname or id. Blocked players cannot ask.
import { useState } from "react";
import { t } from "@lingui/core/macro";
import { api, useApi } from "../../lib/api.ts";
import { act as run } from "../../lib/action.ts";
import { Empty, Load } from "../../components/States.tsx";
import { RowMenu } from "../../components/RowMenu.tsx";
import { FindPlayer, type FoundPlayer } from "../player/FindPlayer.tsx";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as calls from "../../../api/contracts/public/community.ts";

type Person = Pick<OutputOf<typeof calls.friends>["friends"][number], "playerId" | "nickname" | "level">;

export function FriendsPanel() {
  const state = useApi(calls.friends, {});
  const [found, setFound] = useState<FoundPlayer[] | null>(null);
  const act = (call: () => Promise<unknown>, done: string) => run(call, done, state.reload);
  const who = (p: Person) => `${p.nickname} (#${p.playerId}, ${t`level`} ${p.level})`;
  return (
    <section className="tk-panel" aria-labelledby="friends-title">
      <h2 id="friends-title">{t`Friends`}</h2>
      <Load state={state}>
        {(d) => (
          <>
            {d.friends.length === 0 ? (
              <Empty>{t`No friends yet: find a player below and send a request.`}</Empty>
            ) : (
              <ul aria-label={t`Your friends`}>
                {d.friends.map((f) => (
                  <li key={f.playerId} className="tk-row">
                    <span>{who(f)}</span>
                    <RowMenu
                      actions={[
                        {
                          label: t`Remove`,
                          onClick: () =>
                            act(() => api(calls.removeFriend, { playerId: f.playerId }), t`Removed from friends`),
                        },
                      ]}
                    />
                  </li>
                ))}
              </ul>
            )}
            {d.incoming.length > 0 && (
              <>
                <h3>{t`Requests to you`}</h3>
                <ul aria-label={t`Requests to you`}>
                  {d.incoming.map((r) => (
                    <li key={r.requestId} className="tk-row">
                      <span>{who(r)}</span>
                      <RowMenu
                        actions={[
                          {
                            label: t`Accept`,
                            primary: true,
                            onClick: () =>
                              act(() => api(calls.acceptFriend, { requestId: r.requestId }), t`You are friends now`),
                          },
                          {
                            label: t`Decline`,
                            onClick: () =>
                              act(() => api(calls.declineFriend, { requestId: r.requestId }), t`Request declined`),
                          },
                        ]}
                      />
                    </li>
                  ))}
                </ul>
              </>
            )}
            {d.outgoing.length > 0 && (
              <>
                <h3>{t`Your requests`}</h3>
                <ul aria-label={t`Your requests`}>
                  {d.outgoing.map((r) => (
                    <li key={r.requestId} className="tk-row">
                      <span>{who(r)}</span>
                      <RowMenu
                        actions={[
                          {
                            label: t`Cancel`,
                            onClick: () =>
                              act(() => api(calls.declineFriend, { requestId: r.requestId }), t`Request cancelled`),
                          },
                        ]}
                      />
                    </li>
                  ))}
                </ul>
              </>
            )}
          </>
        )}
      </Load>
      <FindPlayer
        label={t`Friend's nickname or player id`}
        submitLabel={t`Find a friend`}
        found={found}
        onFound={(r) => setFound(r.players)}
        action={(p) => (
          <button
            type="button"
            className="tk-btn"
            onClick={() => act(() => api(calls.askFriend, { playerId: p.id }), t`Friend request sent`)}
          >
            {t`Add friend`}
          </button>
        )}
      />
    </section>
  );
}
