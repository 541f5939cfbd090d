// The back office names the fields of a refusal in words: an ApiError's message becomes "Some
// fields are not filled in correctly. Prices · row 1 · Amount: Please enter a number." (the
// shared field words of AdminLabels.ts), so a notice shown away from its form never shows a raw
// path like prices.0.amount. Installed by the admin shell.
import { ph, t } from "@lingui/core/macro";
import { nameFieldsWith } from "../lib/api.ts";
import { pathLabel } from "../lib/path-label.ts";
import { fieldText } from "./AdminFields.ts";

/** A field path in words with the shared field names, rows counted from 1. */
export const fieldPathText = (path: string) => pathLabel(path, fieldText, (n) => t`row ${ph({ n })}`);

nameFieldsWith(fieldPathText);
