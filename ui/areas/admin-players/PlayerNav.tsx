// The links between one player's screens (card, log, counters, bans, items, payments, feedback):
// a row of buttons on a desktop, a menu that opens on a phone.
import { t } from "@lingui/core/macro";

export function PlayerNav({ playerId }: { playerId: string | number }) {
  const links: [string, string][] = [
    [`/admin/player/${playerId}`, t`Card`],
    [`/admin/playerLog/${playerId}`, t`Log`],
    [`/admin/playerCounters/${playerId}`, t`Counters`],
    [`/admin/banLog/${playerId}`, t`Bans`],
    [`/admin/player/${playerId}/tanks`, t`Tanks`],
    [`/admin/player/${playerId}/battles`, t`Battles`],
    [`/admin/player/${playerId}/shop`, t`Shop`],
    [`/admin/playerPayment/${playerId}`, t`Payments`],
    [`/admin/feedback/${playerId}`, t`Feedback`],
    [`/admin/playerAvatars/?playerId=${playerId}`, t`Avatars`],
    [`/admin/player/${playerId}/chatHistory`, t`Chat`],
    [`/admin/player/${playerId}/devices`, t`Devices and friends`],
    [`/admin/player/${playerId}/tournaments`, t`Tournaments`],
    [`/admin/player/${playerId}/experiments`, t`Experiments`],
    [`/admin/player/${playerId}/analysis/`, t`Analysis`],
  ];
  const here = typeof location !== "undefined" ? location.pathname + location.search : "";
  const current = links.find(([href]) => href === here);
  const items = links.map(([href, label]) => (
    <a key={href} href={href} className="tk-btn" aria-current={current?.[0] === href ? "page" : undefined}>
      {label}
    </a>
  ));
  // On a phone the fifteen sections are a menu that opens (the row would fill the first screen).
  return (
    <nav aria-label={t`Player sections`} className="tk-player-nav">
      <div className="tk-row tk-player-nav-row">{items}</div>
      <details className="tk-player-nav-menu">
        <summary className="tk-btn">{current ? t`Section: ${current[1]}` : t`Sections`}</summary>
        <div className="tk-player-nav-list">{items}</div>
      </details>
    </nav>
  );
}
