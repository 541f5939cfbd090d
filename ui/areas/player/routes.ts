// The player site: the landing page and the signed-in player's pages under /public/profile/.
import type { ScreenDef } from "../registry.ts";
import { msg } from "@lingui/core/macro";

export const screens: ScreenDef[] = [
  {
    path: "/:locale/public",
    shell: "public",
    title: msg`Tankodrome`,
    load: () => import("./LandingPage.tsx"),
    ownHeading: true,
  },
  { path: "/public/profile/", shell: "public", title: msg`Profile`, load: () => import("./ProfilePage.tsx") },
  { path: "/public/profile/rating", shell: "public", title: msg`Rating`, load: () => import("./RatingPage.tsx") },
  { path: "/public/profile/myClan", shell: "public", title: msg`My clan`, load: () => import("./MyClanPage.tsx") },
  {
    path: "/public/profile/searchClans",
    shell: "public",
    title: msg`Find a clan`,
    load: () => import("./SearchClansPage.tsx"),
  },
  {
    path: "/public/profile/searchClans/:clanName",
    shell: "public",
    title: msg`Find a clan`,
    load: () => import("./SearchClansPage.tsx"),
  },
  {
    path: "/public/profile/createClan",
    shell: "public",
    title: msg`Found a clan`,
    load: () => import("./CreateClanPage.tsx"),
  },
  { path: "/public/profile/shop", shell: "public", title: msg`Shop`, load: () => import("./ShopPage.tsx") },
  {
    path: "/public/profile/offers",
    shell: "public",
    title: msg`Special offers`,
    load: () => import("./OffersPage.tsx"),
  },
  { path: "/public/profile/gift", shell: "public", title: msg`Gifts`, load: () => import("./GiftPage.tsx") },
  {
    path: "/public/profile/paymentMethods",
    shell: "public",
    title: msg`Payment methods`,
    load: () => import("./PaymentMethodsPage.tsx"),
  },
  { path: "/public/profile/feedback", shell: "public", title: msg`Support`, load: () => import("./FeedbackPage.tsx") },
];
