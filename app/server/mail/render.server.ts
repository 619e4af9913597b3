/**
 * Localised messages: renderEmail() for e-mails (subject, plain text, HTML) and renderSms() for SMS, in the
 * recipient's language from the "email" namespace. Links must lead into this site: absolute under BASE_URL.
 */
import type { TFunction } from "i18next";
import type { Locale } from "~/domain/locales";
import { maskEmailAddress } from "~/domain/masking";
import type { Role } from "~/domain/roles";
import { serverT } from "~/i18n/i18n.server";
import { config } from "../config.server";
import { layoutHtml, layoutText, type EmailContent } from "./layout.server";

interface Greeted {
  /** The recipient's name; without one the greeting is generic. */
  name?: string | null;
}

export interface EmailParams {
  "sign-in-link": Greeted & { url: string; minutes: number };
  "password-reset": Greeted & { url: string; minutes: number };
  invitation: Greeted & { url: string; days: number; inviter: string; role: Role; organisation?: string | null };
  /** To the supervisors of the dossier's organisation. Never patient data in an e-mail: only where to look. */
  "dossier-submitted": Greeted & { url: string; organisation: string; professional: string };
  /** To the owning professional. */
  "dossier-returned": Greeted & { url: string; reviewer: string };
  "dossier-completed": Greeted & { url: string; reviewer: string };
  /** An administrator's reminder about an unfinished dossier: to its professional, or to the supervisors when it waits for review. */
  "dossier-reminder": Greeted & { url: string; status: "draft" | "returned" | "submitted"; days: number; organisation: string };
  /** To the organisation's supervisors when a professional left a dossier unfinished through two reminders. */
  "dossier-escalation": Greeted & { url: string; status: "draft" | "returned"; days: number; organisation: string; professional: string };
  /** To the NEW address: the link that makes it the account's address. */
  "email-change": Greeted & { url: string; minutes: number };
  /** To the OLD address once the change is done; `newEmail` is shown masked. */
  "email-changed": Greeted & { url: string; newEmail: string };
}
export type EmailKind = keyof EmailParams;

export interface SmsParams {
  "sms-code": { code: string; minutes: number };
}
export type SmsKind = keyof SmsParams;

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/**
 * An absolute URL under BASE_URL: a path ("/verify-login?token=…") is resolved against it; a full URL must
 * already be under it. Anything else is a bug, and a mail pointing elsewhere could be someone's phishing aid.
 */
export function linkUnderBase(url: string, baseUrl: string): string {
  const base = new URL(`${baseUrl.replace(/\/$/, "")}/`);
  const absolute = url.startsWith("/") && !url.startsWith("//") ? new URL(url.slice(1), base) : URL.canParse(url) ? new URL(url) : null;
  if (!absolute || !absolute.href.startsWith(base.href)) throw new Error(`E-mail links must lead to ${base.href}, not ${url}`);
  return absolute.href;
}

/** The body paragraphs of each kind; the rest of the layout is the same for all. */
const PARAGRAPHS: { [K in EmailKind]: (t: TFunction, params: EmailParams[K]) => string[] } = {
  "sign-in-link": (t, p) => [t("email:sign-in-link.intro"), t("email:sign-in-link.expiry", { minutes: p.minutes })],
  "password-reset": (t, p) => [t("email:password-reset.intro"), t("email:password-reset.expiry", { minutes: p.minutes })],
  invitation: (t, p) => {
    const values = { inviter: p.inviter, role: t(`common:roles.${p.role}`), organisation: p.organisation ?? "" };
    return [
      p.organisation ? t("email:invitation.introWithOrganisation", values) : t("email:invitation.intro", values),
      t("email:invitation.expiry", { days: p.days }),
    ];
  },
  "dossier-submitted": (t, p) => [t("email:dossier-submitted.intro", { organisation: p.organisation, professional: p.professional })],
  "dossier-returned": (t, p) => [t("email:dossier-returned.intro", { reviewer: p.reviewer }), t("email:dossier-returned.reply")],
  "dossier-completed": (t, p) => [t("email:dossier-completed.intro", { reviewer: p.reviewer })],
  "dossier-reminder": (t, p) => [t(`email:dossier-reminder.${p.status}`, { days: p.days, organisation: p.organisation })],
  "dossier-escalation": (t, p) => [t(`email:dossier-escalation.${p.status}`, { days: p.days, organisation: p.organisation, professional: p.professional })],
  "email-change": (t, p) => [t("email:email-change.intro"), t("email:email-change.expiry", { minutes: p.minutes })],
  "email-changed": (t, p) => [t("email:email-changed.intro", { newEmail: maskEmailAddress(p.newEmail) }), t("email:email-changed.notYou")],
};

export function renderEmail<K extends EmailKind>(kind: K, locale: Locale, params: EmailParams[K], baseUrl = config().baseUrl): RenderedEmail {
  const t = serverT(locale);
  const name = params.name?.trim();
  const content: EmailContent = {
    language: locale,
    subject: t(`email:${kind}.subject`),
    greeting: name ? t("email:layout.greeting", { name }) : t("email:layout.greetingWithoutName"),
    paragraphs: PARAGRAPHS[kind](t, params),
    action: { label: t(`email:${kind}.action`), url: linkUnderBase(params.url, baseUrl) },
    linkFallback: t("email:layout.linkFallback"),
    signature: t("email:layout.signature"),
    footer: t(`email:${kind}.footer`),
  };
  return { subject: content.subject, text: layoutText(content), html: layoutHtml(content) };
}

/** SMS are plain text, short and without links: a code someone can type. */
export function renderSms<K extends SmsKind>(kind: K, locale: Locale, params: SmsParams[K]): { body: string } {
  const values: Record<string, unknown> = { ...params };
  return { body: serverT(locale)(`email:${kind}.body` as string, values) };
}
