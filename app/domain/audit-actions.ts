/**
 * Every action the audit log records (issue 16 point 4: audit rows read as sentences). \`recordAudit\` takes only
 * these, so a new action cannot be written without a name here, and a test holds every one to a sentence in each
 * language (\`people:audit.actions.<action>\`).
 */
export const AUDIT_ACTIONS = [
  "account.profile-updated",
  "admin.first-admin-created",
  "auth.backup-codes-regenerated",
  "auth.email-change-address-taken",
  "auth.email-change-requested",
  "auth.email-changed",
  "auth.other-sessions-revoked",
  "auth.password-changed",
  "auth.password-reset",
  "auth.password-reset-requested",
  "auth.phone-changed",
  "auth.phone-removed",
  "auth.phone-verification-failed",
  "auth.phone-verification-sent",
  "auth.reauthenticated",
  "auth.reauthentication-failed",
  "auth.second-factor-disabled",
  "auth.second-factor-enabled",
  "auth.second-factor-enrolment-failed",
  "auth.second-factor-enrolment-started",
  "auth.second-factor-failed",
  "auth.second-factor-requested",
  "auth.second-factor-reset",
  "auth.session-revoked",
  "auth.sign-in",
  "auth.sign-in-failed",
  "dossier.diagnosis-list-read",
  "dossier.frame-judgement",
  "dossier.list-read",
  "dossier.reminder-sent",
  "export.cancelled",
  "export.completed",
  "export.downloaded",
  "export.interrupted",
  "export.started",
  "export.stopped",
  "invitation.accepted",
  "job.retried",
  "invitation.created",
  "invitation.resent",
  "invitation.revoked",
  "media.read",
  "ml.labelled-image.delete",
  "ml.model-version.activate",
  "organisation.created",
  "organisation.deactivated",
  "organisation.reactivated",
  "organisation.updated",
  "professional.moved",
  "supervisor.assigned",
  "supervisor.unassigned",
  "supervisor.updated",
  "user.disabled",
  "user.enabled",
  "user.role-changed",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The message key of an action's sentence: its dots as slashes, so i18next does not read them as nesting. */
export function auditSentenceKey(action: AuditAction): string {
  return action.replaceAll(".", "/");
}
