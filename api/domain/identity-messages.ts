import { addServerMessages } from "../i18n/index.ts";

addServerMessages({
  en: {
    "identity.badCredentials": "Wrong username or password.",
    "identity.inactive": "This account is deactivated.",
    "identity.roleCeiling": "You cannot give a role higher than your own.",
    "identity.lastSuperadmin": "The product must keep at least one active superadmin.",
    "identity.self": "You cannot do this to your own account.",
    "identity.topRole": "This admin already has the highest role.",
    "identity.bottomRole": "This admin already has the lowest role.",
    "identity.outranks": "You cannot change an admin whose role is above yours.",
    "identity.banned": "Your account is banned until {until} UTC. Reason: {reason}",
    "identity.bannedNoReason": "Your account is banned until {until} UTC.",
    "identity.playerBadCredentials": "Wrong email or password.",
    "identity.badToken": "This sign-in link is invalid, already used or expired. Open the site from the game again.",
    "identity.badResetLink": "This password reset link is invalid, already used or expired. Ask for a new one.",
    "identity.resetSent": "If an account with this address exists, we have sent a password reset link to it.",
    "identity.resetSubject": "Tankodrome: password reset",
    "identity.resetMail":
      "Someone (hopefully you) asked to reset the password of your Tankodrome account.\n\nSet a new password here (the link works once, for {minutes} minutes):\n{link}\n\nIf it was not you, ignore this mail; your password stays the same.",
    "identity.wrongCurrentPassword": "The current password is wrong.",
    "identity.noPassword": "Your account has no password yet. Ask for a link to set one.",
    "identity.noEmail": "Your account has no email address, so no link can be sent.",
    "identity.gameKey": "A valid game API key is required (Authorization: Bearer …).",
    "identity.gameKeyMissing": "The game API is not configured on this server (GAME_API_KEY).",
    "identity.identityOrEmail": "Give a social identity (network and uid) or an email.",
    "identity.playerNotFound": "No such player.",
    "identity.periodOrder": "The end of the period must not be before its start.",
    "identity.resetSentOwn": "We have sent a password reset link to {email}.",
    "identity.verifySubject": "Tankodrome: confirm your email",
    "identity.verifyMail":
      "Confirm that {email} is the address of your Tankodrome account (the link works once, for {hours} hours):\n{link}\n\nThe account works meanwhile; payments, gold transfers and gifts wait for the confirmation.\nIf it was not you, ignore this mail.",
    "identity.magicSubject": "Tankodrome: your sign-in link",
    "identity.magicMail":
      "Sign in to Tankodrome with this link (it works once, for {minutes} minutes):\n{link}\n\nIf it was not you, ignore this mail.",
    "identity.emailTaken": "Another account already uses this email. Sign in to it, or use another address.",
    "identity.alreadySignedIn": "You are already signed in. Sign out first to make another account.",
    "identity.notGuest": "This account is already kept: it has an email or a network to sign in with.",
    "identity.badVerifyLink":
      "This confirmation link is invalid, already used or expired. Ask for a new one in your profile.",
    "identity.badMagicLink": "This sign-in link is invalid, already used or expired. Ask for a new one.",
    "identity.magicSent": "If an account with this address exists, we have sent a sign-in link to it.",
    "identity.verifySent": "We have sent a confirmation link to {email}.",
    "identity.sameEmail": "This is already your address.",
    "identity.lastWayIn": "This is your only way to sign in. Add an email and password or another network first.",
    "identity.notLinked": "This network is not linked to your account.",
    "identity.onAnotherAccount":
      "This network account is already linked to another Tankodrome account. Sign in with it there, or ask support to move it.",
    "identity.networkTaken": "Another account of this network is already linked. Unlink it first.",
    "identity.socialRefused": "The sign-in with {network} did not succeed. Try again.",
    "identity.socialUnknown": "This network is not available for sign-in.",
    "identity.socialSession": "You were signed out meanwhile. Sign in and link the network again.",
    "guest.badProof": "The check did not pass. Reload the page and press Play again.",
    "guest.moneyNeedsClaim":
      "Guests cannot pay, transfer gold or send gifts. Keep your progress with an email or a social network first.",
    "guest.moneyNeedsVerifiedEmail":
      "Confirm your email first: open the link we sent you (your profile can send it again).",
  },
  ru: {
    "identity.badCredentials": "Неверное имя пользователя или пароль.",
    "identity.inactive": "Эта учётная запись отключена.",
    "identity.roleCeiling": "Нельзя выдать роль выше своей.",
    "identity.lastSuperadmin": "В продукте должен остаться хотя бы один активный суперадмин.",
    "identity.self": "Это нельзя сделать со своей учётной записью.",
    "identity.topRole": "У этого администратора уже высшая роль.",
    "identity.bottomRole": "У этого администратора уже низшая роль.",
    "identity.outranks": "Нельзя менять администратора с ролью выше вашей.",
    "identity.banned": "Ваша учётная запись заблокирована до {until} UTC. Причина: {reason}",
    "identity.bannedNoReason": "Ваша учётная запись заблокирована до {until} UTC.",
    "identity.playerBadCredentials": "Неверный email или пароль.",
    "identity.badToken":
      "Ссылка для входа недействительна, уже использована или устарела. Откройте сайт из игры ещё раз.",
    "identity.badResetLink":
      "Ссылка для сброса пароля недействительна, уже использована или устарела. Запросите новую.",
    "identity.resetSent":
      "Если учётная запись с этим адресом существует, мы отправили на него ссылку для сброса пароля.",
    "identity.resetSubject": "Танкодром: сброс пароля",
    "identity.resetMail":
      "Кто-то (надеемся, вы) попросил сбросить пароль вашей учётной записи Танкодрома.\n\nЗадайте новый пароль по ссылке (она действует один раз, {minutes} минут):\n{link}\n\nЕсли это были не вы, просто проигнорируйте письмо: пароль не изменится.",
    "identity.wrongCurrentPassword": "Текущий пароль неверен.",
    "identity.noPassword": "У вашей учётной записи ещё нет пароля. Запросите ссылку, чтобы задать его.",
    "identity.noEmail": "У вашей учётной записи нет адреса email, поэтому ссылку отправить некуда.",
    "identity.gameKey": "Нужен действительный ключ игрового API (Authorization: Bearer …).",
    "identity.gameKeyMissing": "Игровой API на этом сервере не настроен (GAME_API_KEY).",
    "identity.identityOrEmail": "Укажите социальную учётную запись (network и uid) или email.",
    "identity.playerNotFound": "Такого игрока нет.",
    "identity.periodOrder": "Конец периода не может быть раньше его начала.",
    "identity.resetSentOwn": "Мы отправили ссылку для сброса пароля на {email}.",
    "identity.verifySubject": "Танкодром: подтвердите email",
    "identity.verifyMail":
      "Подтвердите, что {email} — адрес вашей учётной записи Танкодрома (ссылка действует один раз, {hours} ч):\n{link}\n\nУчётная запись работает и без этого; платежи, переводы золота и подарки ждут подтверждения.\nЕсли это были не вы, просто проигнорируйте письмо.",
    "identity.magicSubject": "Танкодром: ссылка для входа",
    "identity.magicMail":
      "Войдите в Танкодром по этой ссылке (она действует один раз, {minutes} минут):\n{link}\n\nЕсли это были не вы, просто проигнорируйте письмо.",
    "identity.emailTaken": "Этот email уже у другой учётной записи. Войдите в неё или укажите другой адрес.",
    "identity.alreadySignedIn": "Вы уже вошли. Чтобы создать другую учётную запись, сначала выйдите.",
    "identity.notGuest": "Эта учётная запись уже сохранена: у неё есть email или соцсеть для входа.",
    "identity.badVerifyLink":
      "Ссылка подтверждения недействительна, уже использована или устарела. Запросите новую в профиле.",
    "identity.badMagicLink": "Ссылка для входа недействительна, уже использована или устарела. Запросите новую.",
    "identity.magicSent": "Если учётная запись с этим адресом существует, мы отправили на него ссылку для входа.",
    "identity.verifySent": "Мы отправили ссылку подтверждения на {email}.",
    "identity.sameEmail": "Это уже ваш адрес.",
    "identity.lastWayIn": "Это ваш единственный способ входа. Сначала добавьте email и пароль или другую соцсеть.",
    "identity.notLinked": "Эта соцсеть не привязана к вашей учётной записи.",
    "identity.onAnotherAccount":
      "Эта учётная запись соцсети уже привязана к другой учётной записи Танкодрома. Войдите через неё там или попросите поддержку перенести её.",
    "identity.networkTaken": "Другая учётная запись этой соцсети уже привязана. Сначала отвяжите её.",
    "identity.socialRefused": "Вход через {network} не удался. Попробуйте ещё раз.",
    "identity.socialUnknown": "Эта соцсеть недоступна для входа.",
    "identity.socialSession": "Вы успели выйти. Войдите и привяжите соцсеть ещё раз.",
    "guest.badProof": "Проверка не пройдена. Обновите страницу и снова нажмите «Играть».",
    "guest.moneyNeedsClaim":
      "Гости не могут платить, переводить золото и дарить подарки. Сначала сохраните прогресс через email или соцсеть.",
    "guest.moneyNeedsVerifiedEmail":
      "Сначала подтвердите email: откройте ссылку из письма (в профиле её можно отправить ещё раз).",
  },
});
