/**
 * The kinds of background job and the states a job passes through (decision 083), for the server's job table
 * (app/server/jobs/job-table.server.ts, their retry policies) and the admin's jobs page alike.
 */
export const JOB_NAMES = ["dossier-notification", "dossier-reminder", "unfinished-reminders", "sms-code", "email"] as const;
export type JobName = (typeof JOB_NAMES)[number];

/** pg-boss's states that the jobs page counts (a cancelled job does not occur: nothing cancels one). */
export const JOB_STATES = ["created", "retry", "active", "failed", "completed"] as const;
export type JobState = (typeof JOB_STATES)[number];

export function isJobName(value: string): value is JobName {
  return (JOB_NAMES as readonly string[]).includes(value);
}
