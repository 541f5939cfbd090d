// A player's progression for operators: crew members (hire, set level/XP/skill, dismiss), the
// day's tasks (set progress — reaching the target completes it and pays once —, replace one, draw
// the open ones again) and quests (set the step; the last one completes and pays once).
import { useState } from "react";
import { msg, ph, t } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { z } from "zod";
import { api, useApi } from "../../lib/api.ts";
import { act } from "../../lib/action.ts";
import { fmtDateTime, fmtInt } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { Table, type Column } from "../../components/Table.tsx";
import { toast } from "../../components/Toasts.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { Form, FormField } from "../../components/Form.tsx";
import { useForm } from "../../lib/form.ts";
import * as f from "../../../api/domain/fields.ts";
import { documentTitle } from "../../shell/ScreenRoutes.tsx";
import { actionsColumn } from "../../components/RowMenu.tsx";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as pr from "../../../api/contracts/admin/player/progression.ts";

type PlayerHead = CrewPage["player"];
const KIND: Record<string, MessageDescriptor> = {
  win_battles: msg`Win battles`,
  play_battles: msg`Play battles`,
  deal_damage: msg`Deal damage`,
  destroy_tanks: msg`Destroy tanks`,
  earn_silver: msg`Earn silver`,
  play_class: msg`Play a tank class`,
};
const CURRENCY: Record<string, MessageDescriptor> = { silver: msg`silver`, gold: msg`gold` };
const ROLE: Record<string, MessageDescriptor> = {
  commander: msg`Commander`,
  gunner: msg`Gunner`,
  driver: msg`Driver`,
  loader: msg`Loader`,
  radio: msg`Radio operator`,
};
const kindName = (k: string | null) => (k && KIND[k] ? t(KIND[k]) : (k ?? ""));
/** A task by its template's name; a task whose template is gone by its kind. */
const taskName = (r: { name: string | null; kind: string }) => r.name ?? kindName(r.kind);

function Head({ title, player }: { title: string; player?: PlayerHead }) {
  const full = player ? `${title}: ${player.nickname}` : title;
  if (typeof document !== "undefined") document.title = documentTitle("admin", full);
  return (
    <div className="tk-row tk-heading">
      <h1>{full}</h1>
      {player && (
        <nav className="tk-row" aria-label={t`Player`}>
          <a className="tk-btn" href={`/admin/player/${player.id}`}>{t`Player card`}</a>
          <a className="tk-btn" href={`/admin/player/${player.id}/crews`}>{t`Crew`}</a>
          <a className="tk-btn" href={`/admin/player/${player.id}/dailyTasks`}>{t`Daily tasks`}</a>
          <a className="tk-btn" href={`/admin/player/${player.id}/quests`}>{t`Quests`}</a>
        </nav>
      )}
    </div>
  );
}

// ——— Crew ———
type CrewPage = OutputOf<typeof pr.crewsPage>;
type CrewRow = CrewPage["rows"][number];
const crewSchema = z.object({
  crewId: f.id(),
  level: f.int(1, 100),
  xp: f.int(0, 100_000_000),
  skillLevel: f.int(0, 100),
});

export function CrewsPage({ params }: { params: Record<string, string | undefined> }) {
  const playerId = Number(params.playerId);
  const state = useApi(pr.crewsPage, { playerId });
  const [editing, setEditing] = useState<Record<string, string> | null>(null);
  const [dismiss, setDismiss] = useState<number | null>(null);
  const columns: Column<CrewRow>[] = [
    { id: "role", label: t`Role`, value: (r) => r.role, cell: (r) => (ROLE[r.role] ? t(ROLE[r.role]) : r.name) },
    { id: "level", label: t`Level`, value: (r) => r.level, cell: (r) => `${r.level} / ${r.levelCap}` },
    {
      id: "xp",
      label: t`XP`,
      value: (r) => r.xp,
      cell: (r) => (r.xpToNext ? `${fmtInt(r.xp)} / ${fmtInt(r.xpToNext)}` : t`top level`),
    },
    { id: "skillLevel", label: t`Skill level`, value: (r) => r.skillLevel },
    { id: "hiredAt", label: t`Hired`, value: (r) => r.hiredAt, cell: (r) => fmtDateTime(r.hiredAt) },
    actionsColumn(
      (r) => [
        {
          label: t`Edit`,
          onClick: () =>
            setEditing({
              crewId: String(r.crewId),
              level: String(r.level),
              xp: String(r.xp),
              skillLevel: String(r.skillLevel),
            }),
        },
        { label: t`Dismiss`, danger: true, onClick: () => setDismiss(r.crewId) },
      ],
      { label: "" },
    ),
  ];
  return (
    <>
      <Head title={t`Crew`} player={state.data?.player} />
      <Load state={state}>
        {(d) => (
          <section>
            <button
              type="button"
              className="tk-btn tk-primary"
              onClick={() =>
                setEditing({
                  crewId: String(d.roles.find((r) => !r.hired)?.id ?? d.roles[0]?.id ?? ""),
                  level: "1",
                  xp: "0",
                  skillLevel: "0",
                })
              }
            >
              {t`Hire or set a member`}
            </button>
            {editing && (
              <CrewForm
                key={editing.crewId}
                playerId={playerId}
                initial={editing}
                roles={d.roles}
                onDone={() => {
                  setEditing(null);
                  state.reload();
                }}
              />
            )}
            <Table rows={d.rows} columns={columns} rowKey={(r) => String(r.crewId)} />
            {d.rows.length === 0 && <p className="tk-state tk-empty">{t`No crew members yet.`}</p>}
            <ConfirmDialog
              open={dismiss !== null}
              text={t`Dismiss this crew member? Their level and training are lost.`}
              onCancel={() => setDismiss(null)}
              onConfirm={() =>
                dismiss !== null &&
                act(
                  () => api(pr.crewsRemove, { playerId, crewId: dismiss }),
                  t`Dismissed`,
                  () => {
                    setDismiss(null);
                    state.reload();
                  },
                )
              }
            />
          </section>
        )}
      </Load>
    </>
  );
}

function CrewForm({
  playerId,
  initial,
  roles,
  onDone,
}: {
  playerId: number;
  initial: Record<string, string>;
  roles: CrewPage["roles"];
  onDone: () => void;
}) {
  const form = useForm(crewSchema, initial);
  const save = form.submit(async (_raw, v) => {
    await api(pr.crewsSave, { playerId, ...v });
    toast.ok(t`Saved`);
    onDone();
  });
  return (
    <section className="tk-panel">
      <Form form={form} onSubmit={save} submitLabel={t`Save`} onCancel={onDone}>
        <div className="tk-columns">
          <FormField
            form={form}
            name="crewId"
            label={t`Role`}
            type="select"
            options={roles.map((r): [string, string] => [String(r.id), ROLE[r.role] ? t(ROLE[r.role]) : r.name])}
          />
          <FormField form={form} name="level" label={t`Level`} type="number" />
          <FormField form={form} name="xp" label={t`XP towards the next level`} type="number" />
          <FormField form={form} name="skillLevel" label={t`Skill level`} type="number" />
        </div>
      </Form>
    </section>
  );
}

// ——— Daily tasks ———
type TasksPage = OutputOf<typeof pr.dailyTasksPage>;
type TaskRow = TasksPage["rows"][number];
const progressSchema = z.object({ progress: f.int(0, 10_000_000) });

export function DailyTasksPage({ params }: { params: Record<string, string | undefined> }) {
  const playerId = Number(params.playerId);
  const state = useApi(pr.dailyTasksPage, { playerId });
  const [data, setData] = useState<TasksPage | null>(null);
  const d0 = data ?? state.data;
  const [editing, setEditing] = useState<TaskRow | null>(null);
  const [replacing, setReplacing] = useState<TaskRow | null>(null);
  const done = (r: TasksPage) => (setData(r), setEditing(null), setReplacing(null));
  const columns: Column<TaskRow>[] = [
    { id: "name", label: t`Task`, value: (r) => taskName(r) },
    { id: "kind", label: t`Kind`, value: (r) => r.kind, cell: (r) => kindName(r.kind) },
    {
      id: "progress",
      label: t`Progress`,
      value: (r) => r.progress / r.target,
      cell: (r) => (
        <>
          <progress max={r.target} value={r.progress} aria-label={taskName(r)} /> {fmtInt(r.progress)} /{" "}
          {fmtInt(r.target)}
        </>
      ),
    },
    {
      id: "reward",
      label: t`Reward`,
      value: (r) => r.rewardAmount,
      cell: (r) => `${fmtInt(r.rewardAmount)} ${t(CURRENCY[r.rewardCurrency] ?? CURRENCY.silver)}`,
    },
    {
      id: "completedAt",
      label: t`Completed`,
      value: (r) => r.completedAt ?? 0,
      cell: (r) => (r.completedAt ? fmtDateTime(r.completedAt) : ""),
    },
    actionsColumn(
      (r) => [
        !r.completedAt && { label: t`Set progress`, onClick: () => setEditing(r) },
        !r.completedAt && { label: t`Replace`, onClick: () => setReplacing(r) },
      ],
      { label: "" },
    ),
  ];
  return (
    <>
      <Head title={t`Daily tasks`} player={d0?.player} />
      <Load state={state}>
        {() =>
          d0 && (
            <section>
              <p>{t`Tasks of ${ph({ day: d0.rows[0]?.day ?? "" })} (UTC). A task that reaches its target pays its reward once.`}</p>
              <button
                type="button"
                className="tk-btn"
                onClick={() => act(() => api(pr.dailyTasksUpdate, { playerId }), t`Open tasks drawn again`, done)}
              >{t`Draw the open tasks again`}</button>
              {editing && (
                <ProgressForm
                  key={editing.id}
                  playerId={playerId}
                  row={editing}
                  onDone={done}
                  onCancel={() => setEditing(null)}
                />
              )}
              {replacing && (
                <section className="tk-panel">
                  <h2>{t`Replace “${ph({ name: taskName(replacing) })}” with`}</h2>
                  <div className="tk-row">
                    {d0.templates
                      .filter((x) => !d0.rows.some((r) => r.taskId === x.id))
                      .map((x) => (
                        <button
                          type="button"
                          key={x.id}
                          className="tk-btn"
                          onClick={() =>
                            act(
                              () => api(pr.dailyTasksReplaceWith, { playerId, id: replacing.id, taskId: x.id }),
                              t`Replaced`,
                              done,
                            )
                          }
                        >
                          {x.name}
                        </button>
                      ))}
                    <button type="button" className="tk-btn" onClick={() => setReplacing(null)}>{t`Cancel`}</button>
                  </div>
                </section>
              )}
              <Table rows={d0.rows} columns={columns} rowKey={(r) => String(r.id)} />
              {d0.rows.length === 0 && <p className="tk-state tk-empty">{t`No task fits this player's level.`}</p>}
            </section>
          )
        }
      </Load>
    </>
  );
}

function ProgressForm({
  playerId,
  row,
  onDone,
  onCancel,
}: {
  playerId: number;
  row: TaskRow;
  onDone: (r: TasksPage) => void;
  onCancel: () => void;
}) {
  const form = useForm(progressSchema, { progress: String(row.progress) });
  const save = form.submit(async (_raw, v) => {
    onDone(await api(pr.dailyTasksEdit, { playerId, id: row.id, progress: v.progress }));
    toast.ok(t`Saved`);
  });
  return (
    <section className="tk-panel">
      <h2>{taskName(row)}</h2>
      <Form form={form} onSubmit={save} submitLabel={t`Save`} onCancel={onCancel}>
        <FormField
          form={form}
          name="progress"
          label={t`Progress (target ${ph({ target: fmtInt(row.target) })})`}
          type="number"
        />
      </Form>
    </section>
  );
}

// ——— Quests ———
type QuestsPage = OutputOf<typeof pr.questsPage>;
type QuestRow = QuestsPage["rows"][number];
const questSchema = z.object({ step: f.int(0, 20), progress: f.int(0, 10_000_000) });

export function QuestsPage({ params }: { params: Record<string, string | undefined> }) {
  const playerId = Number(params.playerId);
  const state = useApi(pr.questsPage, { playerId });
  const [editing, setEditing] = useState<QuestRow | null>(null);
  const columns: Column<QuestRow>[] = [
    { id: "name", label: t`Quest`, value: (r) => r.name },
    {
      id: "step",
      label: t`Step`,
      value: (r) => r.step,
      cell: (r) =>
        r.completedAt
          ? t`done`
          : `${r.step + 1} / ${r.steps}: ${kindName(r.stepKind)} ${fmtInt(r.progress)} / ${fmtInt(r.target)}`,
    },
    {
      id: "reward",
      label: t`Reward`,
      value: (r) => r.reward.amount,
      cell: (r) => `${fmtInt(r.reward.amount)} ${t(CURRENCY[r.reward.currency] ?? CURRENCY.silver)}`,
    },
    {
      id: "completedAt",
      label: t`Completed`,
      value: (r) => r.completedAt ?? 0,
      cell: (r) => (r.completedAt ? fmtDateTime(r.completedAt) : ""),
    },
    actionsColumn((r) => [!r.completedAt && { label: t`Edit`, onClick: () => setEditing(r) }], { label: "" }),
  ];
  return (
    <>
      <Head title={t`Quests`} player={state.data?.player} />
      <Load state={state}>
        {(d) => (
          <section>
            <p className="tk-hint">{t`Quests are defined in the server option “quests” (Options).`}</p>
            {editing && (
              <QuestForm
                key={editing.key}
                playerId={playerId}
                row={editing}
                onDone={() => {
                  setEditing(null);
                  state.reload();
                }}
              />
            )}
            <Table rows={d.rows} columns={columns} rowKey={(r) => r.key} />
            {d.rows.length === 0 && <p className="tk-state tk-empty">{t`No quests are defined.`}</p>}
          </section>
        )}
      </Load>
    </>
  );
}

function QuestForm({ playerId, row, onDone }: { playerId: number; row: QuestRow; onDone: () => void }) {
  const form = useForm(questSchema, { step: String(row.step), progress: String(row.progress) });
  const save = form.submit(async (_raw, v) => {
    await api(pr.questsSave, { playerId, key: row.key, ...v });
    toast.ok(t`Saved`);
    onDone();
  });
  return (
    <section className="tk-panel">
      <h2>{row.name}</h2>
      <Form form={form} onSubmit={save} submitLabel={t`Save`} onCancel={onDone}>
        <div className="tk-columns">
          <FormField
            form={form}
            name="step"
            label={t`Step (0 to ${ph({ n: row.steps })}; ${ph({ n2: row.steps })} completes it)`}
            type="number"
          />
          <FormField form={form} name="progress" label={t`Progress in the step`} type="number" />
        </div>
      </Form>
    </section>
  );
}
