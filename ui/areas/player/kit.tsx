// Pieces every player screen shares: a fresh request id for money actions (the server answers a
// repeated id with its first result, so a double click never pays twice), the balance line shown
// after a money action, and the profile page's data type.
import { ph, t } from "@lingui/core/macro";
import { fmtInt } from "../../lib/i18n.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import type { profile } from "../../../api/contracts/public/profile.ts";

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

/** What the profile page answers (its contract's output). */
export type ProfileData = OutputOf<typeof profile>;

/** Operators' notifications delivered to the player, newest first, in the page's language. */
export type Inbox = ProfileData["inbox"];

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
