/** What the account components receive: the loader's page data and the last action's answer (browser-safe types). */
export type {
  AccountActionData,
  AccountPageData,
  AccountSection,
} from "~/server/account/account-page.server";
