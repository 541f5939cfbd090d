// /admin/immutableOptions/: published keys (never changed) and publishing a new one. A published
// option has no shape the server knows (maps.v7 can hold anything the game reads), so its value is
// typed as JSON, said so on the screen; a refusal names the field.
import { useState } from "react";
import { t } from "@lingui/core/macro";
import { api, sendRaw, useApiRaw } from "../../lib/api.ts";
import { fmtDateTime } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { toast } from "../../components/Toasts.tsx";
import { JsonEditor } from "../../components/JsonEditor.tsx";
import { useFieldErrors } from "../../lib/field-errors.ts";
import { FieldError, FormMessage } from "../../components/Form.tsx";
import { Table, type Column } from "../../components/Table.tsx";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as options from "../../../api/contracts/admin/options.ts";

type Published = OutputOf<typeof options.immutablePage>["options"][number];

export default function ImmutableOptionsPage() {
  const [n, setN] = useState(0);
  // v: a new address after each change, so the list is read again.
  const page = useApiRaw(options.immutablePage, { v: n });
  const [key, setKey] = useState("");
  const [value, setValue] = useState<unknown>({});
  const [editor, setEditor] = useState(0);
  // The key's message under its input; the value's (a JSON box, no input of its own per path) above the buttons, named.
  const errors = useFieldErrors({
    label: (f) => (f === "key" ? t`New key` : f === "value" ? t`Value` : undefined),
    row: (n) => t`row ${n}`,
  });
  const columns: Column<Published>[] = [
    { id: "key", label: t`Key`, value: (r) => r.key },
    {
      id: "value",
      label: t`Value`,
      value: (r) => JSON.stringify(r.value),
      cell: (r) => <code>{JSON.stringify(r.value)}</code>,
    },
    { id: "publishedAt", label: t`Published`, value: (r) => r.publishedAt, cell: (r) => fmtDateTime(r.publishedAt) },
    { id: "adminUsername", label: t`By`, value: (r) => r.adminUsername },
  ];
  const run = (call: () => Promise<unknown>) =>
    errors.run(
      async () => {
        await call();
        toast.ok(t`Done`);
      },
      { notice: false },
    );
  return (
    <section>
      <p className="tk-hint">{t`A published option never changes; publish a new value under a new key (for example maps.v7).`}</p>
      <Load state={page}>
        {(d) => <Table rows={d.options} columns={columns} rowKey={(r) => r.key} caption={t`Published options`} />}
      </Load>
      <div className="tk-panel">
        <label className="tk-row">
          {t`New key`}
          <span className="tk-field-stack">
            <input
              value={key}
              onChange={(e) => (setKey(e.target.value), errors.clear("key"))}
              {...errors.input("key")}
            />
            <FieldError errors={errors} name="key" />
          </span>
        </label>
        <p className="tk-hint">{t`A published value is free-form: the server takes any JSON value, so it is typed as JSON.`}</p>
        <JsonEditor key={editor} label={t`Value (free-form JSON)`} value={{}} onChange={setValue} />
        <FormMessage errors={errors} />
        <div className="tk-row">
          <button
            type="button"
            className="tk-btn tk-primary"
            disabled={!key || value === undefined}
            onClick={async () => {
              if (await run(() => sendRaw(options.immutableSave, { key, value }))) {
                setKey("");
                setEditor((x) => x + 1);
                setN((x) => x + 1);
              }
            }}
          >{t`Publish`}</button>
          <button
            type="button"
            className="tk-btn"
            onClick={() => run(() => api(options.immutableInvalidate))}
          >{t`Invalidate cache`}</button>
        </div>
      </div>
    </section>
  );
}
