// Designed loading, empty and error states; every screen shows one of them, never a blank.
import type { ReactNode } from "react";
import type { Loaded } from "../lib/api.ts";
import { t } from "@lingui/core/macro";

export const Loading = () => (
  <div className="tk-state" role="status" aria-busy="true">
    <span className="tk-spinner" aria-hidden="true" /> {t`Loading…`}
  </div>
);

export const Empty = ({ children }: { children?: ReactNode }) => (
  <div className="tk-state tk-empty">{children ?? t`Nothing here yet.`}</div>
);

export const ErrorState = ({ message, retry }: { message: string; retry?: () => void }) => (
  <div className="tk-state tk-error" role="alert">
    {t`Could not load: ${message}`}
    {retry && (
      <button type="button" className="tk-btn" onClick={retry}>
        {t`Try again`}
      </button>
    )}
  </div>
);

/** Renders a Loaded<T>: the loading, error or empty state, or the data. */
export function Load<T>({
  state,
  empty,
  children,
}: {
  state: Loaded<T>;
  empty?: (d: T) => boolean;
  children: (d: T) => ReactNode;
}) {
  if (state.error && !state.data) return <ErrorState message={state.error.message} retry={state.reload} />;
  if (state.data === undefined) return <Loading />;
  if (empty?.(state.data)) return <Empty />;
  return <div aria-busy={state.loading}>{children(state.data)}</div>;
}
