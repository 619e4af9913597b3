/**
 * E-mails with a link that is a key (sign-in, password reset) leave through the job queue, sealed: the queue's
 * tables hold neither the address nor the token; a mail server that is down delays the message, which goes out
 * once it is back; a message whose link lapsed first is dropped. Real PGlite, real queue, real outbox.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, queryRows, type TestDatabase } from "../../../tests/support/test-database";
import { createDelivery, delivery, installDelivery } from "../mail/delivery.server";
import { listOutbox } from "../mail/outbox-reader.server";
import { capturingLogger } from "../mail/test-support";
import type { JobData } from "./job-table.server";
import { sendEmailLater, sendQueuedEmail } from "./queued-email.server";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.startJobWorkers();
  installDelivery(createDelivery(database.config));
}, 60_000);
afterAll(async () => {
  await database?.close();
});

async function outbox() {
  await database.settleJobs();
  return (await listOutbox(delivery().outboxDir, 200)).filter((m) => m.kind === "email");
}

describe("e-mails through the job queue", () => {
  it("keeps address and token sealed, waits out a mail server that is down, and sends once it is back", async () => {
    installDelivery(createDelivery({ ...database.config, smtpUrl: "smtp://127.0.0.1:9" }, capturingLogger().log));
    const before = (await outbox()).length;
    await sendEmailLater({ email: "kees@linde.test", locale: "en" }, "sign-in-link", { name: "Kees", url: "/en/verify-login?token=geheim-token-123", minutes: 15 }, { validMinutes: 15 });
    await database.settleJobs();
    const [job] = await queryRows<{ id: string; state: string; data: string }>(
      database.handle.db.execute(sql`select id, state, data::text as data from pgboss.job where name = 'email' order by created_on desc limit 1`),
    );
    expect(job.state).toBe("retry");
    expect(job.data).not.toContain("kees");
    expect(job.data).not.toContain("geheim-token-123");
    expect(JSON.parse(job.data)).toMatchObject({ kind: "sign-in-link" });

    installDelivery(createDelivery(database.config));
    await database.handle.db.execute(sql`update pgboss.job set start_after = now() where id = ${job.id}`);
    const sent = (await outbox()).slice(before);
    expect(sent.map((m) => m.kind === "email" && [m.to, m.subject])).toEqual([["kees@linde.test", "Your sign-in link for Casus"]]);
    expect(sent[0].kind === "email" && sent[0].links[0]).toContain("token=geheim-token-123");
  });

  it("drops a message whose link lapsed before the mail server took it", async () => {
    await sendEmailLater({ email: "an@linde.test", locale: "nl" }, "password-reset", { name: "An", url: "/set-password?token=t", minutes: 60 }, { validMinutes: 60 });
    const before = (await outbox()).length;
    const [{ data }] = await queryRows<{ data: JobData["email"] }>(
      database.handle.db.execute(sql`select data from pgboss.job where name = 'email' order by created_on desc limit 1`),
    );
    expect(await sendQueuedEmail(data, undefined, Date.now() + 61 * 60_000)).toBe("lapsed");
    expect(await sendQueuedEmail({ ...data, sealed: "not-sealed-here" })).toBe("unreadable");
    expect((await outbox()).length).toBe(before);
  });
});
