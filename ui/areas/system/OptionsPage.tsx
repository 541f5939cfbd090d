// /admin/clientOptions/ and /admin/serverOptions/: every key with its variants (share of players,
// version, last change), each opening its JSON editor; a new key or variant starts there too.
import { useState } from "react";
import { useLocation } from "wouter";
import { t, ph } from "@lingui/core/macro";
import { ApiError, useApi } from "../../lib/api.ts";
import { fmtDateTime, fmtInt, locale } from "../../lib/i18n.ts";
import { messageText } from "../../lib/form.ts";
import { useFieldErrors } from "../../lib/field-errors.ts";
import { FieldError } from "../../components/Form.tsx";
import { Load } from "../../components/States.tsx";
import { Table, type Column } from "../../components/Table.tsx";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as options from "../../../api/contracts/admin/options.ts";

type Page = OutputOf<typeof options.clientPage>;
type Row = Page["keys"][number]["variants"][number] & { key: string; shaped: boolean };

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export default function OptionsPage() {
  const [path, navigate] = useLocation();
  const page = useApi(path.startsWith("/admin/serverOptions/") ? options.serverPage : options.clientPage, {});
  const [key, setKey] = useState("");
  const [variant, setVariant] = useState("default");
  // A name the server would refuse is said under its field with the server's own words.
  const errors = useFieldErrors();
  const start = () => {
    const bad: Record<string, string> = {};
    for (const [name, value] of [
      ["key", key],
      ["variant", variant],
    ] as const)
      if (!NAME.test(value))
        bad[name] = messageText(locale, { id: value ? "validation.pattern" : "validation.required" });
    if (Object.keys(bad).length) errors.take(new ApiError(400, "validation", "", bad));
    else navigate(`${editor(key, variant)}?new=1`);
  };
  const editor = (k: string, v: string) => `${path}editor/${encodeURIComponent(k)}/${encodeURIComponent(v)}`;
  const columns: Column<Row>[] = [
    { id: "key", label: t`Key`, value: (r) => r.key, cell: (r) => <code>{r.key}</code> },
    {
      id: "variant",
      label: t`Variant`,
      value: (r) => r.variant,
      cell: (r) => (
        <a href={editor(r.key, r.variant)}>
          <code>{r.variant}</code>
        </a>
      ),
    },
    { id: "share", label: t`Players, %`, value: (r) => (r.variant === "default" ? "" : r.share) },
    { id: "version", label: t`Version`, value: (r) => r.version, cell: (r) => fmtInt(r.version) },
    { id: "shaped", label: t`Checked shape`, value: (r) => (r.shaped ? t`yes` : t`no`) },
    { id: "updatedAt", label: t`Changed`, value: (r) => r.updatedAt, cell: (r) => fmtDateTime(r.updatedAt) },
  ];
  return (
    <Load state={page}>
      {(d) => (
        <section>
          <p className="tk-hint">{t`A player gets the "default" variant unless another variant's share of players takes them; the same player always gets the same variant. Other servers see a change within ${ph({ seconds: d.checkEveryMs / 1000 })} s.`}</p>
          <Table
            rows={d.keys.flatMap((k) => k.variants.map((v) => ({ ...v, key: k.key, shaped: k.shaped })))}
            columns={columns}
            rowKey={(r) => `${r.key}/${r.variant}`}
            caption={t`Keys and their variants`}
          />
          <form noValidate className="tk-row" onSubmit={(e) => (e.preventDefault(), start())}>
            <label>
              {t`Key`}{" "}
              <span className="tk-field-stack">
                <input
                  value={key}
                  onChange={(e) => (setKey(e.target.value), errors.clear("key"))}
                  {...errors.input("key")}
                />
                <FieldError errors={errors} name="key" />
              </span>
            </label>
            <label>
              {t`Variant`}{" "}
              <span className="tk-field-stack">
                <input
                  value={variant}
                  onChange={(e) => (setVariant(e.target.value), errors.clear("variant"))}
                  {...errors.input("variant")}
                />
                <FieldError errors={errors} name="variant" />
              </span>
            </label>
            <button type="submit" className="tk-btn tk-primary">{t`New key or variant`}</button>
          </form>
        </section>
      )}
    </Load>
  );
}
