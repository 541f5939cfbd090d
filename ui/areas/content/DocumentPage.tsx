// The tank catalogue (/admin/tankData/) or all options (/admin/optionsData/) as one document:
// what it holds, export, import with its difference shown per section before it is applied
// (a backup of the current document is taken first), and the kept backups — take one, download
// one, restore one.
import { useState } from "react";
import { useLocation } from "wouter";
import { msg, ph, t } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { api, href, sendRaw, useApi } from "../../lib/api.ts";
import { act } from "../../lib/action.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as tankData from "../../../api/contracts/admin/tankData.ts";
import * as optionsData from "../../../api/contracts/admin/optionsData.ts";
import { fmtDateTime, fmtInt } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { Table, type Column } from "../../components/Table.tsx";
import { toast } from "../../components/Toasts.tsx";
import { FieldError } from "../../components/Form.tsx";
import { useFieldErrors } from "../../lib/field-errors.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { ImportPreview } from "./ImportPreview.tsx";
import { Heading } from "./Heading.tsx";
import { TITLES } from "./titles.ts";
import { actionsColumn } from "../../components/RowMenu.tsx";

type Backup = OutputOf<typeof tankData.page>["backups"][number];
type SectionDiff = OutputOf<typeof tankData.importData>["changes"][string];

const SECTIONS: Record<string, MessageDescriptor> = {
  tanks: msg`Tanks`,
  moduleTypes: msg`Module types`,
  moduleUpgrades: msg`Module upgrades`,
  camouflages: msg`Camouflages`,
  decals: msg`Decals`,
  options: msg`Options`,
  battle: msg`Battle options`,
};
const REASONS: Record<string, MessageDescriptor> = {
  "before-import": msg`Before an import`,
  "before-restore": msg`Before a restore`,
  manual: msg`Taken by hand`,
};
const sectionName = (k: string) => (SECTIONS[k] ? t(SECTIONS[k]) : k);
/** Section counts as a line ("Tanks: 44, Decals: 8"); a backup keeps them as JSON. */
function countsLine(counts: Record<string, number> | string): string {
  let c: Record<string, number>;
  try {
    c = typeof counts === "string" ? (JSON.parse(counts) as Record<string, number>) : counts;
  } catch {
    return String(counts);
  }
  return Object.entries(c)
    .map(([k, n]) => `${sectionName(k)}: ${fmtInt(n)}`)
    .join(", ");
}

export function DiffView({ changes }: { changes: Record<string, SectionDiff> }) {
  return (
    <div className="tk-columns">
      {Object.entries(changes).map(([k, s]) => (
        <div key={k}>
          <h3>{sectionName(k)}</h3>
          <ul>
            <li>{t`Added: ${ph({ n: s.added.length })}${ph({ keys: s.added.length ? ` (${s.added.slice(0, 20).join(", ")})` : "" })}`}</li>
            <li>{t`Removed: ${ph({ n: s.removed.length })}${ph({ keys: s.removed.length ? ` (${s.removed.slice(0, 20).join(", ")})` : "" })}`}</li>
            <li>{t`Changed: ${ph({ n: s.changed.length })}`}</li>
            {s.changed.slice(0, 30).map((c) => (
              <li key={c.key} className="tk-hint">
                {c.key}: {c.summary}
              </li>
            ))}
            <li>{t`Unchanged: ${ph({ n: s.unchanged })}`}</li>
          </ul>
        </div>
      ))}
    </div>
  );
}

export default function DocumentPage() {
  const [path] = useLocation();
  // The tank catalogue's routes, or all options' (which have no export).
  const k: typeof tankData | typeof optionsData = path.startsWith(optionsData.page.path) ? optionsData : tankData;
  const state = useApi(k.page, {});
  const [restoring, setRestoring] = useState<number | null>(null);
  const [note, setNote] = useState("");
  const noteErrors = useFieldErrors();
  const title = t(TITLES[path] ?? msg`Data`);
  const columns: Column<Backup>[] = [
    { id: "id", label: t`Backup`, value: (b) => b.id },
    {
      id: "createdAt",
      label: t({ message: "Taken", context: "backup time" }),
      value: (b) => b.createdAt,
      cell: (b) => fmtDateTime(b.createdAt),
    },
    {
      id: "reason",
      label: t({ message: "Why", context: "backup reason" }),
      value: (b) => b.reason,
      cell: (b) =>
        REASONS[b.reason]
          ? t(REASONS[b.reason])
          : b.reason.startsWith("manual: ")
            ? `${t(REASONS.manual)}: ${b.reason.slice(8)}`
            : b.reason,
    },
    { id: "adminUsername", label: t`By`, value: (b) => b.adminUsername },
    { id: "summary", label: t`Holds`, value: (b) => b.summary, cell: (b) => countsLine(b.summary) },
    actionsColumn(
      (b) => [
        { label: t`Download`, href: href(k.backups, { id: b.id }), download: true },
        { label: t`Restore`, danger: true, onClick: () => setRestoring(b.id) },
      ],
      { label: "" },
    ),
  ];
  return (
    <>
      <Heading title={title} />
      <Load state={state}>
        {(d) => (
          <section>
            <p>{t`Now: ${ph({ summary: countsLine(d.counts) })}`}</p>
            <div className="tk-row">
              {"exportData" in k && (
                <a className="tk-btn" href={href(k.exportData)} download>
                  {t`Export JSON`}
                </a>
              )}
              <label>
                {t`Note`}{" "}
                <input
                  value={note}
                  maxLength={200}
                  onChange={(e) => (setNote(e.target.value), noteErrors.clear("note"))}
                  {...noteErrors.input("note")}
                />
                <FieldError errors={noteErrors} name="note" />
              </label>
              <button
                type="button"
                className="tk-btn"
                onClick={() =>
                  noteErrors.run(async () => {
                    await api(k.backUp, { note });
                    toast.ok(t`Backup taken`);
                    setNote("");
                    state.reload();
                  })
                }
              >
                {t`Take a backup`}
              </button>
            </div>
            <ImportPreview
              send={(body) => sendRaw(k.importData, body)}
              label={t`Import JSON`}
              summary={(r) => <DiffView changes={r.changes} />}
              onApplied={state.reload}
            />
            <h2>{t`Backups`}</h2>
            <Table rows={d.backups} columns={columns} />
            {d.backups.length === 0 && (
              <p className="tk-state tk-empty">{t`No backups yet: one is taken before every import and restore.`}</p>
            )}
            <ConfirmDialog
              open={restoring !== null}
              text={t`Replace the current data with backup #${ph({ id: restoring ?? "" })}? The current data is backed up first.`}
              onCancel={() => setRestoring(null)}
              onConfirm={async () => {
                await act(() => api(k.backUp, { restore: restoring ?? undefined }), t`Restored`, state.reload);
                setRestoring(null);
              }}
            />
          </section>
        )}
      </Load>
    </>
  );
}
