// The links between one player's screens (card, log, counters, bans, items, payments, feedback).
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
  return (
    <nav aria-label={t`Player sections`} className="tk-row">
      {links.map(([href, label]) => (
        <a
          key={href}
          href={href}
          className="tk-btn"
          aria-current={typeof location !== "undefined" && location.pathname === href ? "page" : undefined}
        >
          {label}
        </a>
      ))}
    </nav>
  );
}
