// Finding a player by nickname or id on the profile (the friends panel asks them, the blacklist
// blocks them): the search form and the players found, each with the panel's button.
import type { ReactNode } from "react";
import { t } from "@lingui/core/macro";
import { api } from "../../lib/api.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import { findPlayer } from "../../../api/contracts/public/profile/players.ts";
import { useForm } from "../../lib/form.ts";
import { Form, FormField } from "../../components/Form.tsx";
import { Empty } from "../../components/States.tsx";
import { findPlayerSchema } from "./schemas.ts";

/** What findPlayer answers: the players found and the asker's blacklist. */
export type Found = OutputOf<typeof findPlayer>;
export type FoundPlayer = Found["players"][number];

export function FindPlayer(props: {
  label: string;
  submitLabel: string;
  /** The players found; null before the first search. The panel keeps them, so an action can refresh them. */
  found: FoundPlayer[] | null;
  /** /public/profile/findPlayer's answer to a search. */
  onFound: (answer: Found) => void;
  /** A found player's button (null: none), given the query the list was found with. */
  action: (p: FoundPlayer, query: string) => ReactNode;
}) {
  const form = useForm(findPlayerSchema, { query: "" });
  return (
    <>
      <Form
        form={form}
        submitLabel={props.submitLabel}
        onSubmit={form.submit(async (_input, data) => props.onFound(await api(findPlayer, data)))}
      >
        <FormField form={form} name="query" label={props.label} />
      </Form>
      {props.found &&
        (props.found.length === 0 ? (
          <Empty>{t`No player found.`}</Empty>
        ) : (
          <ul aria-label={t`Players found`}>
            {props.found.map((p) => (
              <li key={p.id} className="tk-row">
                <span>
                  {p.nickname} (#{p.id}, {t`level`} {p.level})
                </span>
                {props.action(p, form.values.query)}
              </li>
            ))}
          </ul>
        ))}
    </>
  );
}
