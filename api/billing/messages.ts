// Server messages of the billing area, ru and en.
import { addServerMessages } from "../i18n/index.ts";

export const billingMessages = {
  en: {
    "billing.error.amount_mismatch": "The paid amount or currency does not match the order.",
    "billing.error.signature": "The signature of the notification is not valid.",
    "billing.error.unavailable_item": "This item cannot be bought here now.",
    "billing.error.no_price": "This item has no price in {0}.",
    "billing.error.provider_down": "The payment service is not answering. Your order is kept; try again later.",
    "billing.error.order_state": "The order is {0} and cannot be changed this way.",
    "billing.error.tx_conflict": "This payment is already recorded for another order.",
    "billing.error.not_configured": "Payments through {0} are not configured.",
    "billing.error.import": "The file is not a valid catalog: {0}",
    "billing.error.unknown_provider": "Unknown payment provider.",
    "billing.error.currency": "{0} does not take payments in {1}.",
    "billing.error.apple_app": "The App Store purchase is for another app, environment, order or product.",
  },
  ru: {
    "billing.error.amount_mismatch": "Сумма или валюта платежа не совпадает с заказом.",
    "billing.error.signature": "Подпись уведомления неверна.",
    "billing.error.unavailable_item": "Этот товар сейчас нельзя купить здесь.",
    "billing.error.no_price": "У этого товара нет цены в {0}.",
    "billing.error.provider_down": "Платёжный сервис не отвечает. Заказ сохранён; попробуйте позже.",
    "billing.error.order_state": "Заказ в состоянии {0}, так его изменить нельзя.",
    "billing.error.tx_conflict": "Этот платёж уже записан на другой заказ.",
    "billing.error.not_configured": "Оплата через {0} не настроена.",
    "billing.error.import": "Файл не является корректным каталогом: {0}",
    "billing.error.unknown_provider": "Неизвестная платёжная система.",
    "billing.error.currency": "{0} не принимает оплату в {1}.",
    "billing.error.apple_app": "Покупка в App Store относится к другому приложению, окружению, заказу или товару.",
  },
};

addServerMessages(billingMessages);
