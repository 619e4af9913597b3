/** The admin dashboard: counts, pending invitations, recent admin activity, and the health of the services. */
import fs from "node:fs/promises";
import net from "node:net";
import { and, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { config } from "../config.server";
import { actingAs } from "../access/actor-db.server";
import { invitation, organisation, professional, supervisor, user } from "../db/schema";
import { delivery } from "../mail/delivery.server";
import { objectStore } from "../storage/storage.server";
import type { Actor } from "./access.server";
import { recentAdminActivity } from "./audit-trail.server";
import { dossierCounts } from "./organisations.server";

export type Health = { state: "ok"; detail: string; ms: number } | { state: "down"; detail: string; ms: number };

async function timed(detail: string, probe: () => Promise<unknown>, timeoutMs = 3000): Promise<Health> {
  const start = performance.now();
  try {
    await Promise.race([probe(), new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), timeoutMs).unref())]);
    return { state: "ok", detail, ms: Math.round(performance.now() - start) };
  } catch {
    return { state: "down", detail, ms: Math.round(performance.now() - start) };
  }
}

function tcpProbe(url: string): Promise<void> {
  const parsed = new URL(url);
  const port = Number(parsed.port) || (parsed.protocol === "smtps:" ? 465 : 587);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: parsed.hostname, port }, () => {
      socket.destroy();
      resolve();
    });
    socket.on("error", reject);
  });
}

export async function serviceHealth(actor: Actor): Promise<{ database: Health; storage: Health; mail: Health }> {
  const { db } = actingAs(actor, "people.manage");
  const { smtpUrl, s3 } = config();
  const mail = delivery();
  const [database, storage, mailHealth] = await Promise.all([
    timed("database", () => db.execute(sql`select 1`)),
    timed(s3 ? "s3" : "disk", () => objectStore().list("health")),
    timed(mail.emailTransport, () => (smtpUrl ? tcpProbe(smtpUrl) : fs.mkdir(mail.outboxDir, { recursive: true }).then(() => fs.access(mail.outboxDir, fs.constants.W_OK)))),
  ]);
  return { database, storage, mail: mailHealth };
}

export async function dashboard(actor: Actor) {
  const { db } = actingAs(actor, "people.manage");
  const [[orgs], [pros], [sups], [admins]] = await Promise.all([
    db.select({ total: count(), active: sql<number>`count(*) filter (where ${organisation.active})`.mapWith(Number) }).from(organisation),
    db.select({ total: count() }).from(professional),
    db.select({ total: count() }).from(supervisor).innerJoin(user, and(eq(user.id, supervisor.userId), eq(user.role, "supervisor"))),
    db.select({ total: count() }).from(user).where(eq(user.role, "admin")),
  ]);
  const pending = await db
    .select({ userId: user.id, name: user.name, email: user.email, role: invitation.role, sentAt: invitation.sentAt, expiresAt: invitation.expiresAt, organisationId: professional.organisationId })
    .from(invitation)
    .innerJoin(user, eq(user.id, invitation.userId))
    .leftJoin(professional, eq(professional.userId, invitation.userId))
    .where(and(isNull(invitation.acceptedAt), isNull(invitation.revokedAt), gt(invitation.expiresAt, new Date())))
    .orderBy(desc(invitation.sentAt))
    .limit(20);
  return {
    counts: { organisations: Number(orgs.total), activeOrganisations: orgs.active, professionals: Number(pros.total), supervisors: Number(sups.total), administrators: Number(admins.total) },
    dossiers: await dossierCounts(actor),
    pending: pending.map((p) => ({ ...p, sentAt: p.sentAt.toISOString(), expiresAt: p.expiresAt.toISOString() })),
    activity: await recentAdminActivity(actor, 10),
  };
}

