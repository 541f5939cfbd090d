// /admin/chatClan/ — one clan's chat room, with the same moderation as the chat screen.
import { useState } from "react";
import { t } from "@lingui/core/macro";
import { useApi } from "../../lib/api.ts";
import * as chatClan from "../../../api/contracts/admin/chatClan.ts";
import { Empty, Load } from "../../components/States.tsx";
import { MessageList } from "./Moderation.tsx";

function Room({ clanId }: { clanId: number }) {
  const state = useApi(chatClan.messages, { clanId, limit: 200 });
  return <Load state={state}>{(d) => <MessageList rows={d.rows} onChange={state.reload} />}</Load>;
}

export default function ChatClanPage() {
  const head = useApi(chatClan.page, {});
  const [clanId, setClanId] = useState<number | null>(null);
  return (
    <section>
      <h1>{t`Clan chat`}</h1>
      <Load state={head} empty={(d) => d.clans.length === 0}>
        {(d) => (
          <label className="tk-row">
            {t`Clan`}
            <select value={clanId ?? ""} onChange={(e) => setClanId(e.target.value ? Number(e.target.value) : null)}>
              <option value="">{t`Choose a clan`}</option>
              {d.clans.map((c) => (
                <option key={c.id} value={c.id}>{`[${c.tag}] ${c.name}`}</option>
              ))}
            </select>
          </label>
        )}
      </Load>
      {clanId === null ? <Empty>{t`Choose a clan to read its chat.`}</Empty> : <Room clanId={clanId} />}
    </section>
  );
}
