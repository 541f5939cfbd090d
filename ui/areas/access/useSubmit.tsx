// The state every form of the access screens keeps while it talks to the server: busy, and the
// server's error — field messages under their fields (the shared ui/lib/field-errors.ts: the
// input marked invalid and described by its message, the first one focused), the rest in one alert.
import { useState } from "react";
import { ApiError } from "../../lib/api.ts";
import { useFieldErrors } from "../../lib/field-errors.ts";
import { FormMessage } from "../../components/Form.tsx";

export function useSubmit() {
  const errors = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState<string | null>(null);
  /** Runs the form's work; a failure's fields go under their inputs, its message to <FormError>. */
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setCode(null);
    await errors.run(
      async () => {
        try {
          await work();
        } catch (err) {
          setCode(err instanceof ApiError ? err.code : "network");
          throw err;
        }
      },
      { notice: false }, // shown by <FormError>
    );
    setBusy(false);
  };
  return { busy, errors, code, run };
}

/** The server's message when it names no field shown (wrong credentials, throttling, a ban…). */
export const FormError = FormMessage;
