// Server messages of battles and the operators' clan screens, in en and ru.
import { addServerMessages } from "../i18n/index.ts";

addServerMessages({
  en: {
    "battles.notFound": "No such battle.",
    "battles.stopped": "This battle was stopped by an operator; its results are not accepted.",
    "battles.notRunning": "This battle is not running (it is {0}).",
    "battles.unknownPlayer": "No such player.",
    "battles.unknownTank": "No such tank.",
    "battles.duplicatePlayer": "This player is listed twice.",
    "battles.notInBattle": "This player is not in this battle.",
    "battles.resultsIncomplete": "Results are needed for every player of the battle ({0}).",
    "clansAdmin.notFound": "No such clan.",
    "clansAdmin.notMember": "This player is not a member of this clan.",
    "clansAdmin.leaderRole": "Make another member the leader to change the leader's role.",
    "clansAdmin.removeLeader": "The leader cannot be removed; make another member the leader first.",
  },
  ru: {
    "battles.notFound": "Такого боя нет.",
    "battles.stopped": "Бой остановлен оператором; его результаты не принимаются.",
    "battles.notRunning": "Бой не идёт (его состояние: {0}).",
    "battles.unknownPlayer": "Такого игрока нет.",
    "battles.unknownTank": "Такого танка нет.",
    "battles.duplicatePlayer": "Игрок указан дважды.",
    "battles.notInBattle": "Этого игрока нет в этом бою.",
    "battles.resultsIncomplete": "Нужны результаты каждого игрока боя ({0}).",
    "clansAdmin.notFound": "Такого клана нет.",
    "clansAdmin.notMember": "Этот игрок не состоит в этом клане.",
    "clansAdmin.leaderRole": "Чтобы сменить роль лидера, назначьте лидером другого участника.",
    "clansAdmin.removeLeader": "Лидера нельзя исключить; сначала назначьте лидером другого участника.",
  },
});
