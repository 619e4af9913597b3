/** What each job kind does (the table of kinds and their retry policies: ./job-table.server.ts). */
import type { JobHandlers } from "./queue.server";
import { sendDossierNotification } from "./notify.server";
import { runReminderRound, sendDossierReminder } from "./reminders.server";
import { retrySmsCode } from "./sms-code-retry.server";
import { sendQueuedEmail } from "./queued-email.server";

export const JOB_HANDLERS: JobHandlers = {
  "dossier-notification": (data) => sendDossierNotification(data),
  "dossier-reminder": (data) => sendDossierReminder(data),
  "unfinished-reminders": async () => {
    await runReminderRound();
  },
  "sms-code": async (data) => {
    await retrySmsCode(data);
  },
  email: async (data) => {
    await sendQueuedEmail(data);
  },
};
