// Finding a clan: a search by name or tag (the address /searchClans/{name} opens with it filled),
// paged results, a clan's card with its members (findClan), and a request to join with a message.
import { useState } from "react";
import { ph, t } from "@lingui/core/macro";
import { api, useApi } from "../../lib/api.ts";
import * as clans from "../../../api/contracts/public/profile/clans.ts";
import { fmtInt } from "../../lib/i18n.ts";
import { useForm } from "../../lib/form.ts";
import { Load, Empty } from "../../components/States.tsx";
import { Form, FormField } from "../../components/Form.tsx";
import { toast } from "../../components/Toasts.tsx";
import { joinSchema, searchSchema } from "./schemas.ts";
import { Pager } from "./kit.tsx";
import { ROLES } from "./MyClanPage.tsx";

function ClanCard({ clanId, onClose }: { clanId: number; onClose: () => void }) {
  const state = useApi(clans.findClan, { id: clanId });
  const form = useForm(joinSchema, { message: "" });
  const [sent, setSent] = useState(false);
  return (
    <section className="tk-panel" aria-labelledby="clan-card-title">
      <Load state={state}>
        {(d) => (
          <>
            <h2 id="clan-card-title">{`[${d.clan.tag}] ${d.clan.name}`}</h2>
            <p>{d.clan.description}</p>
            <ul aria-label={t`Members`}>
              {d.members.map((m) => (
                <li key={m.playerId}>
                  {m.nickname} ({t`level`} {m.level}) — {t(ROLES[m.role])}
                </li>
              ))}
            </ul>
            {sent ? (
              <p role="status" className="tk-notice">
                {t`Your request was sent. The clan's leader or officers will answer it.`}
              </p>
            ) : (
              <Form
                form={form}
                submitLabel={t`Ask to join`}
                actions={
                  <button type="button" className="tk-btn" onClick={onClose}>
                    {t`Close`}
                  </button>
                }
                onSubmit={form.submit(async (_input, data) => {
                  await api(clans.addRequest, { ...data, clanId });
                  setSent(true);
                  toast.ok(t`Request sent`);
                })}
              >
                <FormField
                  form={form}
                  name="message"
                  label={t`Message to the clan (optional)`}
                  type="textarea"
                  rows={2}
                />
              </Form>
            )}
          </>
        )}
      </Load>
    </section>
  );
}

export default function SearchClansPage({ params }: { params: Record<string, string | undefined> }) {
  const [query, setQuery] = useState({ name: params.clanName ?? "", page: 1 }); // decoded once by the router
  const [open, setOpen] = useState<number | null>(null);
  const form = useForm(searchSchema, { name: query.name });
  const state = useApi(clans.searchClans, { name: query.name, page: query.page, size: 20 });
  const byName = async () => {
    // Its refusal (a name the rules refuse, no such clan) is the form's, as a search's would be.
    try {
      const r = await api(clans.findClan, { name: form.values.name ?? "" });
      setOpen(r.clan.id);
    } catch (e) {
      form.refuse(e);
    }
  };
  return (
    <section aria-labelledby="search-title">
      <h1 id="search-title">{t`Find a clan`}</h1>
      <Form
        form={form}
        submitLabel={t`Search`}
        actions={
          <button type="button" className="tk-btn" onClick={byName} disabled={!form.values.name?.trim()}>
            {t`Open by exact name or tag`}
          </button>
        }
        onSubmit={form.submit(async (input) => {
          const name = String(input.name ?? "").trim();
          history.replaceState(
            null,
            "",
            name ? `/public/profile/searchClans/${encodeURIComponent(name)}` : "/public/profile/searchClans",
          );
          setQuery({ name, page: 1 });
        })}
      >
        <FormField form={form} name="name" label={t`Clan name or tag`} />
      </Form>
      {open !== null && <ClanCard key={open} clanId={open} onClose={() => setOpen(null)} />}
      <Load state={state}>
        {(d) =>
          d.rows.length === 0 ? (
            <Empty>{t`No clan found.`}</Empty>
          ) : (
            <>
              <ul aria-label={t`Clans found`} className="tk-list">
                {d.rows.map((c) => (
                  <li key={c.id} className="tk-row">
                    <span>
                      <strong>{`[${c.tag}] ${c.name}`}</strong> —{" "}
                      {t`${ph({ n: c.members })} members, rating ${ph({ rating: fmtInt(c.rating) })}`}
                    </span>
                    <button
                      type="button"
                      className="tk-btn"
                      onClick={() => setOpen(c.id)}
                      aria-label={t`Open clan ${ph({ name: c.name })}`}
                    >
                      {t`Open`}
                    </button>
                  </li>
                ))}
              </ul>
              <Pager page={d.page} size={d.size} total={d.total} onPage={(page) => setQuery({ ...query, page })} />
            </>
          )
        }
      </Load>
    </section>
  );
}
