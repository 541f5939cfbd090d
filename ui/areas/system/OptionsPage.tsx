// /admin/clientOptions/ and /admin/serverOptions/: every key with its variants (share of players,
// version, last change), each opening its JSON editor; a new key or variant starts there too.
import { useState } from "react";
import { useLocation } from "wouter";
import { t, ph } from "@lingui/core/macro";
import { useApi } from "../../lib/api.ts";
import { fmtDateTime, fmtInt } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { Table, type Column } from "../../components/Table.tsx";

interface Variant { variant: string; share: number; version: number; updatedAt: number }
interface Page { scope: string; keys: { key: string; shaped: boolean; variants: Variant[] }[]; checkEveryMs: number }
type Row = Variant & { key: string; shaped: boolean };

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export default function OptionsPage() {
  const [path, navigate] = useLocation();
  const page = useApi<Page>(path);
  const [key, setKey] = useState("");
  const [variant, setVariant] = useState("default");
  const editor = (k: string, v: string) => `${path}editor/${encodeURIComponent(k)}/${encodeURIComponent(v)}`;
  const columns: Column<Row>[] = [
    { id: "key", label: t`Key`, value: (r) => r.key },
    { id: "variant", label: t`Variant`, value: (r) => r.variant, cell: (r) => <a href={editor(r.key, r.variant)}>{r.variant}</a> },
    { id: "share", label: t`Players, %`, value: (r) => (r.variant === "default" ? "" : r.share) },
    { id: "version", label: t`Version`, value: (r) => r.version, cell: (r) => fmtInt(r.version) },
    { id: "shaped", label: t`Checked shape`, value: (r) => (r.shaped ? t`yes` : t`no`) },
    { id: "updatedAt", label: t`Changed`, value: (r) => r.updatedAt, cell: (r) => fmtDateTime(r.updatedAt) },
  ];
  const valid = NAME.test(key) && NAME.test(variant);
  return (
    <Load state={page}>
      {(d) => (
        <section>
          <p className="tk-hint">{t`A player gets the "default" variant unless another variant's share of players takes them; the same player always gets the same variant. Other servers see a change within ${ph({ seconds: d.checkEveryMs / 1000 })} s.`}</p>
          <Table rows={d.keys.flatMap((k) => k.variants.map((v) => ({ ...v, key: k.key, shaped: k.shaped })))} columns={columns} rowKey={(r) => `${r.key}/${r.variant}`} caption={t`Keys and their variants`} />
          <form noValidate className="tk-row" onSubmit={(e) => { e.preventDefault(); if (valid) navigate(`${editor(key, variant)}?new=1`); }}>
            <label>{t`Key`} <input value={key} onChange={(e) => setKey(e.target.value)} aria-invalid={key !== "" && !NAME.test(key)} /></label>
            <label>{t`Variant`} <input value={variant} onChange={(e) => setVariant(e.target.value)} aria-invalid={!NAME.test(variant)} /></label>
            <button className="tk-btn tk-primary" disabled={!valid}>{t`New key or variant`}</button>
          </form>
        </section>
      )}
    </Load>
  );
}
