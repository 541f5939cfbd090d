// The UI's texts (/admin/translation/): bring the project's catalogues in, see per locale what is
// missing, edited or changed in the project since the edit, edit a text (players get it on their
// next page load, no rebuild), and export a locale as a PO file.
import { useMemo, useState } from "react";
import { msg, ph, t } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { z } from "zod";
import { api, href, useApi } from "../../lib/api.ts";
import { act } from "../../lib/action.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as translation from "../../../api/contracts/admin/translation.ts";
import { fmtDateTime, fmtInt } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { toast } from "../../components/Toasts.tsx";
import { DataTable, type Column } from "../../components/DataTable.tsx";
import { Form, FormField } from "../../components/Form.tsx";
import { useForm } from "../../lib/form.ts";
import { Heading } from "./Heading.tsx";
import { actionsColumn } from "../../components/RowMenu.tsx";

type Text = OutputOf<typeof translation.list>["rows"][number];
type Locale = OutputOf<typeof translation.page>["locales"][number];
const asLocale = (l: string | null): Locale => (l === "en" ? "en" : "ru");

const STATUS: Record<string, MessageDescriptor> = {
  all: msg`All`,
  missing: msg`Missing`,
  edited: msg`Edited`,
  changed: msg`Changed in the project`,
  project: msg`As in the project`,
};
const LOCALES: Record<string, MessageDescriptor> = { ru: msg`Russian`, en: msg`English` };
const textSchema = z.object({ text: z.string().max(5000) });

export default function TranslationPage() {
  const state = useApi(translation.page, {});
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<{ locale: Locale; row: Text } | null>(null);
  const [locale, setLocale] = useState(asLocale(new URLSearchParams(location.search).get("locale")));
  const [busy, setBusy] = useState(false);
  const reload = () => {
    setVersion((v) => v + 1);
    state.reload();
  };
  const columns = useMemo<Column<Text>[]>(
    () => [
      { id: "source", label: t`Source (en)`, value: (r) => r.source },
      { id: "projectText", label: t`In the project`, value: (r) => r.projectText },
      { id: "text", label: t`Edited text`, value: (r) => r.text ?? "" },
      { id: "status", label: t`Status`, value: (r) => r.status, cell: (r) => t(STATUS[r.status] ?? STATUS.all) },
      {
        id: "updatedAt",
        label: t`Changed`,
        value: (r) => r.updatedAt,
        cell: (r) => (r.updatedBy ? `${fmtDateTime(r.updatedAt)} · ${r.updatedBy}` : ""),
      },
      actionsColumn((r) => [{ label: t`Edit`, onClick: () => setEditing({ locale, row: r }) }], { label: "" }),
    ],
    [locale],
  );
  return (
    <>
      <Heading title={t`Translation`} />
      <Load state={state}>
        {(d) => (
          <section>
            <div className="tk-row">
              <button
                type="button"
                className="tk-btn tk-primary"
                disabled={busy}
                onClick={async () => {
                  setBusy(true);
                  await act(
                    () => api(translation.importFromProject, {}),
                    (r) =>
                      t`From the project: ${ph({ added: r.added })} new, ${ph({ changed: r.changed })} changed, ${ph({ removed: r.removed })} removed`,
                    reload,
                  );
                  setBusy(false);
                }}
              >
                {t`Import from the project`}
              </button>
              {d.locales.map((l) => (
                <a key={l} className="tk-btn" href={href(translation.exportPo, { locale: l })} download>
                  {t`Export PO: ${ph({ locale: t(LOCALES[l] ?? msg`Russian`) })}`}
                </a>
              ))}
            </div>
            <div className="tk-tabs" role="tablist" aria-label={t`Locale`}>
              {d.locales.map((l) => (
                <button
                  type="button"
                  key={l}
                  role="tab"
                  aria-selected={locale === l}
                  className="tk-btn"
                  onClick={() => setLocale(l)}
                >
                  {t(LOCALES[l] ?? msg`Russian`)} ·{" "}
                  {t`missing ${ph({ n: fmtInt(d.counts[l]?.missing ?? 0) })}, edited ${ph({ m: fmtInt(d.counts[l]?.edited ?? 0) })}, changed ${ph({ c: fmtInt(d.counts[l]?.changed ?? 0) })}`}
                </button>
              ))}
            </div>
            {d.counts[locale]?.all === 0 && (
              <p className="tk-notice">{t`No texts yet: import them from the project.`}</p>
            )}
            {editing && (
              <EditText
                key={`${editing.locale}:${editing.row.key}`}
                locale={editing.locale}
                row={editing.row}
                onDone={() => {
                  setEditing(null);
                  reload();
                }}
              />
            )}
            <DataTable
              list={translation.list}
              params={{ locale }}
              columns={columns}
              rowKey={(r) => r.key}
              search={t`Search the texts`}
              filters={[
                {
                  id: "status",
                  label: t`Status`,
                  options: d.statuses.filter((s) => s !== "all").map((s): [string, string] => [s, t(STATUS[s])]),
                },
              ]}
              defaultSort={{ id: "source", desc: false }}
              exportName={`texts-${locale}`}
              version={version}
            />
          </section>
        )}
      </Load>
    </>
  );
}

function EditText({ locale, row, onDone }: { locale: Locale; row: Text; onDone: () => void }) {
  const form = useForm(textSchema, { text: row.text ?? row.projectText });
  const save = form.submit(async (_input, v) => {
    await api(translation.save, { locale, key: row.key, text: v.text });
    toast.ok(t`Saved: players see it on their next page load`);
    onDone();
  });
  return (
    <section className="tk-panel">
      <h2>{row.source}</h2>
      <p className="tk-hint">{t`In the project: ${ph({ text: row.projectText || "—" })}. Keep placeholders like ${ph({ example: "{name}" })} as they are; an empty text goes back to the project's.`}</p>
      <Form
        form={form}
        onSubmit={save}
        submitLabel={t`Save`}
        actions={<button type="button" className="tk-btn" onClick={onDone}>{t`Cancel`}</button>}
      >
        <FormField form={form} name="text" label={t`Text`} type="textarea" rows={3} />
      </Form>
    </section>
  );
}
