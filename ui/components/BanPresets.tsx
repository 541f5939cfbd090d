// The usual lengths of a ban, one click each (1 day, 7 days, 30 days, permanent): the ban's end
// goes to the date-time picker beside it, which still takes any DD.MM.YYYY HH:mm:ss.
import { t } from "@lingui/core/macro";

const DAY = 86_400_000;
/** A permanent ban ends a hundred years from now (the store keeps an end for every ban). */
export const PERMANENT_MS = 100 * 365 * DAY;
/** A ban's end this far away reads "permanent". */
export const isPermanent = (until: number | null | undefined, now = Date.now()) =>
  until != null && until - now > 50 * 365 * DAY;

export function BanPresets({ onPick }: { onPick: (until: number) => void }) {
  const presets: [string, number][] = [
    [t`1 day`, DAY],
    [t`7 days`, 7 * DAY],
    [t`30 days`, 30 * DAY],
    [t`Permanent`, PERMANENT_MS],
  ];
  return (
    <div className="tk-row" role="group" aria-label={t`Ban length`}>
      {presets.map(([label, ms]) => (
        <button key={label} type="button" className="tk-btn" onClick={() => onPick(Date.now() + ms)}>
          {label}
        </button>
      ))}
    </div>
  );
}
