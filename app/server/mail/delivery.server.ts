/**
 * The process-wide delivery service that features call to send e-mail and SMS: it renders the message in the
 * recipient's language, hands it to the configured transport, logs one masked line, and turns any failure into
 * AppError("mail-delivery-failed"). Start-up installs it (server/app.ts), like auth().
 */
import { AppError } from "~/domain/errors";
import type { Locale } from "~/domain/locales";
import { maskEmailAddress, maskPhoneNumbers } from "~/domain/masking";
import type { Config } from "../config.server";
import { logger, type Logger } from "../logger.server";
import type { Mailer, SmsSender } from "./mailer.server";
import { outboxDir } from "./outbox-files.server";
import { createOutboxMailer, createOutboxSmsSender } from "./outbox-mailer.server";
import { renderEmail, renderSms, type EmailKind, type EmailParams, type SmsKind, type SmsParams } from "./render.server";
import { createSmtpMailer } from "./smtp-mailer.server";
import { createSmppSmsSender } from "./smpp-sms-sender.server";

export interface EmailRecipient {
  email: string;
  /** The user's preferred language (user.locale). */
  locale: Locale;
}

export interface SmsRecipient {
  /** E.164. */
  phoneNumber: string;
  locale: Locale;
}

export interface Delivery {
  readonly emailTransport: Mailer["transport"];
  /** Where outbox files go (e-mail without SMTP, SMS without SMS_SMPP_URL). */
  readonly outboxDir: string;
  sendEmail<K extends EmailKind>(to: EmailRecipient, kind: K, params: EmailParams[K]): Promise<void>;
  sendSms<K extends SmsKind>(to: SmsRecipient, kind: K, params: SmsParams[K]): Promise<void>;
  close(): void;
}

export function createDelivery(
  config: Pick<Config, "smtpUrl" | "mailFrom" | "dataDir" | "baseUrl"> & Partial<Pick<Config, "smsSmpp">>,
  log: Logger = logger,
): Delivery {
  const dir = outboxDir(config.dataDir);
  const mailer: Mailer = config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer(dir, config.mailFrom);
  // SMS go to the gateway named by SMS_SMPP_URL, else to the outbox (development and the demo).
  const sms: SmsSender = config.smsSmpp ? createSmppSmsSender(config.smsSmpp) : createOutboxSmsSender(dir);

  return {
    emailTransport: mailer.transport,
    outboxDir: dir,
    async sendEmail(to, kind, params) {
      // Rendering errors (an unknown kind, a link outside BASE_URL) are bugs, not delivery failures: let them surface.
      const rendered = renderEmail(kind, to.locale, params, config.baseUrl);
      const entry = { kind, transport: mailer.transport, to: maskEmailAddress(to.email), locale: to.locale };
      try {
        const { messageId } = await mailer.send({ to: to.email, language: to.locale, ...rendered });
        log.info({ mail: { ...entry, messageId } }, "e-mail sent");
      } catch (error) {
        log.error({ mail: entry, err: describe(error) }, "e-mail could not be sent");
        throw new AppError("mail-delivery-failed", { channel: "email" });
      }
    },
    async sendSms(to, kind, params) {
      const { body } = renderSms(kind, to.locale, params);
      const entry = { kind, transport: sms.transport, to: maskPhoneNumbers(to.phoneNumber), locale: to.locale };
      try {
        await sms.send({ to: to.phoneNumber, body });
        log.info({ sms: entry }, "SMS sent");
      } catch (error) {
        log.error({ sms: entry, err: describe(error) }, "SMS could not be sent");
        throw new AppError("mail-delivery-failed", { channel: "sms" });
      }
    },
    close() {
      mailer.close();
      sms.close?.();
    },
  };
}

/** The error without its stack or any address in it: SMTP replies often quote the recipient. */
function describe(error: unknown): { message: string; code?: string } {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  return { message: maskPhoneNumbers(message).replace(/[^\s<>@"]+@[^\s<>@"]+/g, (a) => maskEmailAddress(a)), ...(typeof code === "string" ? { code } : {}) };
}

const DELIVERY_KEY = Symbol.for("casus.delivery");
type DeliveryHolder = { [DELIVERY_KEY]?: Delivery };

export function installDelivery(instance: Delivery): void {
  const holder = globalThis as DeliveryHolder;
  holder[DELIVERY_KEY]?.close();
  holder[DELIVERY_KEY] = instance;
}

export function delivery(): Delivery {
  const instance = (globalThis as DeliveryHolder)[DELIVERY_KEY];
  if (!instance) throw new Error("Delivery is not initialised yet (start-up creates it before serving requests).");
  return instance;
}
