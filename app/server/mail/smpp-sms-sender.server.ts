/**
 * SMS through an SMS gateway over SMPP 3.4 (decision 082), the protocol Dutch and European gateways accept, with
 * node-smpp (the `smpp` package). SMS_SMPP_URL names the gateway: `smpp://system_id:password@host:2775?source=Casus`
 * (`smpps://` for TLS). One session per process, bound as a transmitter when the first SMS goes and again after
 * the gateway closes it. A refusal (any non-zero command status) or no answer within SMPP_TIMEOUT_MS is an error
 * the delivery service reports, without the number.
 */
import * as smpp from "smpp";
import { SMPP_TIMEOUT_MS } from "~/domain/constants";
import type { OutgoingSms, SmsSender } from "./mailer.server";

export interface SmppSettings {
  host: string;
  port: number;
  tls: boolean;
  systemId: string;
  password: string;
  /** The sender id the phone shows: up to 11 letters and digits, or a phone number. */
  source: string;
}

const ALPHANUMERIC_SENDER = /^[A-Za-z0-9 ]{1,11}$/;
const NUMERIC_SENDER = /^\+?\d{3,15}$/;

/** SMS_SMPP_URL read into settings; a list of problems when it cannot be used (the config names the variable). */
export function parseSmppUrl(value: string): { settings: SmppSettings | null; problems: string[] } {
  if (!URL.canParse(value)) return { settings: null, problems: ["is not a valid URL (smpp://system_id:password@host:port?source=Casus)"] };
  const url = new URL(value);
  const problems: string[] = [];
  if (url.protocol !== "smpp:" && url.protocol !== "smpps:") problems.push("must start with smpp:// or smpps:// (TLS)");
  if (!url.hostname) problems.push("names no host");
  if (!url.username) problems.push("names no system id (smpp://system_id:password@host)");
  const source = url.searchParams.get("source") ?? "Casus";
  if (!ALPHANUMERIC_SENDER.test(source) && !NUMERIC_SENDER.test(source)) problems.push("source must be up to 11 letters and digits, or a phone number");
  if (problems.length) return { settings: null, problems };
  const tls = url.protocol === "smpps:";
  return {
    settings: {
      host: url.hostname,
      port: url.port ? Number(url.port) : tls ? 3550 : 2775,
      tls,
      systemId: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      source,
    },
    problems: [],
  };
}

export class SmppError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** Waits for `work` at most SMPP_TIMEOUT_MS; a gateway that stops answering must not hold a sign-in for ever. */
function withTimeout<T>(work: Promise<T>, what: string, timeoutMs: number, onTimeout: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new SmppError(`the SMS gateway did not answer the ${what} within ${timeoutMs} ms`, "smpp-timeout"));
    }, timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const hex = (status: number) => `0x${status.toString(16).padStart(4, "0")}`;

export function createSmppSmsSender(settings: SmppSettings, options: { timeoutMs?: number } = {}): SmsSender {
  const timeoutMs = options.timeoutMs ?? SMPP_TIMEOUT_MS;
  let bound: Promise<smpp.Session> | null = null;

  const drop = (session?: smpp.Session) => {
    bound = null;
    session?.destroy();
  };

  function session(): Promise<smpp.Session> {
    if (bound) return bound;
    const attempt = new Promise<smpp.Session>((resolve, reject) => {
      const s = smpp.connect({ host: settings.host, port: settings.port, tls: settings.tls, auto_enquire_link_period: 30_000 }, () => {
        s.bind_transmitter({ system_id: settings.systemId, password: settings.password }, (pdu) => {
          if (pdu.command_status === smpp.ESME_ROK) return resolve(s);
          drop(s);
          reject(new SmppError(`the SMS gateway refused the bind (status ${hex(pdu.command_status)})`, "smpp-bind-refused"));
        });
      });
      // A closed or broken connection is bound again on the next SMS.
      s.on("close", () => {
        if (bound === attempt) bound = null;
      });
      s.on("error", (error: Error) => {
        if (bound === attempt) bound = null;
        reject(new SmppError(`the SMS gateway could not be reached (${(error as { code?: string }).code ?? error.message})`, "smpp-unreachable"));
      });
    });
    bound = attempt;
    return withTimeout(attempt, "bind", timeoutMs, () => {
      if (bound === attempt) bound = null;
      void attempt.then((s) => s.destroy()).catch(() => undefined);
    });
  }

  return {
    transport: "smpp",
    async send(sms: OutgoingSms) {
      const s = await session();
      const numericSender = NUMERIC_SENDER.test(settings.source);
      const submitted = new Promise<void>((resolve, reject) => {
        s.submit_sm(
          {
            source_addr: numericSender ? settings.source.replace(/^\+/, "") : settings.source,
            source_addr_ton: numericSender ? 1 : 5,
            source_addr_npi: numericSender ? 1 : 0,
            destination_addr: sms.to.replace(/^\+/, ""),
            dest_addr_ton: 1,
            dest_addr_npi: 1,
            short_message: sms.body,
          },
          (pdu) => {
            if (pdu.command_status === smpp.ESME_ROK) resolve();
            else reject(new SmppError(`the SMS gateway refused the message (status ${hex(pdu.command_status)})`, "smpp-refused"));
          },
        );
      });
      // No answer: the session is suspect; the next SMS binds a new one.
      await withTimeout(submitted, "message", timeoutMs, () => drop(s));
    },
    close() {
      void bound?.then((s) => s.destroy()).catch(() => undefined);
      bound = null;
    },
  };
}
