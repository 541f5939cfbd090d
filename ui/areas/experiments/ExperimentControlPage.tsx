// /admin/experiments/control/:id: one experiment — its settings, status changes (each after a
// confirmation), conditions, variants, and the players in it with their variant.
import { useState } from "react";
import { plural, t, ph } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { api, useApiRaw } from "../../lib/api.ts";
import { act } from "../../lib/action.ts";
import { fmtInt } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { DataTable, type Column } from "../../components/DataTable.tsx";
import { GeneralForm } from "./GeneralForm.tsx";
import { ConditionsForm } from "./ConditionsForm.tsx";
import { VariantsForm } from "./VariantsForm.tsx";
import { Scorecard } from "./Scorecard.tsx";
import { GuardrailsForm } from "./GuardrailsForm.tsx";
import { STATUS, type Status } from "./shared.ts";
import { valueText } from "../../shell/AdminLabels.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as experiments from "../../../api/contracts/admin/experiments.ts";

type Page = OutputOf<typeof experiments.control>;
type Participant = OutputOf<typeof experiments.users>["rows"][number];

/** The button that moves an experiment to a status, and the question asked before. */
const MOVE: Record<Status, { label: MessageDescriptor; ask: MessageDescriptor }> = {
  running: { label: msg`Start`, ask: msg`Start the experiment? Its players switch to their variants at once.` },
  stopped: { label: msg`Stop`, ask: msg`Stop the experiment? All its players go back to the default variant.` },
  draft: { label: msg`Back to draft`, ask: msg`Return the experiment to draft so its variants can be edited?` },
};

export default function ExperimentControlPage({ params }: { params: Record<string, string | undefined> }) {
  const [n, setN] = useState(0);
  // v: a new address after each change, so the page is read again. Control is keyed by the saved
  // version too: while the page is read again the old data shows first, and the forms must start
  // from the saved values once they come.
  const page = useApiRaw(experiments.control, { id: params.id, v: n });
  return (
    <Load state={page}>
      {(d) => (
        <Control key={`${d.experiment.id}-${d.experiment.updatedAt}-${n}`} d={d} reload={() => setN((x) => x + 1)} />
      )}
    </Load>
  );
}

function Control({ d, reload }: { d: Page; reload: () => void }) {
  const e = d.experiment;
  const enrolled = Object.values(d.counts).reduce((s, n) => s + n, 0);
  const [asking, setAsking] = useState<Status | null>(null);
  const [promoting, setPromoting] = useState<string | null>(null);
  const promote = async (variant: string) => {
    setPromoting(null);
    await act(() => api(experiments.promote, { id: e.id, variant }), t`Promoted`, reload);
  };
  const move = async (status: Status) => {
    setAsking(null);
    await act(() => api(experiments.saveStatus, { id: e.id, status }), t`Status changed`, reload);
  };
  const columns: Column<Participant>[] = [
    { id: "playerId", label: t`Player`, value: (r) => r.playerId, sortable: false },
    { id: "nickname", label: t`Nickname`, value: (r) => r.nickname, sortable: false },
    { id: "level", label: t`Level`, value: (r) => r.level, sortable: false },
    {
      id: "platform",
      label: t`Platform`,
      value: (r) => r.platform,
      cell: (r) => valueText("platform", r.platform),
      sortable: false,
    },
    { id: "country", label: t`Country`, value: (r) => r.country, sortable: false },
    { id: "variant", label: t`Variant`, value: (r) => r.variant, sortable: false },
    {
      id: "optionVariant",
      label: t`Option variant`,
      value: (r) => r.optionVariant,
      cell: (r) => <code>{r.optionVariant}</code>,
      sortable: false,
    },
  ];
  return (
    <section>
      <h2>{e.name}</h2>
      <p>
        {t`Status`}: <strong data-status={e.status}>{t(STATUS[e.status])}</strong>{" "}
        {d.transitions.map((s) => (
          <button
            type="button"
            key={s}
            className={s === "running" ? "tk-btn tk-primary" : "tk-btn tk-danger"}
            onClick={() => setAsking(s)}
          >
            {t(MOVE[s].label)}
          </button>
        ))}
      </p>
      <ConfirmDialog
        open={asking !== null}
        text={asking ? t(MOVE[asking].ask) : ""}
        onConfirm={() => asking && move(asking)}
        onCancel={() => setAsking(null)}
      />

      <h3>{t`Scorecard`}</h3>
      <Scorecard id={e.id} />
      {e.status !== "draft" ? (
        <div className="tk-row">
          {e.variants
            .filter((v) => v.optionVariant !== "default")
            .map((v) => (
              <button type="button" key={v.name} className="tk-btn" onClick={() => setPromoting(v.name)}>
                {t`Promote “${ph({ variant: v.name })}” to the default`}
              </button>
            ))}
        </div>
      ) : null}
      <ConfirmDialog
        open={promoting !== null}
        text={
          promoting
            ? t`Make the value of “${ph({ variant: promoting })}” the option's default for every player and stop the experiment?`
            : ""
        }
        onConfirm={() => promoting && promote(promoting)}
        onCancel={() => setPromoting(null)}
      />

      <h3>{t`Guardrails`}</h3>
      <GuardrailsForm id={e.id} guardrails={e.guardrails} onSaved={reload} />

      <h3>{t`Settings`}</h3>
      <GeneralForm
        id={e.id}
        initial={{ name: e.name, description: e.description, optionScope: e.optionScope, optionKey: e.optionKey }}
        optionKeys={d.optionKeys}
        onSaved={reload}
      />

      <h3>{t`Conditions`}</h3>
      <ConditionsForm id={e.id} conditions={e.conditions} platforms={d.platforms} onSaved={reload} />

      <h3>{t`Variants`}</h3>
      <VariantsForm
        id={e.id}
        variants={e.variants}
        optionVariants={d.optionKeys[e.optionScope]?.[e.optionKey] ?? []}
        locked={e.status === "running"}
        onSaved={reload}
      />

      <h3>{t`Players`}</h3>
      <p data-testid="enrolled">
        {e.status === "draft"
          ? plural(enrolled, {
              one: "# player would be enrolled if it started now.",
              other: "# players would be enrolled if it started now.",
            })
          : plural(enrolled, { one: "# player is in it.", other: "# players are in it." })}
      </p>
      <p className="tk-hint">
        {e.variants.map((v) => t`${ph({ variant: v.name })}: ${ph({ n: fmtInt(d.counts[v.name] ?? 0) })}`).join(" · ")}
      </p>
      <DataTable
        list={experiments.users}
        params={{ id: e.id }}
        columns={columns}
        rowKey={(r) => String(r.playerId)}
        filters={[
          { id: "variant", label: t`Variant`, options: e.variants.map((v): [string, string] => [v.name, v.name]) },
        ]}
        defaultSort={{ id: "playerId", desc: false }}
        stateKey="u"
        exportName={`experiment-${e.id}-players`}
      />
    </section>
  );
}
