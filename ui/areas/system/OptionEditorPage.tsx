// One option variant: a key whose shape the server knows (its JSON Schema comes with the page)
// is edited as typed fields (the quests key has its own editor); a free-form key — no shape
// known — as JSON, said so on the screen. Save (the server checks the name, the value, the key's
// shape and the variants' shares, and answers field errors, shown with the field's name), then
// invalidate the cache so every server reloads it; ?new=1 starts a variant that does not exist yet.
// A non-default variant may name a saved audience: its members get it (docs/decisions/audiences.md).
import { useEffect, useState } from "react";
import type { MessageDescriptor } from "@lingui/core";
import { useLocation, useSearch } from "wouter";
import { t, ph, msg, plural } from "@lingui/core/macro";
import { api, sendRaw, useApi } from "../../lib/api.ts";
import { act } from "../../lib/action.ts";
import * as options from "../../../api/contracts/admin/options.ts";
import { fmtDateTime, fmtInt } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { toast } from "../../components/Toasts.tsx";
import { JsonEditor } from "../../components/JsonEditor.tsx";
import { SchemaForm, type Naming, type Prop } from "../../components/SchemaForm.tsx";
import { pathLabel } from "../../lib/schema-form.ts";
import { QuestsEditor } from "./QuestsEditor.tsx";
import { fieldText } from "../../shell/AdminFields.ts";
import { FieldError, FormMessage } from "../../components/Form.tsx";
import { useSubmit } from "../../lib/form.ts";
import * as audiences from "../../../api/contracts/admin/audiences.ts";

interface Option {
  key: string;
  variant: string;
  value: unknown;
  share: number;
  audienceId: number | null;
  version: number;
  updatedAt: number;
  shaped: boolean;
  form?: Prop | null;
}

/** The contracts of a scope's options (client or server), by the page's address. */
const AREAS = {
  client: {
    page: options.clientPage,
    editor: options.clientEditor,
    save: options.clientSave,
    invalidate: options.clientInvalidate,
  },
  server: {
    page: options.serverPage,
    editor: options.serverEditor,
    save: options.serverSave,
    invalidate: options.serverInvalidate,
  },
};
const areaOf = (base: string) => (base.endsWith("/serverOptions/") ? AREAS.server : AREAS.client);

/**
 * Names of the fields of the keys with a known shape (api/domain/options.ts OPTION_SHAPES) that
 * the back office's shared field words (ui/shell/AdminFields.ts) do not hold, or hold in another
 * sense; every other field is named there.
 */
const FIELDS: Record<string, MessageDescriptor> = {
  showDamageNumbers: msg`Show damage numbers`,
  minimapSize: msg`Minimap size`,
  crosshair: msg`Crosshair`,
  enabled: msg`Shown`,
  itemId: msg`Shop item id`,
};
const VALUES: Record<string, MessageDescriptor> = {
  small: msg`Small`,
  medium: msg`Medium`,
  large: msg`Large`,
  classic: msg`Classic`,
  dot: msg`Dot`,
  circle: msg`Circle`,
};
export const optionNaming: Naming = {
  label: (field) => (Object.hasOwn(FIELDS, field) ? t(FIELDS[field]) : fieldText(field)),
  valueLabel: (v) => (VALUES[v] ? t(VALUES[v]) : v),
  amounts: ["silver"],
};
const named = (path: string) =>
  pathLabel(
    path,
    (f) => optionNaming.label(f, path),
    (n) => t`row ${ph({ n })}`,
  );

export default function OptionEditorPage({ params }: { params: Record<string, string | undefined> }) {
  const [path] = useLocation();
  const isNew = new URLSearchParams(useSearch()).get("new") === "1";
  const base = path.slice(0, path.indexOf("editor/"));
  // The router has decoded the path once already (a second decoding would read %2525 as %).
  const key = params.key ?? "";
  const variant = params.variant ?? "";
  const area = areaOf(base);
  const loaded = useApi(area.editor, isNew ? null : { key, variant });
  const list = useApi(area.page, isNew ? {} : null);
  if (isNew)
    return (
      <Load state={list}>
        {(l) => (
          <Editor
            base={base}
            option={{
              key,
              variant,
              value: {},
              share: 0,
              audienceId: null,
              version: 0,
              updatedAt: 0,
              shaped: !!l.forms[key],
              form: l.forms[key] ?? null,
            }}
            onSaved={() => (location.href = path)}
          />
        )}
      </Load>
    );
  return <Load state={loaded}>{(o) => <Editor key={o.version} base={base} option={o} onSaved={loaded.reload} />}</Load>;
}

function Editor({ base, option, onSaved }: { base: string; option: Option; onSaved: () => void }) {
  const [value, setValue] = useState<unknown>(option.value);
  const [share, setShare] = useState(String(option.share));
  const [audienceId, setAudienceId] = useState(option.audienceId === null ? "" : String(option.audienceId));
  const saved = useApi(audiences.list, option.variant === "default" ? null : {});
  // Every field message is kept (all): the quests editor and the JSON box show theirs themselves.
  const { busy, errors, run } = useSubmit({
    label: (f) => (FIELDS[f] ? t(FIELDS[f]) : undefined),
    row: (n) => t`row ${ph({ n })}`,
    notice: false,
    all: true,
  });
  useEffect(() => errors.clear(), [value, share, audienceId]);
  // The `quests` server option has its own typed editor, other shaped keys the schema's fields, the rest JSON.
  const typedQuests = option.key === "quests" && base.endsWith("/serverOptions/");
  const typed = !typedQuests && !!option.form;
  const send = (next: unknown) =>
    // The share as typed: the server says what is wrong with it.
    sendRaw(areaOf(base).save, {
      key: option.key,
      variant: option.variant,
      value: next,
      share: option.variant === "default" ? 0 : share,
      audienceId: option.variant === "default" || audienceId === "" ? null : Number(audienceId),
    });
  const save = async (next: unknown = value) => {
    await run(async () => {
      await send(next);
      toast.ok(t`Saved`);
      onSaved();
    });
  };
  const invalidate = () =>
    act(
      () => api(areaOf(base).invalidate, { key: option.key, variant: option.variant }),
      t`Cache invalidated`,
      onSaved,
    );
  return (
    <section className="tk-panel">
      <h2>{typedQuests ? t`Quests: ${option.variant}` : `${option.key} / ${option.variant}`}</h2>
      {option.version > 0 && (
        <p className="tk-hint">
          {t`Version ${ph({ version: fmtInt(option.version) })}, changed ${ph({ at: fmtDateTime(option.updatedAt) })}`}
          {option.shaped ? ` · ${t`the server checks this key's shape`}` : ""}
        </p>
      )}
      {option.variant !== "default" && (
        <label className="tk-row">
          {t`Share of players, %`}{" "}
          <input
            inputMode="numeric"
            value={share}
            onChange={(e) => setShare(e.target.value)}
            {...errors.input("share")}
          />
          <FieldError errors={errors} name="share" />
        </label>
      )}
      {option.variant !== "default" && (
        <>
          <label className="tk-row">
            {t`Saved audience`}{" "}
            <select value={audienceId} onChange={(e) => setAudienceId(e.target.value)} {...errors.input("audienceId")}>
              <option value="">{saved.data ? t`None` : t`Loading…`}</option>
              {(saved.data?.audiences ?? []).map((a) => (
                <option key={a.id} value={String(a.id)}>
                  {a.name} — {plural(a.size, { one: "# player", other: "# players" })}
                </option>
              ))}
            </select>
            <FieldError errors={errors} name="audienceId" />
          </label>
          <p className="tk-hint">{t`Its members get this variant, besides the share; while an experiment runs on this key, the experiment decides who gets which variant.`}</p>
        </>
      )}
      {typedQuests ? (
        <QuestsEditor
          value={option.value}
          busy={busy}
          serverErrors={errors.fields}
          onChange={() => errors.clear()}
          onSave={(next) => void save(next)}
        />
      ) : typed ? (
        <SchemaForm
          schema={option.form!}
          value={option.value}
          naming={optionNaming}
          submitLabel={t`Save`}
          errorPrefix="value"
          save={async (next) => {
            await send(next);
            toast.ok(t`Saved`);
            onSaved();
          }}
        />
      ) : (
        <>
          <p className="tk-hint">{t`A free-form option: no shape is known for this key, so its value is edited as JSON and the server takes any JSON value.`}</p>
          <JsonEditor label={t`Value (free-form JSON)`} value={option.value} onChange={setValue} rows={18} />
          {Object.entries(errors.fields)
            .filter(([field]) => field !== "share" && field !== "audienceId")
            .map(([field, message]) => (
              <p key={field} className="tk-error" role="alert">
                {named(field)}: {message}
              </p>
            ))}
        </>
      )}
      {typedQuests &&
        Object.entries(errors.fields)
          .filter(
            ([field]) =>
              field !== "share" && field !== "audienceId" && field !== "value" && !field.startsWith("value."),
          )
          .map(([field, message]) => (
            <p key={field} className="tk-error" role="alert">
              {named(field)}: {message}
            </p>
          ))}
      <FormMessage errors={errors} />
      <div className="tk-row">
        {!typedQuests && !typed && (
          <button
            type="button"
            className="tk-btn tk-primary"
            disabled={value === undefined || busy}
            onClick={() => void save()}
          >{t`Save`}</button>
        )}
        {option.version > 0 && (
          <button type="button" className="tk-btn" onClick={invalidate}>{t`Invalidate cache`}</button>
        )}
        <a className="tk-btn" href={base}>{t`Back to the list`}</a>
      </div>
    </section>
  );
}
