/**
 * /test/login-flow: which sign-in methods this server offers, and the outbox where e-mail and SMS land when no
 * mail server (or no SMS provider) is configured. Never shows secrets: providers by id, name and origin only.
 */
import { config } from "../config.server";
import { delivery } from "../mail/delivery.server";
import { listOutbox, type OutboxEntry } from "../mail/outbox-reader.server";
import { auth } from "./auth.server";

export interface LoginFlowOverview {
  emailTransport: "smtp" | "outbox";
  /** Phone/SMS sign-in: on when the phone-number plugin is part of the auth set-up. */
  phone: boolean;
  providers: { id: string; name: string; origin: string; ready: boolean }[];
  outbox: OutboxEntry[];
}

export async function loginFlowOverview(): Promise<LoginFlowOverview> {
  const instance = auth();
  const plugins = (instance.options.plugins ?? []) as { id: string }[];
  // Better Auth reads each provider's discovery document at start-up and skips one it cannot use.
  const context = await instance.$context;
  const ready = new Set(context.socialProviders.map((p) => p.id));
  const outbox = await listOutbox(delivery().outboxDir, 20);
  return {
    emailTransport: delivery().emailTransport === "smtp" ? "smtp" : "outbox",
    phone: plugins.some((p) => p.id === "phone-number"),
    providers: config().oidcProviders.map((p) => ({ id: p.id, name: p.name, origin: p.origin, ready: ready.has(p.id) })),
    outbox: outbox.reverse(),
  };
}
