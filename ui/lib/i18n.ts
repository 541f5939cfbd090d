// Lingui runtime for the UI. Strings are written with lingui macros (t`…`, msg`…`; see
// ui/README.md); `lingui compile` merges every area's catalogue into one compiled catalogue per
// locale, and the entry activates the page's one before any screen renders.
import { i18n, type Messages } from "@lingui/core";
import { formatDateTime } from "./datetime.ts";

export type Locale = "ru" | "en";

/** The page's locale (the server's, from <meta name="tk-locale">; set per render on the server: ui/ssr.tsx). */
export let locale: Locale =
  typeof document !== "undefined" && document.querySelector<HTMLMetaElement>('meta[name="tk-locale"]')?.content === "en"
    ? "en"
    : "ru";

/** The server's render (ui/ssr.tsx): the locale and its messages (the catalogue under the operators' edits). */
export function activateServerLocale(l: Locale, messages: Messages) {
  locale = l;
  i18n.loadAndActivate({ locale: l, messages });
}

/** The texts operators edited under /admin/translation/ (compiled), fetched beside the catalogue; none when it fails. */
async function editedTexts(): Promise<Record<string, unknown>> {
  try {
    const res = await fetch(`/texts/${locale}`, { headers: { accept: "application/json" } });
    return res.ok ? ((await res.json()) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The operators' edited texts, laid over every catalogue this page loads. */
let edits: Record<string, unknown> = {};
/**
 * Loads the page locale's compiled catalogue (its own chunk: a page fetches one locale only) and
 * the operators' edited texts over it, and activates it. A message id the catalogue lacks is
 * reported as a console error, which the e2e pages check fails on. The player site loads the
 * public catalogue (without the back office's words, ui/public-catalogues.ts); the back office its
 * base (the shell's words), and each area's words with the area's first screen (ui/areas/index.ts).
 */
export async function activateLocale(): Promise<void> {
  const admin = location.pathname.startsWith("/admin");
  const edited = editedTexts();
  const { messages } = admin
    ? locale === "en"
      ? await import("../locales/en.admin.ts")
      : await import("../locales/ru.admin.ts")
    : locale === "en"
      ? await import("../locales/en.public.ts")
      : await import("../locales/ru.public.ts");
  edits = await edited;
  i18n.on("missing", ({ id }) => console.error(`untranslated message ${id} (${locale})`));
  i18n.loadAndActivate({ locale, messages: { ...messages, ...(edits as Messages) } });
}

/** More messages for the active locale (a back-office area's, ui/areas/index.ts), under the operators' edits. */
export const addMessages = (messages: Messages) => i18n.load(locale, { ...messages, ...(edits as Messages) });

/** DD.MM.YYYY HH:mm:ss in the viewer's time zone; empty for no value. */
export const fmtDateTime = (ms: number | null | undefined) => (ms == null ? "" : formatDateTime(ms));
export const fmtInt = (v: unknown) => (typeof v === "number" ? v.toLocaleString(locale) : String(v ?? ""));
