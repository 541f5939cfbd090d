// /admin/tools/ — support tools over whole accounts: download an account as a document, make an
// account from one, swap two accounts' sign-in identities, move one network identity to another
// account, refresh a player's name and avatar from their network profile. Each is audited and
// undone by the same tool (swap again, transfer back).
import { useState } from "react";
import { t, ph } from "@lingui/core/macro";
import { api, href, useApi } from "../../lib/api.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as tools from "../../../api/contracts/admin/tools.ts";
import { Load } from "../../components/States.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { FileImport } from "../../components/FileImport.tsx";
import { toast } from "../../components/Toasts.tsx";
import { FieldError } from "../../components/Form.tsx";
import { useFieldErrors, type FieldErrorState } from "../../lib/field-errors.ts";

/** A player id input; the server's message about it (`name`, as the route calls the field) sits under it. */
function IdField({
  label,
  value,
  onChange,
  errors,
  name = "",
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  errors?: FieldErrorState;
  name?: string;
}) {
  return (
    <label className="tk-row">
      {label}
      <span className="tk-field-stack">
        <input
          type="number"
          min={1}
          inputMode="numeric"
          value={value}
          onChange={(e) => (onChange(e.target.value), errors?.clear(name))}
          style={{ width: 120 }}
          {...errors?.input(name)}
        />
        {errors && <FieldError errors={errors} name={name} />}
      </span>
    </label>
  );
}

export default function ToolsPage() {
  const head = useApi(tools.page, {});
  const [loadId, setLoadId] = useState("");
  const [a, setA] = useState("");
  const [b, setB] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [network, setNetwork] = useState("");
  const [socialId, setSocialId] = useState("");
  const [confirm, setConfirm] = useState<{ text: string; run: () => Promise<string>; errors: FieldErrorState } | null>(
    null,
  );
  const swapErrors = useFieldErrors();
  const transferErrors = useFieldErrors();
  const socialErrors = useFieldErrors();
  const ask = (text: string, run: () => Promise<string>, errors: FieldErrorState) => setConfirm({ text, run, errors });
  const go = (run: () => Promise<string>, errors: FieldErrorState) => errors.run(async () => toast.ok(await run()));
  return (
    <section>
      <h1>{t`Support tools`}</h1>
      <Load state={head}>
        {(d) => (
          <>
            <section className="tk-panel" aria-labelledby="load-title">
              <h2 id="load-title">{t`Download an account`}</h2>
              <p>{t`Everything about one account in one JSON document (${ph({ format: d.format })}).`}</p>
              <div className="tk-row">
                <IdField label={t`Player id`} value={loadId} onChange={setLoadId} />
                <a
                  className="tk-btn"
                  aria-disabled={!loadId}
                  href={loadId ? href(tools.load, { playerId: Number(loadId) }) : undefined}
                  download
                >
                  {t`Download`}
                </a>
              </div>
            </section>
            <section className="tk-panel" aria-labelledby="import-title">
              <h2 id="import-title">{t`Import an account`}</h2>
              <p>{t`Makes a new account from a downloaded document: all or nothing; refused when one of its identities, its nickname or email is taken.`}</p>
              <FileImport
                label={t`Account document`}
                url={tools.importPlayer.path}
                accept=".json"
                field="document"
                summary={(r: OutputOf<typeof tools.importPlayer>) => (
                  <a href={`/admin/player/${r.playerId}`}>{t`Account #${ph({ id: r.playerId })} created`}</a>
                )}
              />
            </section>
            <section className="tk-panel" aria-labelledby="swap-title">
              <h2 id="swap-title">{t`Swap sign-in identities`}</h2>
              <p>{t`Every social identity of the first account goes to the second and back; both are signed out. Swap again to undo.`}</p>
              <div className="tk-row" style={{ flexWrap: "wrap" }}>
                <IdField label={t`First player id`} value={a} onChange={setA} errors={swapErrors} name="playerA" />
                <IdField label={t`Second player id`} value={b} onChange={setB} errors={swapErrors} name="playerB" />
                <button
                  type="button"
                  className="tk-btn tk-danger"
                  disabled={!a || !b}
                  onClick={() =>
                    ask(
                      t`Swap the identities of #${ph({ a })} and #${ph({ b })}?`,
                      async () => (
                        await api(tools.swap, { playerA: Number(a), playerB: Number(b) }), t`Identities swapped`
                      ),
                      swapErrors,
                    )
                  }
                >
                  {t`Swap`}
                </button>
              </div>
            </section>
            <section className="tk-panel" aria-labelledby="transfer-title">
              <h2 id="transfer-title">{t`Move a social identity`}</h2>
              <p>{t`Moves one network's identity to another account (which must have none of that network). Move it back to undo.`}</p>
              <div className="tk-row" style={{ flexWrap: "wrap" }}>
                <IdField
                  label={t`From player id`}
                  value={from}
                  onChange={setFrom}
                  errors={transferErrors}
                  name="fromPlayerId"
                />
                <IdField
                  label={t`To player id`}
                  value={to}
                  onChange={setTo}
                  errors={transferErrors}
                  name="toPlayerId"
                />
                <label className="tk-row">
                  {t`Network`}
                  <select
                    value={network}
                    onChange={(e) => (setNetwork(e.target.value), transferErrors.clear("network"))}
                    {...transferErrors.input("network")}
                  >
                    <option value="">{t`Choose`}</option>
                    {d.networks.map((n) => (
                      <option key={n.key} value={n.key}>
                        {n.name}
                      </option>
                    ))}
                  </select>
                  <FieldError errors={transferErrors} name="network" />
                </label>
                <button
                  type="button"
                  className="tk-btn tk-danger"
                  disabled={!from || !to || !network}
                  onClick={() =>
                    ask(
                      t`Move the ${ph({ network })} identity of #${ph({ from })} to #${ph({ to })}?`,
                      async () => (
                        await api(tools.transfer, { fromPlayerId: Number(from), toPlayerId: Number(to), network }),
                        t`Identity moved`
                      ),
                      transferErrors,
                    )
                  }
                >
                  {t`Move`}
                </button>
              </div>
            </section>
            <section className="tk-panel" aria-labelledby="social-title">
              <h2 id="social-title">{t`Refresh from the social profile`}</h2>
              <p>{t`Sets the nickname and avatar from the profile data the network sent at the player's last game sign-in.`}</p>
              <div className="tk-row">
                <IdField
                  label={t`Player id`}
                  value={socialId}
                  onChange={setSocialId}
                  errors={socialErrors}
                  name="playerId"
                />
                <button
                  type="button"
                  className="tk-btn"
                  disabled={!socialId}
                  onClick={() =>
                    go(async () => {
                      const r = await api(tools.socialUpdate, { playerId: Number(socialId) });
                      return t`Now ${ph({ nickname: r.nickname })}`;
                    }, socialErrors)
                  }
                >
                  {t`Refresh`}
                </button>
              </div>
            </section>
          </>
        )}
      </Load>
      <ConfirmDialog
        open={confirm !== null}
        text={confirm?.text ?? ""}
        onConfirm={() => {
          const c = confirm!;
          setConfirm(null);
          void go(c.run, c.errors);
        }}
        onCancel={() => setConfirm(null)}
      />
    </section>
  );
}
