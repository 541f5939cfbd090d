// Lingui runtime for the UI. Strings are written with lingui macros (t`…`, msg`…`; see
// ui/README.md); `lingui compile` merges every area's catalogue into one compiled catalogue per
// locale, and the entry activates the page's one before any screen renders.
import { i18n } from "@lingui/core";
import { formatDateTime } from "./datetime.ts";

export type Locale = "ru" | "en";

export const locale: Locale =
  typeof document !== "undefined" && document.querySelector<HTMLMetaElement>('meta[name="tk-locale"]')?.content === "en" ? "en" : "ru";

/** The texts operators edited under /admin/translation/ (compiled), fetched beside the catalogue; none when it fails. */
async function editedTexts(): Promise<Record<string, unknown>> {
  try {
    const res = await fetch(`/texts/${locale}`, { headers: { accept: "application/json" } });
    return res.ok ? ((await res.json()) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Loads the page locale's compiled catalogue (its own chunk: a page fetches one locale only) and
 * the operators' edited texts over it, and activates it. A message id the catalogue lacks is
 * reported as a console error, which the e2e pages check fails on.
 */
export async function activateLocale(): Promise<void> {
  // The player site loads the public catalogue (without the back office's words, ui/build.ts).
  const admin = location.pathname.startsWith("/admin");
  const edited = editedTexts();
  const { messages } = admin ? (locale === "en" ? await import("../locales/en.ts") : await import("../locales/ru.ts")) : locale === "en" ? await import("../locales/en.public.ts") : await import("../locales/ru.public.ts");
  i18n.on("missing", ({ id }) => console.error(`untranslated message ${id} (${locale})`));
  i18n.loadAndActivate({ locale, messages: { ...messages, ...((await edited) as typeof messages) } });
}

/** DD.MM.YYYY HH:mm:ss in the viewer's time zone; empty for no value. */
export const fmtDateTime = (ms: number | null | undefined) => (ms == null ? "" : formatDateTime(ms));
export const fmtInt = (v: unknown) => (typeof v === "number" ? v.toLocaleString(locale) : String(v ?? ""));
