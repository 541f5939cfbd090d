// /admin/player/:playerId/devices — the devices and browsers the player signs in from, their terms
// and rating (with the resets), and their friends and friend requests (answered or ended on
// their behalf).
import { t, ph } from "@lingui/core/macro";
import { api, href, useApi } from "../../lib/api.ts";
import { act as run } from "../../lib/action.ts";
import { fmtDateTime, fmtInt } from "../../lib/i18n.ts";
import { Empty, Load } from "../../components/States.tsx";
import { Table, type Column } from "../../components/Table.tsx";
import { RowMenu } from "../../components/RowMenu.tsx";
import { PlayerNav } from "../admin-players/PlayerNav.tsx";
import { valueText } from "../../shell/AdminLabels.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as community from "../../../api/contracts/admin/player/community.ts";

type Head = OutputOf<typeof community.devices>;
type Device = Head["devices"][number];
type Friends = OutputOf<typeof community.friends>;
type Person = Pick<Friends["friends"][number], "playerId" | "nickname" | "level">;

function FriendsSection({ playerId }: { playerId: string }) {
  const state = useApi(community.friends, { playerId: Number(playerId) });
  const link = (p: Person) => <a href={`/admin/player/${p.playerId}`}>{`${p.nickname} (#${p.playerId})`}</a>;
  return (
    <section className="tk-panel" aria-labelledby="friends-title">
      <h2 id="friends-title">{t`Friends`}</h2>
      <Load state={state}>
        {(d) => (
          <>
            {d.friends.length === 0 ? (
              <Empty>{t`No friends.`}</Empty>
            ) : (
              <ul aria-label={t`Friends`}>
                {d.friends.map((f) => (
                  <li key={f.playerId} className="tk-row">
                    {link(f)} <span>{t`since ${ph({ at: fmtDateTime(f.since) })}`}</span>
                    <RowMenu
                      actions={[
                        {
                          label: t`End friendship`,
                          danger: true,
                          onClick: () =>
                            run(
                              () => api(community.removeFriend, { playerId: Number(playerId), friendId: f.playerId }),
                              t`Friendship ended`,
                              state.reload,
                            ),
                        },
                      ]}
                    />
                  </li>
                ))}
              </ul>
            )}
            <h3>{t`Requests to the player`}</h3>
            {d.incoming.length === 0 ? (
              <Empty>{t`No requests.`}</Empty>
            ) : (
              <ul>
                {d.incoming.map((r) => (
                  <li key={r.requestId} className="tk-row">
                    {link(r)} <span>{fmtDateTime(r.createdAt)}</span>
                    <RowMenu
                      actions={[
                        {
                          label: t`Accept`,
                          onClick: () =>
                            run(
                              () => api(community.accept, { requestId: r.requestId }),
                              t`Request accepted`,
                              state.reload,
                            ),
                        },
                        {
                          label: t`Decline`,
                          onClick: () =>
                            run(
                              () => api(community.decline, { requestId: r.requestId }),
                              t`Request declined`,
                              state.reload,
                            ),
                        },
                      ]}
                    />
                  </li>
                ))}
              </ul>
            )}
            <h3>{t`The player's requests`}</h3>
            {d.outgoing.length === 0 ? (
              <Empty>{t`No requests.`}</Empty>
            ) : (
              <ul>
                {d.outgoing.map((r) => (
                  <li key={r.requestId} className="tk-row">
                    {link(r)} <span>{fmtDateTime(r.createdAt)}</span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </Load>
    </section>
  );
}

export default function PlayerDevicesPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.playerId ?? "";
  const state = useApi(community.devices, { playerId: Number(id) });
  const columns: Column<Device>[] = [
    { id: "client", label: t`Client`, value: (d) => (d.client === "game" ? t`game` : t`site`) },
    { id: "platform", label: t`Platform`, value: (d) => d.platform, cell: (d) => valueText("platform", d.platform) },
    { id: "appVersion", label: t`App version`, value: (d) => d.appVersion || "—" },
    { id: "country", label: t`Country`, value: (d) => d.country ?? "—" },
    { id: "firstSeen", label: t`First seen`, value: (d) => d.firstSeen, cell: (d) => fmtDateTime(d.firstSeen) },
    { id: "lastSeen", label: t`Last seen`, value: (d) => d.lastSeen, cell: (d) => fmtDateTime(d.lastSeen) },
    { id: "signIns", label: t`Sign-ins`, value: (d) => d.signIns, cell: (d) => fmtInt(d.signIns) },
    {
      id: "userAgent",
      label: t`Browser`,
      value: (d) => d.userAgent,
      cell: (d) => <span style={{ overflowWrap: "anywhere" }}>{d.userAgent || "—"}</span>,
    },
  ];
  return (
    <section>
      <PlayerNav playerId={id} />
      <Load state={state}>
        {(d) => (
          <>
            <h1>{t`Devices of ${ph({ nickname: d.player.nickname })} (#${ph({ id: d.player.id })})`}</h1>
            {d.devices.length === 0 ? (
              <Empty>{t`The player has not signed in from any device yet.`}</Empty>
            ) : (
              <Table rows={d.devices} columns={columns} />
            )}
            <section className="tk-panel" aria-labelledby="identities-title">
              <h2 id="identities-title">{t`Social identities`}</h2>
              {d.identities.length === 0 ? (
                <Empty>{t`The player signs in without a social network.`}</Empty>
              ) : (
                <ul>
                  {d.identities.map((i) => (
                    <li key={`${i.network}:${i.uid}`} className="tk-row">
                      <span>{`${valueText("network", i.network)}: ${i.uid}`}</span>
                      <a
                        href={href(community.goToMailProfile, { uid: i.uid })}
                        target="_blank"
                        rel="noopener noreferrer"
                      >
                        {t`Profile on the network`}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className="tk-panel" aria-labelledby="terms-title">
              <h2 id="terms-title">{t`Terms and rating`}</h2>
              <p>
                {d.terms.eulaAcceptedAt
                  ? t`Accepted the terms on ${ph({ at: fmtDateTime(d.terms.eulaAcceptedAt) })}.`
                  : t`Has not accepted the current terms.`}{" "}
                {d.terms.ratedAt
                  ? t`Rated the game ${ph({ n: d.terms.rating ?? 0 })} of 5 on ${ph({ at: fmtDateTime(d.terms.ratedAt) })}.`
                  : t`Has not rated the game.`}{" "}
                {d.terms.bonusPaidAt ? t`Rating bonus paid on ${ph({ at: fmtDateTime(d.terms.bonusPaidAt) })}.` : ""}
              </p>
              <p className="tk-row">
                <button
                  type="button"
                  className="tk-btn"
                  disabled={!d.terms.eulaAcceptedAt}
                  onClick={() =>
                    run(
                      () => api(community.resetEula, { playerId: Number(id) }),
                      t`The player must accept the terms again`,
                      state.reload,
                    )
                  }
                >
                  {t`Ask to accept the terms again`}
                </button>
                <button
                  type="button"
                  className="tk-btn"
                  disabled={!d.terms.ratedAt}
                  onClick={() =>
                    run(
                      () => api(community.resetRateForBonus, { playerId: Number(id) }),
                      t`The game may ask for a rating again`,
                      state.reload,
                    )
                  }
                >
                  {t`Let the game ask for a rating again`}
                </button>
              </p>
            </section>
          </>
        )}
      </Load>
      <FriendsSection playerId={id} />
    </section>
  );
}
