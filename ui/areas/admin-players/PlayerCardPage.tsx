// /admin/player/:playerId — one player's card: who they are, profile corrections, account state
// (ban with reason and end, unban, suspect mark), progress reset and erasure (each confirmed).
import { useState, type FormEvent } from "react";
import { t, ph } from "@lingui/core/macro";
import { api, sendRaw, useApi, ApiError } from "../../lib/api.ts";
import * as player from "../../../api/contracts/admin/player.ts";
import { useFieldErrors, type FieldErrorState } from "../../lib/field-errors.ts";
import { FieldError } from "../../components/Form.tsx";
import { fmtDateTime, fmtInt } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { toast } from "../../components/Toasts.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { DateTimePicker } from "../../components/DateTimePicker.tsx";
import { BanPresets } from "../../components/BanPresets.tsx";
import { PlayerNav } from "./PlayerNav.tsx";
import { Facts } from "./Facts.tsx";
import { PlaceFields, RegionName } from "./PlaceFields.tsx";
import { valueText } from "../../shell/AdminLabels.ts";

interface Pending {
  text: string;
  run: () => Promise<unknown>;
}

export default function PlayerCardPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.playerId ?? "";
  const loaded = useApi(player.page, { playerId: Number(id) });
  // With an id the address answers the card (without one, the search).
  const card = { ...loaded, data: loaded.data && "player" in loaded.data ? loaded.data : undefined };
  const [pending, setPending] = useState<Pending | null>(null);
  const [profile, setProfile] = useState<Record<string, string> | null>(null);
  const profileErrors = useFieldErrors();
  const banErrors = useFieldErrors();
  const actionErrors = useFieldErrors();
  const [reason, setReason] = useState("");
  const [until, setUntil] = useState<number | null>(null);

  /** Runs a change; a refused field's message goes under its input in the form of `errors`. */
  const run = (fn: () => Promise<unknown>, done: string, errors: FieldErrorState = actionErrors) =>
    errors.run(async () => {
      await fn();
      toast.ok(done);
      card.reload();
    });
  const confirm = (text: string, fn: () => Promise<unknown>, done: string, errors?: FieldErrorState) =>
    setPending({ text, run: () => run(fn, done, errors) });
  const setPlayer = (body: Record<string, unknown>) => sendRaw(player.setPlayer, { playerId: id, ...body });

  async function saveProfile(e: FormEvent) {
    e.preventDefault();
    if (await run(() => sendRaw(player.setProfile, { playerId: id, ...profile }), t`Saved`, profileErrors))
      setProfile(null);
  }
  function ban(e: FormEvent) {
    e.preventDefault();
    if (until === null)
      return void banErrors.take(
        new ApiError(400, "validation", "", { until: t`Enter the end of the ban as DD.MM.YYYY HH:mm:ss.` }),
      );
    banErrors.clear();
    confirm(
      t`Ban this player until ${ph({ until: fmtDateTime(until) })}? Their sessions end at once.`,
      () => setPlayer({ action: "ban", reason, until: new Date(until).toISOString() }),
      t`Banned`,
      banErrors,
    );
  }

  return (
    <section className="tk-player-card">
      <PlayerNav playerId={id} />
      <Load state={card}>
        {(d) => (
          <>
            <h1>
              {d.player.avatarUrl && (
                <img className="tk-avatar" src={d.player.avatarUrl} alt={t`Avatar`} width={48} height={48} />
              )}{" "}
              {d.player.nickname} <small>#{d.player.id}</small>
            </h1>
            <p className="tk-row" role="group" aria-label={t`Account state`}>
              {d.banned ? (
                <strong
                  className="tk-error"
                  data-testid="ban-state"
                >{t`Banned until ${ph({ until: fmtDateTime(d.player.bannedUntil) })}: ${ph({ reason: d.player.banReason ?? "" })}`}</strong>
              ) : (
                <span data-testid="ban-state">{t`Not banned`}</span>
              )}
              {d.suspect && <strong>{t`Suspect: ${ph({ note: d.suspect.note })}`}</strong>}
              {d.player.erasedAt && (
                <strong>{t`Personal data erased ${ph({ at: fmtDateTime(d.player.erasedAt) })}`}</strong>
              )}
            </p>
            <Facts
              items={[
                [t`Email`, d.player.email ?? "—"],
                [
                  t`Country, platform, source`,
                  `${d.player.country} · ${valueText("platform", d.player.platform)} · ${valueText("source", d.player.source)}`,
                ],
                [
                  t`Region, city`,
                  <>
                    {<RegionName country={d.player.country} region={d.player.region} />} · {d.player.city ?? "—"}
                  </>,
                ],
                [
                  t`Level, experience, rating`,
                  `${d.player.level} · ${fmtInt(d.player.experience)} · ${fmtInt(d.player.rating)}`,
                ],
                [t`Battles, wins`, `${fmtInt(d.player.battles)} · ${fmtInt(d.player.wins)}`],
                [t`Gold, silver`, `${fmtInt(d.player.gold)} · ${fmtInt(d.player.silver)}`],
                [
                  t`Registered, last sign-in`,
                  `${fmtDateTime(d.player.createdAt)} · ${fmtDateTime(d.player.lastLoginAt) || "—"}`,
                ],
                [
                  t`Social ids`,
                  d.identities.map((i) => `${valueText("network", i.network)}: ${i.uid}`).join(", ") || "—",
                ],
                [t`Clan`, d.clan ? `${d.clan.name} (${valueText("clanRole", d.clan.role)})` : "—"],
                [t`Items, open sessions`, `${d.counts.items} · ${d.counts.sessions}`],
              ]}
            />

            <h2>{t`Profile`}</h2>
            {profile === null ? (
              <button
                type="button"
                className="tk-btn"
                disabled={!!d.player.erasedAt}
                onClick={() =>
                  setProfile({
                    nickname: d.player.nickname,
                    email: d.player.email ?? "",
                    country: d.player.country,
                    region: d.player.region ?? "",
                    city: d.player.city ?? "",
                    level: String(d.player.level),
                    experience: String(d.player.experience),
                  })
                }
              >
                {t`Edit profile`}
              </button>
            ) : (
              <form onSubmit={saveProfile} className="tk-form-grid" noValidate>
                {(
                  [
                    ["nickname", t`Nickname`],
                    ["email", t`Email`],
                    ["country", t`Country (two letters)`],
                    ["level", t`Level`],
                    ["experience", t`Experience`],
                  ] as const
                ).map(([name, label]) => (
                  <label key={name}>
                    {label}
                    <input
                      name={name}
                      value={profile[name]}
                      {...profileErrors.input(name)}
                      onChange={(e) => (setProfile({ ...profile, [name]: e.target.value }), profileErrors.clear(name))}
                    />
                    <FieldError errors={profileErrors} name={name} />
                  </label>
                ))}
                <PlaceFields profile={profile} errors={profileErrors} onChange={setProfile} />
                <div className="tk-row">
                  <button type="submit" className="tk-btn tk-primary">{t`Save`}</button>
                  <button
                    type="button"
                    className="tk-btn"
                    onClick={() => (setProfile(null), profileErrors.clear())}
                  >{t`Cancel`}</button>
                </div>
              </form>
            )}

            <h2>{t`Account`}</h2>
            {d.banned ? (
              <button
                type="button"
                className="tk-btn"
                onClick={() =>
                  confirm(
                    t`Lift the ban of ${ph({ nickname: d.player.nickname })}?`,
                    () => setPlayer({ action: "unban" }),
                    t`Unbanned`,
                  )
                }
              >
                {t`Unban`}
              </button>
            ) : (
              <form onSubmit={ban} className="tk-form-grid" noValidate aria-label={t`Ban`}>
                <label>
                  {t`Reason`}
                  <input
                    name="reason"
                    value={reason}
                    {...banErrors.input("reason")}
                    onChange={(e) => (setReason(e.target.value), banErrors.clear("reason"))}
                  />
                  <FieldError errors={banErrors} name="reason" />
                </label>
                <BanPresets onPick={(v) => (setUntil(v), banErrors.clear("until"))} />
                <DateTimePicker
                  id={banErrors.id("until")}
                  label={t`Banned until`}
                  value={until}
                  onChange={(v) => (setUntil(v), banErrors.clear("until"))}
                  required
                  error={banErrors.of("until")}
                />
                <button type="submit" className="tk-btn tk-danger">{t`Ban`}</button>
              </form>
            )}
            <div className="tk-row">
              {d.suspect ? (
                <button
                  type="button"
                  className="tk-btn"
                  onClick={() => run(() => setPlayer({ action: "unsuspect" }), t`Saved`)}
                >{t`Clear the suspect mark`}</button>
              ) : (
                <button
                  type="button"
                  className="tk-btn"
                  onClick={() =>
                    run(() => setPlayer({ action: "suspect", reason: reason || t`Marked from the card` }), t`Saved`)
                  }
                >{t`Mark as suspect`}</button>
              )}
              <button
                type="button"
                className="tk-btn"
                onClick={() =>
                  confirm(
                    t`Reset level, experience, rating and battle counts of ${ph({ nickname: d.player.nickname })}?`,
                    () => api(player.resetProfile, { playerId: Number(id) }),
                    t`Progress reset`,
                  )
                }
              >
                {t`Reset progress`}
              </button>
              {!d.player.erasedAt && (
                <button
                  type="button"
                  className="tk-btn tk-danger"
                  onClick={() =>
                    confirm(
                      t`Erase the personal data of ${ph({ nickname: d.player.nickname })}? This cannot be undone.`,
                      () => api(player.remove, { playerId: Number(id) }),
                      t`Personal data erased`,
                    )
                  }
                >
                  {t`Erase personal data`}
                </button>
              )}
            </div>
          </>
        )}
      </Load>
      <ConfirmDialog
        open={pending !== null}
        text={pending?.text ?? ""}
        onCancel={() => setPending(null)}
        onConfirm={() => (pending?.run(), setPending(null))}
      />
    </section>
  );
}
