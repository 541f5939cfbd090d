// /admin/player/:playerId/battles/:battleId — a player's battle opens as the battle's page (its
// timeline, its players, live or replayed), under the player's tabs.
import BattlePage from "../admin-clans-battles/BattlePage.tsx";
import { PlayerNav } from "./PlayerNav.tsx";

export default function PlayerBattlePage({ params }: { params: Record<string, string | undefined> }) {
  return (
    <>
      <PlayerNav playerId={params.playerId ?? ""} />
      <BattlePage params={{ battleId: params.battleId }} />
    </>
  );
}
