// The blacklist: find a player by name or id, block them (they can no longer send you gold or ask
// to join your clan), and unblock.
import { useState } from "react";
import { t } from "@lingui/core/macro";
import { api, type ApiError } from "../../lib/api.ts";
import { useForm } from "../../lib/form.ts";
import { Form, FormField } from "../../components/Form.tsx";
import { Empty } from "../../components/States.tsx";
import { toast } from "../../components/Toasts.tsx";
import { findPlayerSchema } from "./schemas.ts";
import type { ProfileData } from "./kit.tsx";

type Entry = ProfileData["blacklist"][number];
interface Found {
  id: number;
  nickname: string;
  level: number;
  blacklisted: number | boolean;
}

export function BlacklistPanel({ initial }: { initial: Entry[] }) {
  const [list, setList] = useState(initial);
  const [found, setFound] = useState<Found[] | null>(null);
  const form = useForm(findPlayerSchema, { query: "" });
  const act = async (work: () => Promise<{ blacklist: Entry[]; players?: Found[] }>, done: string) => {
    try {
      const r = await work();
      setList(r.blacklist);
      if (r.players) setFound(r.players);
      toast.ok(done);
    } catch (e) {
      toast.error((e as ApiError).message);
    }
  };
  return (
    <section className="tk-panel" aria-labelledby="blacklist-title">
      <h2 id="blacklist-title">{t`Blacklist`}</h2>
      <Form
        form={form}
        submitLabel={t`Find player`}
        onSubmit={form.submit(async (input) => {
          const r = await api<{ players: Found[]; blacklist: Entry[] }>("/public/profile/findPlayer", { body: input });
          setFound(r.players);
          setList(r.blacklist);
        })}
      >
        <FormField form={form} name="query" label={t`Nickname or player id`} />
      </Form>
      {found &&
        (found.length === 0 ? (
          <Empty>{t`No player found.`}</Empty>
        ) : (
          <ul aria-label={t`Players found`}>
            {found.map((p) => (
              <li key={p.id} className="tk-row">
                <span>
                  {p.nickname} (#{p.id}, {t`level`} {p.level})
                </span>
                {!p.blacklisted && (
                  <button type="button" className="tk-btn" onClick={() => act(() => api("/public/profile/findPlayer", { body: { query: form.values.query, blacklist: p.id } }), t`Player blocked`)}>
                    {t`Block`}
                  </button>
                )}
              </li>
            ))}
          </ul>
        ))}
      {list.length === 0 ? (
        <Empty>{t`Your blacklist is empty.`}</Empty>
      ) : (
        <ul aria-label={t`Blocked players`}>
          {list.map((b) => (
            <li key={b.playerId} className="tk-row">
              <span>{b.nickname}</span>
              <button type="button" className="tk-btn" onClick={() => act(() => api("/public/profile/blacklist/remove", { body: { playerId: b.playerId } }), t`Player unblocked`)}>
                {t`Unblock`}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
