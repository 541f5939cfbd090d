// The demo world's system configuration: believable client and server options (with an
// experiment variant or two), the first battle options version, client versions, the apps in
// their stores, the sign-in networks, the languages and the server's texts (a few untranslated).
import type { WorldStep } from "../demo.ts";
import { publishImmutable, saveBattleOptions, saveVariant } from "../../domain/options.ts";
import { applications, clientVersions, languages, serverTexts, socialNetworks } from "../schema/system.ts";

export const systemStep: WorldStep = async ({ db, opts }) => {
  const at = opts.now;
  const o = (scope: "client" | "server", key: string, value: unknown, variant = "default", share = 0) =>
    saveVariant(db, scope, { key, variant, value, share }, at);
  await o("client", "battle.hud", { showDamageNumbers: true, minimapSize: "medium", crosshair: "classic" });
  await o(
    "client",
    "battle.hud",
    { showDamageNumbers: true, minimapSize: "large", crosshair: "dot" },
    "bigMinimap",
    20,
  );
  await o("client", "shop.banner", { enabled: true, itemId: "gold_1000", title: "Осенняя распродажа" });
  await o("client", "shop.banner", { enabled: false, itemId: "gold_1000" }, "noBanner", 10);
  await o("client", "tutorial", { steps: ["move", "aim", "shoot", "capture"], skippable: true });
  await o("client", "graphics.presets", { low: { shadows: false, fps: 30 }, high: { shadows: true, fps: 60 } });
  await o("server", "matchmaking", { tierSpread: 1, maxWaitSeconds: 90, teamSize: 7 });
  await o("server", "matchmaking", { tierSpread: 2, maxWaitSeconds: 45, teamSize: 7 }, "fastQueue", 15);
  await o("server", "rewards.daily", { silver: 15000, gold: 0 });
  await o("server", "antiCheat", { maxShotsPerSecond: 4, speedTolerancePercent: 12 });
  await publishImmutable(
    db,
    "maps.v6",
    { maps: ["prokhorovka", "himmelsdorf", "malinovka", "steppes", "lakeville"], sizeMeters: 1000 },
    "demo",
    at,
  );
  await publishImmutable(
    db,
    "ranks.v2",
    {
      ranks: [
        { level: 1, name: "private" },
        { level: 10, name: "sergeant" },
        { level: 25, name: "lieutenant" },
        { level: 50, name: "colonel" },
      ],
    },
    "demo",
    at,
  );
  await saveBattleOptions(
    db,
    {
      roundSeconds: 420,
      respawn: false,
      maps: ["prokhorovka", "himmelsdorf", "malinovka", "steppes"],
      captureSeconds: 60,
    },
    "demo",
    at,
  );

  await db.insert(clientVersions).values([
    { platform: "web", minSupported: "1.18.0", latest: "1.19.2", forceUpdate: false, note: "", updatedAt: at },
    {
      platform: "android",
      minSupported: "1.17.5",
      latest: "1.19.1",
      forceUpdate: false,
      note: "1.19.2 на модерации",
      updatedAt: at,
    },
    {
      platform: "ios",
      minSupported: "1.18.0",
      latest: "1.19.1",
      forceUpdate: true,
      note: "исправление покупок",
      updatedAt: at,
    },
    { platform: "windows", minSupported: "1.16.0", latest: "1.19.2", forceUpdate: false, note: "", updatedAt: at },
  ]);
  await db.insert(applications).values([
    {
      platform: "android",
      store: "google_play",
      appId: "com.tankodrome.game",
      url: "https://play.google.com/store/apps/details?id=com.tankodrome.game",
      active: true,
      updatedAt: at,
    },
    {
      platform: "android",
      store: "rustore",
      appId: "com.tankodrome.game",
      url: "https://www.rustore.ru/catalog/app/com.tankodrome.game",
      active: true,
      updatedAt: at,
    },
    {
      platform: "ios",
      store: "app_store",
      appId: "6443217781",
      url: "https://apps.apple.com/app/id6443217781",
      active: true,
      updatedAt: at,
    },
    {
      platform: "windows",
      store: "steam",
      appId: "2290110",
      url: "https://store.steampowered.com/app/2290110/",
      active: true,
      updatedAt: at,
    },
    {
      platform: "web",
      store: "vk_play",
      appId: "tankodrome",
      url: "https://vkplay.ru/play/game/tankodrome/",
      active: false,
      updatedAt: at,
    },
  ]);
  await db.insert(socialNetworks).values([
    {
      key: "vk",
      name: "VK",
      enabled: true,
      appId: "51744212",
      sortOrder: 1,
      profileUrl: "https://vk.com/id{uid}",
      updatedAt: at,
    },
    {
      key: "ok",
      name: "Одноклассники",
      enabled: true,
      appId: "512001833610",
      sortOrder: 2,
      profileUrl: "https://ok.ru/profile/{uid}",
      updatedAt: at,
    },
    {
      key: "google",
      name: "Google",
      enabled: true,
      appId: "418277390412-tankodrome.apps.googleusercontent.com",
      sortOrder: 3,
      updatedAt: at,
    },
    { key: "apple", name: "Apple", enabled: true, appId: "com.tankodrome.signin", sortOrder: 4, updatedAt: at },
    {
      key: "facebook",
      name: "Facebook",
      enabled: false,
      appId: "874210339912051",
      sortOrder: 5,
      profileUrl: "https://www.facebook.com/{uid}",
      updatedAt: at,
    },
    // Sign-in on the site (api/identity/social.ts): with VK and Google, the networks it speaks.
    { key: "yandex", name: "Яндекс ID", enabled: true, appId: "", sortOrder: 6, updatedAt: at },
    { key: "telegram", name: "Telegram", enabled: true, appId: "", sortOrder: 7, updatedAt: at },
  ]);
  await db.insert(languages).values([
    { code: "ru", name: "Русский", enabled: true, isDefault: true, sortOrder: 1, updatedAt: at },
    { code: "en", name: "English", enabled: true, isDefault: false, sortOrder: 2, updatedAt: at },
    { code: "kk", name: "Қазақша", enabled: false, isDefault: false, sortOrder: 3, updatedAt: at },
  ]);
  await db.insert(serverTexts).values([
    {
      key: "mail.welcome.subject",
      texts: JSON.stringify({
        ru: "Добро пожаловать в Танкодром!",
        en: "Welcome to Tankodrome!",
        kk: "Танкодромға қош келдіңіз!",
      }),
      updatedAt: at,
    },
    {
      key: "mail.welcome.body",
      texts: JSON.stringify({
        ru: "Командир, ваш первый танк ждёт в ангаре.",
        en: "Commander, your first tank is waiting in the garage.",
      }),
      updatedAt: at,
    },
    {
      key: "mail.reset.subject",
      texts: JSON.stringify({ ru: "Восстановление пароля", en: "Password reset" }),
      updatedAt: at,
    },
    {
      key: "push.battle.ready",
      texts: JSON.stringify({ ru: "Бой найден — в атаку!", en: "Battle found — charge!", kk: "Шайқас табылды!" }),
      updatedAt: at,
    },
    {
      key: "push.clan.request",
      texts: JSON.stringify({ ru: "Новая заявка в клан {clan}", en: "New request to join {clan}" }),
      updatedAt: at,
    },
    {
      key: "push.daily.reward",
      texts: JSON.stringify({ ru: "Ежедневная награда ждёт вас", en: "Your daily reward is waiting" }),
      updatedAt: at,
    },
    {
      key: "battle.result.victory",
      texts: JSON.stringify({ ru: "Победа!", en: "Victory!", kk: "Жеңіс!" }),
      updatedAt: at,
    },
    {
      key: "battle.result.defeat",
      texts: JSON.stringify({ ru: "Поражение", en: "Defeat", kk: "Жеңіліс" }),
      updatedAt: at,
    },
    { key: "battle.result.draw", texts: JSON.stringify({ ru: "Ничья", en: "Draw" }), updatedAt: at },
    {
      key: "shop.purchase.done",
      texts: JSON.stringify({ ru: "Покупка совершена: {item}", en: "Purchased: {item}" }),
      updatedAt: at,
    },
    { key: "shop.purchase.low_gold", texts: JSON.stringify({ ru: "Недостаточно золота" }), updatedAt: at },
    {
      key: "ban.reason.cheating",
      texts: JSON.stringify({ ru: "Использование запрещённых программ", en: "Use of prohibited software" }),
      updatedAt: at,
    },
  ]);
};
