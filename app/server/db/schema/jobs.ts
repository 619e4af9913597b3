/**
 * Which notification went to whom (decision 083): one row per message key — job kind, event and recipient — written
 * right after the transport accepted the message. A retried job skips every recipient already here, so nobody gets
 * one event's e-mail twice however often the job is retried or picked up by another instance.
 */
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const notificationSent = pgTable("notification_sent", {
  /** "<job kind>:<dossier event seq>:<user id>". */
  key: text("key").primaryKey(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
});
