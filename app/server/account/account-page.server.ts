/**
 * The account page shared by /admin/profiel, /supervisor/profiel and /pro/{proId}/profiel: what it shows, and
 * every change it makes (one action, by `intent`). Sensitive changes (e-mail, password, phone, second factor) pass the
 * recent-login rule first: when the sign-in is older than 10 minutes the page asks for the password or an
 * authenticator code on the spot, keeps the typed change on the server meanwhile, and carries it out afterwards.
 */
import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { AppError, type ErrorCode } from "~/domain/errors";
import type { PasswordProblem } from "~/domain/password-policy";
import { nameHasLink } from "~/domain/person-name";
import { isLocale, localizePath, type Locale } from "~/domain/locales";
import { enrolmentRouteKey } from "~/domain/mfa-policy";
import { homePath } from "~/domain/roles";
import { formatPhoneNumber, toE164 } from "~/domain/phone";
import { describeUserAgent } from "~/domain/user-agent";
import { routePath } from "~/domain/route-table";
import { type AuditOrigin, recordAudit } from "../audit/audit.server";
import type { SessionUser } from "../auth/session.server";
import { config } from "../config.server";
import { systemDb } from "../db/client.server";
import { user as userTable } from "../db/schema";
import { requestEmailChange } from "./email-change.server";
import { changePassword } from "./password-change.server";
import { keepPendingChange, takePendingChange } from "./pending-change.server";
import { confirmPhoneNumber, removePhoneNumber, sendPhoneVerification } from "./phone-verification.server";
import { hasPassword, isRecentLogin, reauthenticate, type ReauthMethod, sendReauthSms, verifiedPhone } from "./recent-login.server";
import {
  confirmEnrolment,
  disableSecondFactor,
  type Enrolment,
  pendingEnrolment,
  regenerateBackupCodes,
  remainingBackupCodes,
  startEnrolment,
} from "./second-factor-enrolment.server";
import { listActiveSessions, revokeOtherSessions, revokeSession } from "./sessions.server";
import { z } from "zod";
import { intents, rawText } from "~/domain/forms/fields";
import { invalidForm, parseForm } from "~/server/forms/parse-form.server";
import { actionAnswer } from "~/server/http/responses.server";

const SENSITIVE_INTENTS = ["email", "password", "phone-send", "phone-verify", "phone-remove", "totp-start", "totp-confirm", "backup-codes", "second-factor-disable"] as const;
type SensitiveIntent = (typeof SENSITIVE_INTENTS)[number];
const INTENTS = [...SENSITIVE_INTENTS, "profile", "session-revoke", "sessions-revoke-others", "reauth-cancel", "reauth-sms-send"] as const;
type AccountIntent = (typeof INTENTS)[number];

/**
 * The account page's forms: the intent decides which; every other field is text, which perform() checks for its
 * intent (a sensitive change may be kept while the user signs in again, so its fields travel as one record).
 */
const accountForm = z.object({ intent: intents(INTENTS) }).catchall(rawText);
export type AccountSection = "profile" | "email" | "phone" | "password" | "second-factor" | "sessions";

const SECTION: Record<AccountIntent, AccountSection> = {
  profile: "profile",
  email: "email",
  password: "password",
  "phone-send": "phone",
  "phone-verify": "phone",
  "phone-remove": "phone",
  "totp-start": "second-factor",
  "totp-confirm": "second-factor",
  "backup-codes": "second-factor",
  "second-factor-disable": "second-factor",
  "session-revoke": "sessions",
  "sessions-revoke-others": "sessions",
  "reauth-cancel": "profile",
  "reauth-sms-send": "profile",
};

export interface AccountPageData {
  name: string;
  email: string;
  locale: Locale;
  phoneNumber: string | null;
  twoFactorEnabled: boolean;
  backupCodesLeft: number | null;
  secondFactorRequired: boolean;
  recentLogin: boolean;
  reauthMethods: ReauthMethod[];
  sessions: { id: string; browser: string | null; system: string | null; signedInAt: string; lastSeenAt: string; current: boolean }[];
  homePath: string;
}

export async function loadAccountPage(sessionUser: SessionUser, locale: Locale): Promise<AccountPageData> {
  // Read again rather than trust the request's memoised user: without JavaScript the page is rendered in the same
  // request as the action that just changed it.
  const [row] = await systemDb()
    .select({
      name: userTable.name,
      locale: userTable.locale,
      phoneNumber: userTable.phoneNumber,
      phoneNumberVerified: userTable.phoneNumberVerified,
      twoFactorEnabled: userTable.twoFactorEnabled,
    })
    .from(userTable)
    .where(eq(userTable.id, sessionUser.id));
  const user: SessionUser = {
    ...sessionUser,
    name: row?.name ?? sessionUser.name,
    locale: isLocale(row?.locale) ? row.locale : sessionUser.locale,
    twoFactorEnabled: Boolean(row?.twoFactorEnabled),
  };
  const sessions = await listActiveSessions(user);
  const phoneVerified = Boolean(row?.phoneNumber && row.phoneNumberVerified);
  return {
    name: user.name,
    email: user.email,
    locale: user.locale,
    phoneNumber: phoneVerified ? formatPhoneNumber(row!.phoneNumber!) : null,
    twoFactorEnabled: user.twoFactorEnabled,
    backupCodesLeft: user.twoFactorEnabled ? await remainingBackupCodes(user.id) : null,
    secondFactorRequired: config().mfaRequiredRoles.includes(user.role),
    recentLogin: await isRecentLogin(user),
    reauthMethods: await reauthMethods(user, phoneVerified),
    sessions: sessions.map(({ userAgent, ...rest }) => ({ ...rest, ...describeUserAgent(userAgent) })),
    homePath: localizePath(homePath(user), locale),
  };
}

/** `phoneVerified`: when the caller has just read the user's phone state, so it is not read again. */
async function reauthMethods(user: SessionUser, phoneVerified?: boolean): Promise<ReauthMethod[]> {
  const methods: ReauthMethod[] = [];
  if (await hasPassword(user.id)) methods.push("password");
  if (user.twoFactorEnabled) methods.push("totp");
  if (phoneVerified ?? (await verifiedPhone(user.id))) methods.push("sms");
  return methods;
}

export type AccountActionData = {
  section: AccountSection;
  error?: ErrorCode;
  /** A translation key under account:done.* for a success message. */
  done?: string;
  /** The change waits for re-authentication. */
  reauth?: { intent: SensitiveIntent; methods: ReauthMethod[]; smsSent?: boolean };
  enrolment?: Enrolment;
  backupCodes?: string[];
  /** E-mail change: the new address the confirmation link went to. */
  emailLinkSentTo?: string;
  /** Phone step two: the number the code went to. */
  phoneCodeSentTo?: { e164: string; display: string };
  values?: Record<string, string>;
  /** A refused password: what is wrong with it (the rule's own words, beside the field), or that the two differ. */
  problem?: PasswordProblem;
  mismatch?: boolean;
  /** A refused field of the section: its name and the translation key of its problem, said beside it. */
  fields?: Record<string, string>;
};

function isIntent(value: unknown): value is AccountIntent {
  return typeof value === "string" && (INTENTS as readonly string[]).includes(value);
}

function isSensitive(intent: AccountIntent): intent is SensitiveIntent {
  return (SENSITIVE_INTENTS as readonly string[]).includes(intent);
}

/** Fields that never go into the kept change or back to the browser. */
const NOT_KEPT = new Set(["intent", "reauthMethod", "reauthSecret"]);

/** The account page's action as the routes send it: a refusal (`error`) with its status (a re-authentication asked for: 401). */
export async function answerAccountAction(request: Request, user: SessionUser, locale: Locale, origin: AuditOrigin) {
  return actionAnswer(await handleAccountAction(request, user, locale, origin));
}

export async function handleAccountAction(request: Request, user: SessionUser, locale: Locale, origin: AuditOrigin): Promise<AccountActionData> {
  const parsed = await parseForm(request, accountForm);
  // Only a forged post lacks a known intent or sends a file: the error page, with its 400/422 and message.
  if (!parsed.ok) throw invalidForm(parsed);
  const form: Record<string, string> = parsed.data;
  const { intent } = parsed.data;
  if (intent === "reauth-cancel") {
    await takePendingChange(user.sessionId);
    return { section: "profile" };
  }
  if (intent === "reauth-sms-send") {
    // Re-authentication by SMS, step one: the change itself is already kept on the server.
    const pending = form.pendingIntent;
    if (!isIntent(pending) || !isSensitive(pending)) return { section: "profile", error: "invalid-argument" };
    const outcome = await sendReauthSms(user, origin.ipAddress ?? null);
    const error = outcome === "sent" ? undefined : outcome === "limited" ? "too-many-requests" : "mail-delivery-failed";
    return { section: SECTION[pending], error, reauth: { intent: pending, methods: await reauthMethods(user), smsSent: outcome === "sent" } };
  }
  let fields = form;
  if (isSensitive(intent) && !(await isRecentLogin(user))) {
    const methods = await reauthMethods(user);
    if (!form.reauthMethod) {
      await keepPendingChange(user.sessionId, Object.fromEntries(Object.entries(form).filter(([k]) => !NOT_KEPT.has(k))));
      return { section: SECTION[intent], error: "requires-recent-login", reauth: { intent, methods } };
    }
    const method: ReauthMethod = form.reauthMethod === "totp" || form.reauthMethod === "sms" ? form.reauthMethod : "password";
    let confirmed: boolean;
    try {
      confirmed = methods.includes(method) && (await reauthenticate(user, { method, secret: form.reauthSecret ?? "" }, origin));
    } catch (error) {
      if (error instanceof AppError) return { section: SECTION[intent], error: error.code, reauth: { intent, methods } };
      throw error;
    }
    if (!confirmed) {
      return { section: SECTION[intent], error: method === "password" ? "wrong-credentials" : "invalid-verification-code", reauth: { intent, methods, smsSent: method === "sms" } };
    }
    fields = { ...((await takePendingChange(user.sessionId)) ?? {}), intent };
  }
  try {
    return await perform(intent, fields, user, locale, request.headers, origin);
  } catch (error) {
    if (error instanceof AppError) {
      const problem = (error.details as { problem?: PasswordProblem }).problem;
      return { section: SECTION[intent], error: error.code, ...(problem ? { problem } : {}) };
    }
    throw error;
  }
}

async function perform(intent: AccountIntent, form: Record<string, string>, user: SessionUser, locale: Locale, headers: Headers, origin: AuditOrigin): Promise<AccountActionData> {
  switch (intent) {
    case "profile": {
      const name = (form.name ?? "").trim();
      const language = form.locale;
      const nameProblem = !name ? "errors:codes.field-required" : name.length > 200 ? "errors:codes.field-invalid" : nameHasLink(name) ? "errors:codes.name-with-link" : undefined;
      if (nameProblem || !isLocale(language)) {
        return { section: "profile", error: "invalid-argument", values: { name }, ...(nameProblem ? { fields: { name: nameProblem } } : {}) };
      }
      await systemDb().update(userTable).set({ name, locale: language, updatedAt: new Date() }).where(eq(userTable.id, user.id));
      await recordAudit({ action: "account.profile-updated", actorId: user.id, subjectType: "user", subjectId: user.id, before: { name: user.name, locale: user.locale }, after: { name, locale: language } }, origin);
      // The page follows the chosen language at once.
      if (language !== locale) throw redirect(`${localizePath(routePath(enrolmentRouteKey(user.role), { proId: user.id }), language)}?saved=profile`);
      return { section: "profile", done: "profile" };
    }
    case "email": {
      const { to } = await requestEmailChange(user, form.newEmail ?? "", origin);
      return { section: "email", done: "emailLinkSent", emailLinkSentTo: to };
    }
    case "password": {
      const password = form.newPassword ?? "";
      if (password !== (form.confirmPassword ?? "")) return { section: "password", error: "invalid-argument", mismatch: true };
      await changePassword(user, password, origin);
      return { section: "password", done: "password" };
    }
    case "phone-send": {
      const e164 = toE164(form.phone ?? "");
      if (!e164) return { section: "phone", error: "invalid-phone-number", values: { phone: form.phone ?? "" } };
      await sendPhoneVerification(user, e164, origin);
      return { section: "phone", phoneCodeSentTo: { e164, display: formatPhoneNumber(e164) } };
    }
    case "phone-verify": {
      const e164 = toE164(form.phoneNumber ?? "");
      if (!e164) return { section: "phone", error: "invalid-phone-number" };
      try {
        await confirmPhoneNumber(user, e164, form.code ?? "", headers, origin);
      } catch (error) {
        if (error instanceof AppError && error.code === "invalid-verification-code") {
          return { section: "phone", error: error.code, phoneCodeSentTo: { e164, display: formatPhoneNumber(e164) } };
        }
        throw error;
      }
      return { section: "phone", done: "phone" };
    }
    case "phone-remove":
      await removePhoneNumber(user, origin);
      return { section: "phone", done: "phoneRemoved" };
    case "totp-start":
      if (user.twoFactorEnabled) return { section: "second-factor", error: "conflict" };
      return { section: "second-factor", enrolment: await startEnrolment(user, origin) };
    case "totp-confirm": {
      if (await confirmEnrolment(user, form.code ?? "", origin)) return { section: "second-factor", done: "secondFactorOn" };
      const enrolment = await pendingEnrolment(user);
      return { section: "second-factor", error: enrolment ? "invalid-verification-code" : "invalid-action-code", enrolment: enrolment ?? undefined };
    }
    case "backup-codes": {
      const codes = await regenerateBackupCodes(user, origin);
      return codes ? { section: "second-factor", backupCodes: codes } : { section: "second-factor", error: "conflict" };
    }
    case "second-factor-disable":
      // A required second factor cannot be switched off by its owner (an admin can reset it).
      if (config().mfaRequiredRoles.includes(user.role)) return { section: "second-factor", error: "invalid-argument" };
      await disableSecondFactor(user, origin);
      return { section: "second-factor", done: "secondFactorOff" };
    case "session-revoke": {
      if (form.sessionId === user.sessionId) return { section: "sessions", error: "invalid-argument" };
      const ended = await revokeSession(user, form.sessionId ?? "", origin);
      return ended ? { section: "sessions", done: "sessionRevoked" } : { section: "sessions", error: "not-found" };
    }
    case "sessions-revoke-others":
      await revokeOtherSessions(user, origin);
      return { section: "sessions", done: "sessionsRevoked" };
    case "reauth-cancel":
    case "reauth-sms-send":
      return { section: "profile" };
  }
}
