// A screen of the UI: its address (a wouter pattern), its shell, where it sits in the admin's
// sidebar, its title in ru and en, and a loader, so an area's code is fetched only when shown.
import type { ComponentType } from "react";
import { i18n, type MessageDescriptor } from "@lingui/core";
import { locale } from "../lib/i18n.ts";

export type NavGroup = "system" | "players" | "clansBattles" | "content" | "billing" | "metrics";

export interface ScreenDef {
  path: string;
  shell: "admin" | "public";
  /** Admin sidebar group; absent = not in the sidebar (e.g. a detail page). */
  group?: NavGroup;
  /** msg`Tanks` (lingui; the area's catalogue holds ru), or the older { en, ru } pair. */
  title: MessageDescriptor | { en: string; ru: string };
  /** The address the sidebar links to, when the pattern has parameters. */
  href?: string;
  load: () => Promise<{ default: ComponentType<{ params: Record<string, string | undefined> }> }>;
}

/** A screen's title in the page's locale. */
export const screenTitle = (s: ScreenDef): string => ("id" in s.title ? i18n._(s.title) : s.title[locale]);
