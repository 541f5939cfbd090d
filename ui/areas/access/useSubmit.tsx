// The state every form of the access screens keeps while it talks to the server: busy, and the
// server's error (field messages go next to their fields, the rest in one alert).
import { useState } from "react";
import { ApiError } from "../../lib/api.ts";

export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  /** Runs the form's work; a failure becomes `error`. */
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(err instanceof ApiError ? err : new ApiError(0, "network", String(err)));
    }
    setBusy(false);
  };
  return { busy, error, setError, run };
}

/** The server's message when it names no field (wrong credentials, throttling, a ban…). */
export function FormError({ error, children }: { error: ApiError | null; children?: React.ReactNode }) {
  if (!error || Object.keys(error.fields).length > 0) return null;
  return (
    <p className="tk-error" role="alert">
      {error.message} {children}
    </p>
  );
}
