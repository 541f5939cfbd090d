// Finding a player by nickname or id on the profile (the friends panel asks them, the blacklist
// blocks them): the search form and the players found, each with the panel's button.
import type { ReactNode } from "react";
import { t } from "@lingui/core/macro";
import { api } from "../../lib/api.ts";
import { useForm } from "../../lib/form.ts";
import { Form, FormField } from "../../components/Form.tsx";
import { Empty } from "../../components/States.tsx";
import { findPlayerSchema } from "./schemas.ts";

export interface FoundPlayer {
  id: number;
  nickname: string;
  level: number;
  blacklisted?: number | boolean;
}

export function FindPlayer<R extends { players: FoundPlayer[] }>(props: {
  label: string;
  submitLabel: string;
  /** The players found; null before the first search. The panel keeps them, so an action can refresh them. */
  found: FoundPlayer[] | null;
  /** /public/profile/findPlayer's answer to a search. */
  onFound: (answer: R) => void;
  /** A found player's button (null: none), given the query the list was found with. */
  action: (p: FoundPlayer, query: string) => ReactNode;
}) {
  const form = useForm(findPlayerSchema, { query: "" });
  return (
    <>
      <Form
        form={form}
        submitLabel={props.submitLabel}
        onSubmit={form.submit(async (input) =>
          props.onFound(await api<R>("/public/profile/findPlayer", { body: input })),
        )}
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
