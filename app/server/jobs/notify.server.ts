/**
 * E-mail notifications of the lifecycle (PRODUCT.md): the organisation's supervisors when a dossier is submitted,
 * the professional when it is returned or completed, in each recipient's language, with a link and no patient data.
 * The transition writes a job in its own transaction (decision 083); the queue sends it after the commit, retries
 * a failure with backoff, and never undoes the transition. Done by no actor: whom to tell is looked up unscoped.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { DossierTransition } from "~/domain/dossier/lifecycle";
import { isLocale, localizePath, DEFAULT_LOCALE, type Locale } from "~/domain/locales";
import { routePath } from "~/domain/route-table";
import { systemDb } from "../db/client.server";
import { dossier, organisation, supervisorOrganisation, user } from "../db/schema";
import { logger, type Logger } from "../logger.server";
import { delivery } from "../mail/delivery.server";
import type { JobData } from "./job-table.server";
import { SendRound } from "./notification-ledger.server";

interface Recipient {
  id: string;
  name: string;
  email: string;
  locale: Locale;
}

function asRecipient(row: { id: string; name: string; email: string; locale: string }): Recipient {
  return { ...row, locale: isLocale(row.locale) ? row.locale : DEFAULT_LOCALE };
}

const recipientColumns = { id: user.id, name: user.name, email: user.email, locale: user.locale, banned: user.banned };

export async function supervisorsOf(organisationId: string): Promise<Recipient[]> {
  const rows = await systemDb()
    .select(recipientColumns)
    .from(supervisorOrganisation)
    .innerJoin(user, eq(user.id, supervisorOrganisation.supervisorId))
    .where(and(eq(supervisorOrganisation.organisationId, organisationId), eq(user.role, "supervisor")));
  return rows.filter((r) => !r.banned).map(asRecipient);
}

export async function userById(id: string): Promise<Recipient | null> {
  const [row] = await systemDb().select(recipientColumns).from(user).where(inArray(user.id, [id]));
  return row && !row.banned ? asRecipient(row) : null;
}

export function caseLink(dossierId: string, locale: Locale): string {
  return localizePath(routePath("supervisor-case", { caseId: dossierId }), locale);
}

async function facts(dossierId: string) {
  const [row] = await systemDb()
    .select({ organisationId: dossier.organisationId, professionalId: dossier.professionalId, reviewerId: dossier.reviewerId, organisation: organisation.name })
    .from(dossier)
    .innerJoin(organisation, eq(organisation.id, dossier.organisationId))
    .where(eq(dossier.id, dossierId));
  return row ?? null;
}

/**
 * The `dossier-notification` job: e-mails everyone a lifecycle step concerns, each once (the ledger skips those a
 * previous attempt reached). A recipient whose e-mail fails makes the job fail after the others were tried, so the
 * queue retries it later for that recipient only.
 */
export async function sendDossierNotification({ dossierId, transition, eventSeq }: JobData["dossier-notification"], log: Logger = logger): Promise<void> {
  const f = await facts(dossierId);
  if (!f) return;
  const outcome = new SendRound("dossier-notification", eventSeq, log, { dossierId, transition });
  if (transition === "submit" || transition === "resubmit") {
    const professional = await userById(f.professionalId);
    for (const s of await supervisorsOf(f.organisationId)) {
      await outcome.send(s.id, () =>
        delivery().sendEmail(s, "dossier-submitted", {
          name: s.name,
          url: caseLink(dossierId, s.locale),
          organisation: f.organisation,
          professional: professional?.name ?? "",
        }),
      );
    }
  }
  if (transition === "return" || transition === "complete") {
    const owner = await userById(f.professionalId);
    const reviewer = f.reviewerId ? await userById(f.reviewerId) : null;
    if (owner) {
      const kind = transition === "return" ? "dossier-returned" : "dossier-completed";
      await outcome.send(owner.id, () => delivery().sendEmail(owner, kind, { name: owner.name, url: caseLink(dossierId, owner.locale), reviewer: reviewer?.name ?? "" }));
    }
  }
  outcome.finish();
}
