/** The person actions shared by the professional, supervisor and administrator pages. */
import type { AuditOrigin } from "../audit/audit.server";
import type { Actor } from "./access.server";
import { resendInvitation, revokeInvitation } from "./invitations.server";
import { runChange, type ChangeResult } from "./route-helpers.server";
import { resetUserSecondFactor, setUserDisabled } from "./users.server";

export const PERSON_INTENTS = ["disable", "enable", "reset-2fa", "resend", "revoke"] as const;
export type PersonIntent = (typeof PERSON_INTENTS)[number];

export function isPersonIntent(value: unknown): value is PersonIntent {
  return typeof value === "string" && (PERSON_INTENTS as readonly string[]).includes(value);
}

/** `done` names the notice to show; mail trouble on resend is reported, not thrown. */
export async function runPersonAction(actor: Actor, intent: PersonIntent, userId: string, origin: AuditOrigin): Promise<ChangeResult & { done?: string }> {
  let done: string = intent;
  const result = await runChange(async () => {
    switch (intent) {
      case "disable":
      case "enable":
        return setUserDisabled(actor, userId, intent === "disable", origin);
      case "reset-2fa":
        return resetUserSecondFactor(actor, userId, origin);
      case "resend":
        if ((await resendInvitation(actor, userId, origin)).mailFailed) done = "invited-mail-failed";
        return;
      case "revoke":
        return revokeInvitation(actor, userId, origin);
    }
  });
  return result.ok ? { ...result, done } : result;
}
