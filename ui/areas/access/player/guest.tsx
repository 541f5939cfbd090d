// A visitor becomes a guest player in one click (api/identity/front-door.ts): the proof of work
// for a challenge, then POST /public/guest signs the guest in. <GuestEntry> does it where a
// visitor lands on a signed-in page (the hangar) and reloads it as the new guest.
import { useEffect, useState } from "react";
import { t } from "@lingui/core/macro";
import { api, ApiError } from "../../../lib/api.ts";
import * as door from "../../../../api/contracts/public/front-door.ts";
import { ErrorState } from "../../../components/States.tsx";

/** The answer to a fresh challenge (for a guest, or a sign-up under the same limit). */
export async function proofOfWork(): Promise<{ seed: string; nonce: string }> {
  const ch = await api(door.guestChallenge);
  const { solve } = await import("../../../lib/pow.ts");
  return { seed: ch.seed, nonce: await solve(ch.seed, ch.bits) };
}

export async function enterAsGuest(): Promise<void> {
  await api(door.guest, await proofOfWork());
}

/** Makes the visitor a guest and reloads the page (its new session's CSRF token comes with the page). */
export function GuestEntry() {
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt < 0) return;
    enterAsGuest().then(
      () => location.reload(),
      (e: Error) => setError(e instanceof ApiError ? e.message : t`No connection to the server.`),
    );
  }, [attempt]);
  const retry = () => {
    setError(null);
    setAttempt(attempt + 1);
  };
  if (error) return <ErrorState message={error} retry={retry} />;
  return (
    <div className="tk-state" role="status" aria-busy="true">
      <span className="tk-spinner" aria-hidden="true" /> {t`Preparing your tanker…`}
    </div>
  );
}
