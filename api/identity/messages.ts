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
  },
});
