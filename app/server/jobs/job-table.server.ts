/**
 * Every kind of background job, in one table: its queue's retry policy and the shape of its data (decision 083).
 * A job's data holds ids, never patient data, addresses or phone numbers: the worker looks those up when it runs,
 * so the queue's tables and the admin's jobs page show nothing clinical. The exceptions, an SMS code that could
 * not be sent at once and an e-mail with a link that is a key, travel sealed (sealed-payload.server.ts).
 *
 * Retries back off exponentially from `retryDelay` seconds (pg-boss: delay × 2^attempt, with jitter). An attempt
 * that runs longer than `expireInSeconds` counts as failed and is retried: that is how a job whose process died
 * mid-send is picked up by another instance.
 */
import type { DossierTransition } from "~/domain/dossier/lifecycle";
import type { JobName } from "~/domain/jobs";

export { isJobName, JOB_NAMES, type JobName } from "~/domain/jobs";

export interface JobPolicy {
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  expireInSeconds: number;
}

export const JOBS = {
  /** The e-mails a lifecycle step causes (submitted → supervisors, returned/completed → the professional). */
  "dossier-notification": { retryLimit: 8, retryDelay: 15, retryBackoff: true, expireInSeconds: 120 },
  /** One reminder of an unfinished dossier: to whoever must act next, and to the supervisors when it escalates. */
  "dossier-reminder": { retryLimit: 8, retryDelay: 15, retryBackoff: true, expireInSeconds: 120 },
  /** The daily round of reminders (REMINDER_TIME, working days): enqueues a `dossier-reminder` per dossier due. */
  "unfinished-reminders": { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 600 },
  /**
   * An SMS code the gateway refused or did not answer while the person waited: tried again soon and often, since
   * the code lapses after SMS_CODE_MINUTES (then the job ends without sending).
   */
  "sms-code": { retryLimit: 6, retryDelay: 10, retryBackoff: true, expireInSeconds: 60 },
  /** An e-mail nobody waits to see fail (sign-in and reset links, the e-mail-changed notice), sealed: its link is a key. */
  "email": { retryLimit: 8, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 },
} as const satisfies Record<JobName, JobPolicy>;

export interface JobData {
  "dossier-notification": { dossierId: string; transition: DossierTransition; eventSeq: number };
  "dossier-reminder": { dossierId: string; eventSeq: number; escalate: boolean };
  "unfinished-reminders": Record<string, never>;
  /** seal({ phoneNumber, locale, code }); the code is useless after `expiresAt` (ISO). */
  "sms-code": { sealed: string; expiresAt: string };
  /** seal({ to, kind, params }); `kind` also in the clear for the jobs page; null `expiresAt`: no link that lapses. */
  email: { kind: string; sealed: string; expiresAt: string | null };
}

/** The lifecycle steps that tell somebody by e-mail: only these write a `dossier-notification` job. */
export const NOTIFYING_TRANSITIONS: ReadonlySet<DossierTransition> = new Set(["submit", "resubmit", "return", "complete"]);

/** The daily round's cron line: the time of day, Monday to Friday (holidays are skipped by the round itself). */
export function reminderCron(time: { hour: number; minute: number }): string {
  return `${time.minute} ${time.hour} * * 1-5`;
}
