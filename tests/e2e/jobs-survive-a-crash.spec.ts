/**
 * Nothing lost at a crash, nothing sent twice (decision 083): a supervisor returns a dossier on instance A, which
 * commits the step and its e-mail job and is then killed (SIGKILL) before sending — A runs with JOB_WORKERS=off, so
 * the crash falls between commit and send every time. Instance B, started later on the same PostgreSQL, sends the
 * e-mail over real SMTP exactly once. Real processes, a real mail server, the same database.
 */
import { expect, signIn, test } from "./support/fixtures";
import { createOwnDatabase } from "./support/own-database";
import { startServer } from "./support/server";
import { startSmtpInbox } from "./support/smtp-inbox";

test.describe.configure({ timeout: 120_000 });

test("an e-mail committed by a process killed before sending goes out once, from another instance", async ({ browser }) => {
  const own = await createOwnDatabase();
  const smtp = await startSmtpInbox();
  const env = { DEMO: "on", DATABASE_URL: own.url, SMTP_URL: smtp.url, REMINDER_TIME: "off", SIGN_IN_RATE_LIMIT_PER_MINUTE: "10000" };
  const a = await startServer({ env: { ...env, JOB_WORKERS: "off" } });
  let b: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    const context = await browser.newContext({ baseURL: a.url });
    const sup = await context.newPage();
    await signIn(sup, "supervisor@casus.test");
    const waiting = sup.locator('[data-testid="waiting"] [data-dossier]').first();
    const id = await waiting.getAttribute("data-dossier");
    await waiting.getByRole("button", { name: "Oppakken" }).click();
    await sup.locator(`[data-testid="mine"] [data-dossier="${id}"]`).getByRole("link", { name: "Openen" }).click();
    const bar = sup.getByTestId("action-bar");
    await bar.getByRole("button", { name: "Terugsturen met vraag" }).click();
    await bar.getByLabel("Vraag aan de professional").fill("Welk oor doet pijn?");
    await bar.getByRole("button", { name: "Terugsturen", exact: true }).click();
    await expect(bar.getByTestId("action-done")).toHaveText("Dossier teruggestuurd met uw vraag.");
    await context.close();

    // Committed with the step: the job waits in the database; A never sends it, and now it dies.
    const jobs = () => own.query<{ state: string }>("select state from pgboss.job where name = 'dossier-notification' and data->>'dossierId' = $1", [id]);
    expect(await jobs()).toEqual([{ state: "created" }]);
    await a.kill();
    expect(smtp.mails).toHaveLength(0);

    // B starts on the same database and sends it: one e-mail, to the professional, about this dossier.
    b = await startServer({ env });
    const [owner] = await own.query<{ email: string }>('select u.email from dossier d join "user" u on u.id = d.professional_id where d.id = $1', [id]);
    const mail = await smtp.waitFor(owner.email, 0, 20_000);
    expect(mail.subject).toBe("Uw dossier is teruggestuurd met een vraag");
    expect(mail.text).toContain(`/supervisor/case/${id}`);
    await expect.poll(jobs, { timeout: 10_000 }).toEqual([{ state: "completed" }]);
    // Nothing more arrives from B's next polls: the job is done and its recipient is in the ledger.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(smtp.mails.map((m) => [m.to, m.subject])).toEqual([[[owner.email], "Uw dossier is teruggestuurd met een vraag"]]);
    const ledger = await own.query<{ key: string }>("select key from notification_sent where key like 'dossier-notification:%'");
    expect(ledger).toHaveLength(1);
  } finally {
    await a.kill();
    await b?.stop();
    await smtp.stop();
    await own.close();
  }
});
