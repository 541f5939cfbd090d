// The player's own page: who they are (nickname, avatar and its upload, level, experience, balances, premium,
// battles, current tank, clan), then the operators' messages, editing the nickname and language, sending gold, the blacklist, and erasing personal data.
import { ph, t } from "@lingui/core/macro";
import { useApi } from "../../lib/api.ts";
import { fmtDateTime, fmtInt } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { BalanceLine } from "./kit.tsx";
import { profile } from "../../../api/contracts/public/profile.ts";
import { TransferPanel } from "./TransferPanel.tsx";
import { BlacklistPanel } from "./BlacklistPanel.tsx";
import { ErasePanel } from "./ErasePanel.tsx";
import { AvatarPanel } from "./AvatarPanel.tsx";
import { EditProfilePanel } from "./EditProfilePanel.tsx";
import { InboxPanel } from "./InboxPanel.tsx";
import { ChatPanel } from "../community/ChatPanel.tsx";
import { FriendsPanel } from "../community/FriendsPanel.tsx";
import { TermsPanel } from "../community/TermsPanel.tsx";
import { AccountPanel } from "../access/player/AccountPanel.tsx";

export default function ProfilePage() {
  const state = useApi(profile, {});
  return (
    <Load state={state}>
      {(d) => {
        const p = d.player;
        const winRate = p.battles ? Math.round((p.wins / p.battles) * 100) : 0;
        return (
          <div className="tk-player">
            <section className="tk-panel" aria-labelledby="profile-title">
              <h1 id="profile-title">{p.nickname}</h1>
              <AvatarPanel nickname={p.nickname} initial={d.avatar} />
              <dl
                className="tk-facts"
                style={{ display: "grid", gridTemplateColumns: "max-content 1fr", gap: "4px 16px", margin: 0 }}
              >
                <dt>{t`Level`}</dt>
                <dd style={{ margin: 0 }}>{p.level}</dd>
                <dt>{t`Experience`}</dt>
                <dd style={{ margin: 0 }}>{fmtInt(p.experience)}</dd>
                <dt>{t`Rating`}</dt>
                <dd style={{ margin: 0 }}>{fmtInt(p.rating)}</dd>
                <dt>{t`Premium`}</dt>
                <dd style={{ margin: 0 }}>
                  {p.premium ? t`until ${ph({ until: fmtDateTime(p.premiumUntil) })}` : t`no`}
                </dd>
                <dt>{t`Battles`}</dt>
                <dd style={{ margin: 0 }}>{fmtInt(p.battles)}</dd>
                <dt>{t`Wins`}</dt>
                <dd style={{ margin: 0 }}>{t`${ph({ wins: fmtInt(p.wins) })} (${ph({ rate: winRate })}%)`}</dd>
                <dt>{t`Current tank`}</dt>
                <dd style={{ margin: 0 }}>
                  {p.currentTank
                    ? t`${ph({ tank: p.currentTank.name })}, tier ${ph({ tier: p.currentTank.tier })}`
                    : t`none`}
                </dd>
                <dt>{t`Clan`}</dt>
                <dd style={{ margin: 0 }}>
                  {p.clan ? (
                    <a href="/public/profile/myClan">{`[${p.clan.tag}] ${p.clan.name}`}</a>
                  ) : (
                    <a href="/public/profile/searchClans">{t`Find a clan`}</a>
                  )}
                </dd>
              </dl>
              <BalanceLine balance={p} />
            </section>
            <AccountPanel />
            <InboxPanel inbox={d.inbox} onRead={state.reload} />
            <TermsPanel />
            <ChatPanel />
            <FriendsPanel />
            <EditProfilePanel nickname={p.nickname} onDone={state.reload} />
            <TransferPanel rules={d.transferRules} level={p.level} onDone={state.reload} />
            <BlacklistPanel initial={d.blacklist} />
            <ErasePanel />
          </div>
        );
      }}
    </Load>
  );
}
