// Pieces every player screen shares: a fresh request id for money actions (the server answers a
// repeated id with its first result, so a double click never pays twice), the balance line shown
// after a money action, and the profile page's data type.
import { ph, t } from "@lingui/core/macro";
import { fmtInt } from "../../lib/i18n.ts";
import type { AvatarState } from "./AvatarPanel.tsx";

export const newRequestId = () => `ui-${crypto.randomUUID()}`;

export interface Balance {
  gold: number;
  silver: number;
}

/** The player's gold and silver, announced to screen readers when they change. */
export function BalanceLine({ balance }: { balance: Balance }) {
  return (
    <p className="tk-row" role="status" aria-live="polite" data-testid="balance">
      <span className="tk-gold">{t`Gold: ${ph({ gold: fmtInt(balance.gold) })}`}</span>
      <span className="tk-silver">{t`Silver: ${ph({ silver: fmtInt(balance.silver) })}`}</span>
    </p>
  );
}

export interface ProfileData {
  player: {
    id: number;
    nickname: string;
    avatarUrl: string | null;
    level: number;
    experience: number;
    rating: number;
    gold: number;
    silver: number;
    premium: boolean;
    premiumUntil: number | null;
    battles: number;
    wins: number;
    currentTank: { id: number; name: string; tier: number; type: string } | null;
    clan: { id: number; name: string; tag: string; role: string } | null;
  };
  avatar: AvatarState;
  inbox: Inbox;
  blacklist: { playerId: number; nickname: string; level: number; createdAt: number }[];
  transferRules: { minAmount: number; maxAmount: number; dailyLimit: number; feePercent: number; minLevel: number };
}

/** Operators' notifications delivered to the player, newest first, in the page's language. */
export interface Inbox {
  unread: number;
  items: { id: number; title: string; body: string; createdAt: number; read: boolean }[];
}

/** Pages of a paged list: previous / next with the position. */
export function Pager({
  page,
  size,
  total,
  onPage,
}: {
  page: number;
  size: number;
  total: number;
  onPage: (p: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <nav className="tk-row" aria-label={t`Pages`}>
      <button type="button" className="tk-btn" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t`Previous page`}
      </button>
      <span>{t`Page ${page} of ${pages}`}</span>
      <button type="button" className="tk-btn" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t`Next page`}
      </button>
    </nav>
  );
}
