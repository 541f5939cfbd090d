// /admin/notification/ (inbox pop-ups) and /admin/notificationChat/ (system messages in the game
// chat): the list (status and text filters), an editor for one notification — its schedule and
// audience, its text per language, its status moves after a confirmation, copy, export, remove —
// and import of an exported file (checked first, then created as a draft). The address says
// which channel; the routes and rules are the same.
import { useState } from "react";
import { msg, ph, plural, t } from "@lingui/core/macro";
import { i18n, type MessageDescriptor } from "@lingui/core";
import { api, href, sendRaw, useApi } from "../../lib/api.ts";
import { act as perform } from "../../lib/action.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as inbox from "../../../api/contracts/admin/notification.ts";
import * as chat from "../../../api/contracts/admin/notificationChat.ts";
import * as audiences from "../../../api/contracts/admin/audiences.ts";
import { fmtDateTime, fmtInt } from "../../lib/i18n.ts";
import { renderMarkdown } from "../../lib/markdown.ts";
import { parseDateTime } from "../../lib/datetime.ts";
import { useForm } from "../../lib/form.ts";
import { Form, FormField } from "../../components/Form.tsx";
import { DataTable, type Column } from "../../components/DataTable.tsx";
import { MarkdownEditor } from "../../components/MarkdownEditor.tsx";
import { FileImport } from "../../components/FileImport.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { Load } from "../../components/States.tsx";
import { toast } from "../../components/Toasts.tsx";
import {
  contentFields,
  notificationFields,
  CONTENT_LANGS,
  EDITABLE,
  NOTIFICATION_STATUSES,
  TRANSITIONS,
  type Channel,
  type Status,
} from "../../../api/domain/notification-fields.ts";
import { actionsColumn } from "../../components/RowMenu.tsx";

type Contracts = typeof inbox | typeof chat;
type Loaded = OutputOf<typeof inbox.load>;
type Notification = Loaded["notification"];
type Content = Loaded["contents"][number];
type Row = OutputOf<typeof inbox.list>["rows"][number];
type ImportResult = OutputOf<typeof inbox.importOne>;
type Saved = OutputOf<typeof audiences.list>["audiences"][number];

/** A saved audience as the picker names it: its name and its size now. */
const savedLabel = (a: Saved) =>
  `${a.name} — ${plural(a.size, { one: "# player", other: "# players" })}${a.active ? "" : ` (${t({ message: "inactive", context: "saved audience" })})`}`;

const STATUS: Record<Status, MessageDescriptor> = {
  draft: msg`Draft`,
  active: msg({ message: "Active", context: "notification status" }),
  paused: msg`Paused`,
  finished: msg`Finished`,
};
const MOVE: Record<Status, MessageDescriptor> = {
  draft: msg`Back to draft`,
  active: msg`Activate`,
  paused: msg`Pause`,
  finished: msg`Finish`,
};
const LANG: Record<string, MessageDescriptor> = { ru: msg`Russian`, en: msg`English` };
const PAYERS: Record<string, MessageDescriptor> = {
  all: msg`Everyone`,
  payers: msg`Payers only`,
  nonPayers: msg`Non-payers only`,
};
const HOUR = 3_600_000;

const routesOf = (channel: Channel): Contracts => (channel === "inbox" ? inbox : chat);

const formValues = (n?: Notification): Record<string, string> => {
  const start = n?.startsAt ?? Math.ceil(Date.now() / HOUR) * HOUR;
  return {
    id: n ? String(n.id) : "",
    name: n?.name ?? "",
    startsAt: fmtDateTime(start),
    endsAt: fmtDateTime(n?.endsAt ?? start + 7 * 24 * HOUR),
    levelMin: String(n?.levelMin ?? 1),
    levelMax: String(n?.levelMax ?? 100),
    platforms: (n?.platforms ?? []).join(", "),
    countries: (n?.countries ?? []).join(", "),
    payers: n?.payers ?? "all",
    playerIds: (n?.playerIds ?? []).join(", "),
    audienceId: n?.audienceId == null ? "" : String(n.audienceId),
  };
};
// The typed date-time is the browser's local time; the server gets epoch milliseconds.
const toInput = (v: Record<string, string>) => ({
  ...v,
  startsAt: parseDateTime(v.startsAt) ?? v.startsAt,
  endsAt: parseDateTime(v.endsAt) ?? v.endsAt,
});

function NotificationForm({
  channel,
  notification,
  onSaved,
  onCancel,
}: {
  channel: Channel;
  notification?: Notification;
  onSaved: (n: Notification) => void;
  onCancel?: () => void;
}) {
  const form = useForm(notificationFields, formValues(notification), { toInput });
  const saved = useApi(audiences.list, {});
  const save = form.submit(async (input) => {
    const r = await sendRaw(routesOf(channel).save, input);
    toast.ok(t`Notification saved`);
    onSaved(r.notification);
  });
  return (
    <Form
      form={form}
      onSubmit={save}
      submitLabel={notification ? t`Save` : t`Create`}
      actions={onCancel && <button type="button" className="tk-btn" onClick={onCancel}>{t`Cancel`}</button>}
    >
      <FormField form={form} name="name" label={t`Name (operators only)`} />
      <FormField form={form} name="startsAt" label={t`Starts`} hint="DD.MM.YYYY HH:mm:ss" />
      <FormField form={form} name="endsAt" label={t`Ends`} hint="DD.MM.YYYY HH:mm:ss" />
      <FormField form={form} name="levelMin" label={t`Lowest level`} type="number" />
      <FormField form={form} name="levelMax" label={t`Highest level`} type="number" />
      <FormField
        form={form}
        name="platforms"
        label={t`Platforms`}
        hint={t`Comma-separated, e.g. web, android; empty: all`}
      />
      <FormField
        form={form}
        name="countries"
        label={t`Countries`}
        hint={t`Comma-separated codes, e.g. RU, KZ; empty: all`}
      />
      <FormField
        form={form}
        name="payers"
        label={t`Payers`}
        type="select"
        options={Object.entries(PAYERS).map(([k, m]) => [k, i18n._(m)] as [string, string])}
      />
      <FormField
        form={form}
        name="playerIds"
        label={t`Only these player ids`}
        hint={t`Comma-separated; empty: no explicit list`}
      />
      <FormField
        form={form}
        name="audienceId"
        label={t`Saved audience`}
        type="select"
        hint={t`Only its members at activation receive it; players who join it later get the audience's own "Send an inbox notification" action.`}
        options={[
          ["", saved.data ? t`None` : t`Loading…`] as [string, string],
          ...(saved.data?.audiences ?? []).map((a) => [String(a.id), savedLabel(a)] as [string, string]),
        ]}
      />
    </Form>
  );
}

function ContentForm({
  channel,
  notificationId,
  lang,
  content,
  onSaved,
}: {
  channel: Channel;
  notificationId: number;
  lang: "ru" | "en";
  content?: Content;
  onSaved: () => void;
}) {
  const form = useForm(contentFields, {
    notificationId: String(notificationId),
    lang,
    title: content?.title ?? "",
    body: content?.body ?? "",
  });
  const [removing, setRemoving] = useState(false);
  const save = form.submit(async (input) => {
    await sendRaw(routesOf(channel).saveContent, input);
    toast.ok(t`Text saved`);
    onSaved();
  });
  const remove = async () => {
    setRemoving(false);
    await perform(() => api(routesOf(channel).removeContent, { notificationId, lang }), t`Text removed`, onSaved);
  };
  const langName = i18n._(LANG[lang]);
  return (
    <section className="tk-panel" aria-label={langName}>
      <h3>{langName}</h3>
      <Form
        form={form}
        onSubmit={save}
        submitLabel={t`Save text (${ph({ lang: langName })})`}
        actions={
          content && (
            <button
              type="button"
              className="tk-btn tk-danger"
              onClick={() => setRemoving(true)}
            >{t`Remove text`}</button>
          )
        }
      >
        {channel === "inbox" && (
          <FormField form={form} name="title" label={t({ message: "Title", context: "message title" })} />
        )}
        {channel === "inbox" ? (
          <MarkdownEditor
            label={t`Body`}
            name="body"
            value={form.values.body ?? ""}
            onChange={(v) => form.set("body", v)}
            error={form.errors.body}
          />
        ) : (
          <FormField form={form} name="body" label={t`Chat message`} type="textarea" rows={3} />
        )}
      </Form>
      <ConfirmDialog
        open={removing}
        text={t`Remove the ${ph({ lang: langName })} text?`}
        onConfirm={remove}
        onCancel={() => setRemoving(false)}
      />
    </section>
  );
}

/** What a player sees: the message as the hangar and the profile's inbox show it, per language. */
function PreviewAsPlayer({ channel, contents }: { channel: Channel; contents: Content[] }) {
  const [lang, setLang] = useState<"ru" | "en">("ru");
  const c = contents.find((x) => x.lang === lang);
  return (
    <section className="tk-panel" aria-label={t`Preview as a player`}>
      <h3>{t`Preview as a player`}</h3>
      <div className="tk-row" role="group" aria-label={t`Player's language`}>
        {CONTENT_LANGS.map((l) => (
          <button key={l} type="button" className="tk-btn" aria-pressed={l === lang} onClick={() => setLang(l)}>
            {i18n._(LANG[l])}
          </button>
        ))}
      </div>
      {!c ? (
        <p className="tk-hint">{t`No text in this language yet: a player of this language would get the other one.`}</p>
      ) : channel === "inbox" ? (
        <article className="tk-preview" lang={lang}>
          <strong>{c.title}</strong>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it's output with html: false (api/domain/markdown.ts) */}
          <div dangerouslySetInnerHTML={{ __html: renderMarkdown(c.body) }} />
        </article>
      ) : (
        <p className="tk-preview" lang={lang}>
          {c.body}
        </p>
      )}
    </section>
  );
}

function Editor({
  channel,
  id,
  onChanged,
  onClose,
}: {
  channel: Channel;
  id: number;
  onChanged: () => void;
  onClose: () => void;
}) {
  const routes = routesOf(channel);
  const state = useApi(routes.load, { id });
  const saved = useApi(audiences.list, {});
  const [confirm, setConfirm] = useState<{ text: string; run: () => Promise<void> } | null>(null);
  const act = (text: string, run: () => Promise<void>) => setConfirm({ text, run });
  const run = async () => {
    const c = confirm;
    setConfirm(null);
    // The confirmed action says its own success; a refusal is said here.
    if (c) await perform(c.run, null);
  };
  const moveTo = (to: Status) => async () => {
    const r = await api(routes.setStatus, { id, status: to });
    toast.ok(
      to === "active"
        ? `${t`Activated.`} ${plural(r.delivered, { one: "# player received it.", other: "# players received it." })}`
        : t`Status changed`,
    );
    state.reload();
    onChanged();
  };
  const copy = async () => {
    const r = await api(routes.copy, { id });
    toast.ok(t`Draft copy #${ph({ id: r.notification.id })} created`);
    onChanged();
  };
  const remove = async () => {
    await api(routes.remove, { id });
    toast.ok(t`Notification removed`);
    onChanged();
    onClose();
  };
  return (
    <Load state={state}>
      {(d) => {
        const n = d.notification;
        const editable = EDITABLE.includes(n.status);
        return (
          <section className="tk-panel" aria-label={t`Notification #${ph({ id: n.id })}`}>
            <h2>{t`Notification #${ph({ id: n.id })}: ${ph({ name: n.name })}`}</h2>
            <p>{t`Status: ${ph({ status: i18n._(STATUS[n.status]) })}`}</p>
            <p data-testid="reach">
              {n.status === "active"
                ? plural(d.audience, {
                    one: "# more matching player does not have it (they registered or changed after it was activated).",
                    other:
                      "# more matching players do not have it (they registered or changed after it was activated).",
                  })
                : plural(d.audience, {
                    one: "# player would receive it if it were activated now.",
                    other: "# players would receive it if it were activated now.",
                  })}{" "}
              {t`Delivered: ${ph({ delivered: fmtInt(d.delivered) })}; read: ${ph({ read: fmtInt(d.read) })}.`}
            </p>
            <div className="tk-row">
              {TRANSITIONS[n.status].map((to) => (
                <button
                  key={to}
                  type="button"
                  className={`tk-btn${to === "active" ? " tk-primary" : ""}`}
                  onClick={() =>
                    act(
                      to === "active"
                        ? `${t`Activate it?`} ${plural(d.audience, {
                            one: "# player receives it now.",
                            other: "# players receive it now.",
                          })}`
                        : to === "paused"
                          ? t`Pause it? Players who have not read it yet no longer see it.`
                          : t`Finish it? A finished notification cannot be activated again.`,
                      moveTo(to),
                    )
                  }
                >
                  {i18n._(MOVE[to])}
                </button>
              ))}
              <button
                type="button"
                className="tk-btn"
                onClick={() => act(t`Make a draft copy?`, copy)}
              >{t`Copy`}</button>
              <a className="tk-btn" href={href(routes.exportOne, { id: n.id })} download>{t`Export JSON`}</a>
              {n.status !== "active" && (
                <button
                  type="button"
                  className="tk-btn tk-danger"
                  onClick={() => act(t`Remove this notification and its texts?`, remove)}
                >{t`Remove`}</button>
              )}
              <button type="button" className="tk-btn" onClick={onClose}>{t`Close`}</button>
            </div>
            {editable ? (
              <NotificationForm
                key={`${n.id}-${n.status}`}
                channel={channel}
                notification={n}
                onSaved={() => (state.reload(), onChanged())}
              />
            ) : (
              <>
                <p className="tk-hint">{t`Pause an active notification to change it; copy a finished one.`}</p>
                <dl>
                  <dt>{t`Starts`}</dt>
                  <dd>{fmtDateTime(n.startsAt)}</dd>
                  <dt>{t`Ends`}</dt>
                  <dd>{fmtDateTime(n.endsAt)}</dd>
                  <dt>{t`Levels`}</dt>
                  <dd>
                    {n.levelMin}–{n.levelMax}
                  </dd>
                  <dt>{t`Platforms`}</dt>
                  <dd>{n.platforms.join(", ") || "—"}</dd>
                  <dt>{t`Countries`}</dt>
                  <dd>{n.countries.join(", ") || "—"}</dd>
                  <dt>{t`Payers`}</dt>
                  <dd>{i18n._(PAYERS[n.payers] ?? PAYERS.all)}</dd>
                  <dt>{t`Only these player ids`}</dt>
                  <dd>{n.playerIds.join(", ") || "—"}</dd>
                  <dt>{t`Saved audience`}</dt>
                  <dd data-testid="saved-audience">
                    {n.audienceId === null
                      ? "—"
                      : (() => {
                          const a = saved.data?.audiences.find((x) => x.id === n.audienceId);
                          return a ? savedLabel(a) : `#${n.audienceId}`;
                        })()}
                  </dd>
                </dl>
              </>
            )}
            {editable
              ? CONTENT_LANGS.map((lang) => (
                  <ContentForm
                    key={`${lang}-${d.contents.find((c) => c.lang === lang)?.body ?? ""}`}
                    channel={channel}
                    notificationId={n.id}
                    lang={lang}
                    content={d.contents.find((c) => c.lang === lang)}
                    onSaved={state.reload}
                  />
                ))
              : d.contents.map((c) => (
                  <section key={c.lang} className="tk-panel">
                    <h3>{i18n._(LANG[c.lang])}</h3>
                    {c.title && <strong>{c.title}</strong>}
                    <p style={{ whiteSpace: "pre-wrap" }}>{c.body}</p>
                  </section>
                ))}
            {editable && <PreviewAsPlayer channel={channel} contents={d.contents} />}
            <ConfirmDialog
              open={!!confirm}
              text={confirm?.text ?? ""}
              onConfirm={run}
              onCancel={() => setConfirm(null)}
            />
          </section>
        );
      }}
    </Load>
  );
}

export default function NotificationsPage() {
  const channel: Channel = location.pathname.startsWith("/admin/notificationChat/") ? "chat" : "inbox";
  const routes = routesOf(channel);
  const [version, setVersion] = useState(0);
  const [open, setOpen] = useState<number | "new" | null>(null);
  const changed = () => setVersion((v) => v + 1);
  const columns: Column<Row>[] = [
    { id: "id", label: "#", value: (n) => n.id },
    { id: "name", label: t`Name`, value: (n) => n.name },
    { id: "status", label: t`Status`, value: (n) => i18n._(STATUS[n.status]) },
    { id: "startsAt", label: t`Starts`, value: (n) => n.startsAt, cell: (n) => fmtDateTime(n.startsAt) },
    { id: "endsAt", label: t`Ends`, value: (n) => n.endsAt, cell: (n) => fmtDateTime(n.endsAt) },
    { id: "levels", label: t`Levels`, value: (n) => `${n.levelMin}–${n.levelMax}`, sortable: false },
    {
      id: "delivered",
      label: t`Delivered`,
      value: (n) => n.delivered,
      cell: (n) => fmtInt(n.delivered),
      sortable: false,
    },
    {
      id: "read",
      label: t`Read`,
      value: (n) => n.read,
      cell: (n) => (n.delivered ? `${fmtInt(n.read)} (${Math.round((100 * n.read) / n.delivered)} %)` : fmtInt(n.read)),
      sortable: false,
    },
    actionsColumn((n) => [{ label: t`Open`, onClick: () => setOpen(n.id) }], { label: "", id: "open" }),
  ];
  const summary = (r: ImportResult) => (
    <p>
      {r.preview
        ? t`The file creates a draft "${ph({ name: r.creates.name })}" (${ph({ from: fmtDateTime(r.creates.startsAt) })} – ${ph({ to: fmtDateTime(r.creates.endsAt) })}), texts: ${ph({ langs: r.creates.langs.join(", ") || "—" })}.`
        : t`Imported as draft #${ph({ id: r.notification?.id ?? 0 })}.`}
    </p>
  );
  return (
    <section>
      <h1>{channel === "inbox" ? t`Notifications` : t`Chat notifications`}</h1>
      <p className="tk-hint">
        {channel === "inbox"
          ? t`Pop-ups and inbox messages players receive. Activating delivers it to every matching player at once (within its start and end); pausing or finishing withdraws what is not read yet.`
          : t`Messages the system posts to players in the game chat. Activating delivers it to every matching player at once (within its start and end); pausing or finishing withdraws what is not read yet.`}
      </p>
      <div className="tk-row">
        <button
          type="button"
          className="tk-btn tk-primary"
          onClick={() => setOpen("new")}
        >{t`New notification`}</button>
      </div>
      {open === "new" && (
        <section className="tk-panel" aria-label={t`New notification`}>
          <h2>{t`New notification`}</h2>
          <NotificationForm
            channel={channel}
            onCancel={() => setOpen(null)}
            onSaved={(n) => (changed(), setOpen(n.id))}
          />
        </section>
      )}
      {typeof open === "number" && (
        <Editor key={open} channel={channel} id={open} onChanged={changed} onClose={() => setOpen(null)} />
      )}
      <DataTable
        list={routes.list}
        columns={columns}
        rowKey={(n) => String(n.id)}
        search={t`Name or id`}
        filters={[
          {
            id: "status",
            label: t`Status`,
            options: NOTIFICATION_STATUSES.map((s) => [s, i18n._(STATUS[s])] as [string, string]),
          },
        ]}
        defaultSort={{ id: "id", desc: true }}
        exportName={channel === "inbox" ? "notifications" : "chat-notifications"}
        version={version}
      />
      <section className="tk-panel">
        <h2>{t`Import`}</h2>
        <FileImport<ImportResult>
          label={t`Check a file`}
          url={`${routes.importOne.path}?preview=true`}
          field="data"
          accept=".json,application/json"
          summary={summary}
        />
        <FileImport<ImportResult>
          label={t`Import a file as a draft`}
          url={routes.importOne.path}
          field="data"
          accept=".json,application/json"
          summary={summary}
          onDone={changed}
        />
      </section>
    </section>
  );
}
