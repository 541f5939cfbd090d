// The player site's server messages, in en and ru (errors of clans, transfers and the blacklist).
import { addServerMessages } from "../i18n/index.ts";

addServerMessages({
  en: {
    "error.clan_already_member": "You are already in a clan.",
    "error.clan_leader_must_hand_over": "Hand the leadership over to another member before leaving the clan.",
    "error.clan_full": "The clan is full ({0} members).",
    "error.clan_request_pending": "Your request to this clan is already waiting for an answer.",
    "error.clan_request_expired": "This request has expired.",
    "error.blacklisted": "This player does not accept this from you.",
    "error.blacklist_full": "Your blacklist is full ({0} players).",
    "error.player_not_found": "No such player.",
    "error.transfer_level": "Transfers open at level {0}.",
    "error.transfer_daily_limit": "You can send at most {0} gold a day, fees included.",
    "error.shop_not_for_currency": "This item is not sold for this currency.",
    "error.shop_level": "This item needs level {0}.",
    "error.shop_owned": "You already own this item.",
    "error.gift_daily_limit": "You can send at most {0} gifts a day.",
    "error.gift_owned": "This player already owns this item.",
  },
  ru: {
    "error.clan_already_member": "Вы уже состоите в клане.",
    "error.clan_leader_must_hand_over": "Передайте лидерство другому участнику, прежде чем покинуть клан.",
    "error.clan_full": "В клане нет мест ({0} участников).",
    "error.clan_request_pending": "Ваша заявка в этот клан уже ждёт ответа.",
    "error.clan_request_expired": "Срок заявки истёк.",
    "error.blacklisted": "Этот игрок не принимает от вас такое действие.",
    "error.blacklist_full": "Чёрный список заполнен ({0} игроков).",
    "error.player_not_found": "Такого игрока нет.",
    "error.transfer_level": "Переводы доступны с {0} уровня.",
    "error.transfer_daily_limit": "В день можно отправить не больше {0} золота вместе с комиссией.",
    "error.shop_not_for_currency": "Этот предмет не продаётся за эту валюту.",
    "error.shop_level": "Для этого предмета нужен {0} уровень.",
    "error.shop_owned": "У вас уже есть этот предмет.",
    "error.gift_daily_limit": "В день можно отправить не больше {0} подарков.",
    "error.gift_owned": "У этого игрока уже есть этот предмет.",
  },
});
