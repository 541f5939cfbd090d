// Designed loading, empty and error states; every screen shows one of them, never a blank.
import type { ReactNode } from "react";
import type { Loaded } from "../lib/api.ts";
import { t } from "../shell/t.ts";

export const Loading = () => (
  <div className="tk-state" role="status" aria-busy="true">
    <span className="tk-spinner" aria-hidden="true" /> {t("state.loading")}
  </div>
);

export const Empty = ({ children }: { children?: ReactNode }) => <div className="tk-state tk-empty">{children ?? t("state.empty")}</div>;

export const ErrorState = ({ message, retry }: { message: string; retry?: () => void }) => (
  <div className="tk-state tk-error" role="alert">
    {t("state.error", { message })}
    {retry && (
      <button type="button" className="tk-btn" onClick={retry}>
        {t("state.retry")}
      </button>
    )}
  </div>
);

/** Renders a Loaded<T>: the loading, error or empty state, or the data. */
export function Load<T>({ state, empty, children }: { state: Loaded<T>; empty?: (d: T) => boolean; children: (d: T) => ReactNode }) {
  if (state.error && !state.data) return <ErrorState message={state.error.message} retry={state.reload} />;
  if (state.data === undefined) return <Loading />;
  if (empty?.(state.data)) return <Empty />;
  return <div aria-busy={state.loading}>{children(state.data)}</div>;
}
