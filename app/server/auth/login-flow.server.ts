/**
 * /test/login-flow: which sign-in methods this server offers, and the outbox where e-mail and SMS land when no
 * mail server (or no SMS provider) is configured. Never shows secrets: providers by id, name and origin only.
 */
import { verifiedPhone } from "../account/recent-login.server";
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

/** How many of the outbox's newest messages are looked through for the viewer's own. */
const OUTBOX_SCAN = 200;
const OUTBOX_SHOWN = 20;

/**
 * The page's view for `viewer`, an administrator. The outbox shows only the messages sent to the viewer's own
 * address and verified phone: the links in everyone else's (sign-in links, resets, invitations, codes) would let
 * an administrator sign in as anyone.
 */
export async function loginFlowOverview(viewer: { id: string; email: string }): Promise<LoginFlowOverview> {
  const instance = auth();
  const plugins = (instance.options.plugins ?? []) as { id: string }[];
  // Better Auth reads each provider's discovery document at start-up and skips one it cannot use.
  const context = await instance.$context;
  const ready = new Set(context.socialProviders.map((p) => p.id));
  const phone = (await verifiedPhone(viewer.id))?.phoneNumber ?? null;
  const email = viewer.email.toLowerCase();
  const own = (entry: OutboxEntry) => (entry.kind === "email" ? entry.to.toLowerCase() === email : phone !== null && entry.to === phone);
  const outbox = (await listOutbox(delivery().outboxDir, OUTBOX_SCAN)).filter(own).slice(-OUTBOX_SHOWN);
  return {
    emailTransport: delivery().emailTransport === "smtp" ? "smtp" : "outbox",
    phone: plugins.some((p) => p.id === "phone-number"),
    providers: config().oidcProviders.map((p) => ({ id: p.id, name: p.name, origin: p.origin, ready: ready.has(p.id) })),
    outbox: outbox.reverse(),
  };
}
