/**
 * How many SMS codes may go out: per number, per user and per client address, in the shared rate_limit table
 * (so every instance counts together) under hashed keys (no phone number is stored there). Every code the
 * product sends asks `mayText` first (through `sendSmsCode`, or directly where an unknown number must count alike).
 */
import { SMS_RATE_LIMIT_ADDRESS_FACTOR, SMS_RATE_LIMIT_USER_FACTOR, SMS_RATE_LIMIT_WINDOW_MS } from "~/domain/constants";
import { config } from "../config.server";
import { systemDb } from "../db/client.server";
import { countAttempt, hashedKey } from "./plugins/address-rate-limit.server";

export interface SmsRequester {
  /** The user the code is for, when known. */
  userId: string | null;
  /** The client address that asked, when known (the account page; the sign-in forms have Better Auth's limit). */
  clientIp: string | null;
}

/** Counts one SMS to `phoneNumber` for `who`; false when any of the three limits is exceeded. */
export async function mayText(phoneNumber: string, who: SmsRequester, now = Date.now()): Promise<boolean> {
  const db = systemDb();
  const perNumber = config().smsRateLimitPerHour;
  const window = SMS_RATE_LIMIT_WINDOW_MS;
  const counts = [countAttempt(db, `sms-number:${hashedKey(phoneNumber)}`, perNumber, window, now)];
  if (who.userId) counts.push(countAttempt(db, `sms-user:${who.userId}`, perNumber * SMS_RATE_LIMIT_USER_FACTOR, window, now));
  if (who.clientIp) counts.push(countAttempt(db, `sms-ip:${hashedKey(who.clientIp)}`, perNumber * SMS_RATE_LIMIT_ADDRESS_FACTOR, window, now));
  return (await Promise.all(counts)).every((wait) => wait === null);
}
