/**
 * The Casus server, bundled by Vite into build/server/index.js together with React Router's server build, so
 * pages, auth and data share one module graph (and one database instance). server.js starts it.
 *
 * Start-up order: settings → guard table → a private data directory → database + migrations → auth → mail/SMS delivery → object store → job queue → demo
 * seed → setup code → HTTP.
 */
import { createRequestHandler as createPageRenderer } from "react-router";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { assertRouteGuards } from "~/domain/guards";
import { ROUTES } from "~/domain/route-table";
import { createAuth, installAuth } from "~/server/auth/auth.server";
import { authDoor } from "~/server/auth/auth-door.server";
import { loadConfig, setConfig, type Config } from "~/server/config.server";
import { applyClinicTimeZone } from "~/server/setup/clinic-time-zone.server";
import { keepDataDirectoryPrivate } from "~/server/setup/private-data-directory.server";
import { closeDatabase, installDatabase, openDatabase } from "~/server/db/client.server";
import { migrateDatabase } from "~/server/db/migrate.server";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoIfEmpty } from "~/server/demo/seed-demo.server";
import { localeCookie } from "~/server/http/locale-cookie.server";
import { createRequestLog } from "~/server/http/request-log.server";
import { closeAfterUnreadBody } from "~/server/http/unread-body.server";
import { clientFiles } from "~/server/http/client-files.server";
import { refuseControlCharacters, refuseMalformedHost, refuseUndecodableParams, refuseUndecodablePaths, refuseUnfetchableMethods } from "~/server/http/request-hygiene.server";
import { sameOriginActions } from "~/server/http/same-origin.server";
import { securityHeaders } from "~/server/http/security-headers.server";
import { pagesNoStoreByDefault } from "~/server/http/page-cache-control.server";
import { signedOutPageCache } from "~/server/http/signed-out-page-cache.server";
import { logger } from "~/server/logger.server";
import { createDelivery, delivery, installDelivery } from "~/server/mail/delivery.server";
import { buildPublicConfig } from "~/server/public-config.server";
import { installAppCheckBuild } from "~/server/media/app-check.server";
import { openSetupIfNeeded } from "~/server/setup/setup-code.server";
import { createObjectStore, installObjectStore } from "~/server/storage/storage.server";
import { installLiveBus, liveBus, startLiveBus } from "~/server/live/bus.server";
import { createUploadServer } from "~/server/media/upload-server.server";
import { apiRouter } from "~/server/api/api-router.server";
import { stopExportsHere } from "~/server/export/export-jobs.server";
import { startExportHousekeeping } from "~/server/jobs/export-sweep.server";
import { JOB_HANDLERS } from "~/server/jobs/job-handlers.server";
import { reminderCron } from "~/server/jobs/job-table.server";
import { installJobQueue, jobQueue, startJobQueue } from "~/server/jobs/queue.server";

export interface CasusServer {
  app: express.Express;
  config: Config;
  /** Lines for the operator's console: address, demo accounts, the setup code. */
  startupMessages: string[];
  shutdown(): Promise<void>;
}

export interface CreateAppOptions {
  /** Vite's dev middleware (development only); production serves build/client. */
  devMiddleware?: RequestHandler;
  clientBuildDir?: string;
}

export async function createApp(options: CreateAppOptions = {}): Promise<CasusServer> {
  const config = loadConfig();
  setConfig(config);
  logger.level = config.logLevel;
  assertRouteGuards(ROUTES);
  // Patient data lives under DATA_DIR (the embedded database, media, exports, the outbox): this user's alone.
  keepDataDirectoryPrivate(config.dataDir);

  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, countStatements: config.benchStats });
  installDatabase(database);
  await migrateDatabase(database);
  // Dates, working days and reporting's days in the clinic's time zone; the roll-up is rebuilt if it changed.
  const previousZone = await applyClinicTimeZone(config.clinicTimeZone);
  if (previousZone) logger.info({ from: previousZone, to: config.clinicTimeZone }, "clinic time zone changed: reporting roll-up rebuilt");
  // Live dossier updates: one LISTEN per process, so every instance on a shared PostgreSQL hears every change.
  installLiveBus(await startLiveBus(database, config.databaseUrl));
  const auth = createAuth(database.db, config);
  installAuth(auth);
  installDelivery(createDelivery(config));
  // Media objects: S3 when S3_BUCKET is set, else DATA_DIR/objects. Nothing is contacted until first use.
  const store = await createObjectStore(config);
  installObjectStore(store);
  // A write cut short when a process last stopped left a partial copy: it goes now.
  const removed = await store.removeAbandonedTemp().catch((err: unknown) => {
    logger.warn({ err }, "could not look for partial object copies left by writes that never finished");
    return 0;
  });
  if (removed) logger.info({ removed }, "removed partial object copies left by writes that never finished");
  // Dossier exports: a restart fails those left running (never offered as whole), and expired files go (decision 067).
  const stopExportHousekeeping = await startExportHousekeeping();
  // Background jobs from the queue in the database (decision 083): e-mails written with the change that causes them,
  // and the daily reminder round. JOB_WORKERS=off: this instance only writes jobs.
  installJobQueue(
    await startJobQueue(database, {
      handlers: config.jobWorkers ? JOB_HANDLERS : null,
      reminderSchedule: config.reminderTime ? { cron: reminderCron(config.reminderTime), timeZone: config.clinicTimeZone } : null,
    }),
  );

  const messages: string[] = [];
  const email = config.smtpUrl ? "E-mail goes out over SMTP." : `E-mail is not sent: it is written to ${delivery().outboxDir} (set SMTP_URL to send it).`;
  const sms = config.smsSmpp
    ? `SMS go out over SMPP to ${config.smsSmpp.host}:${config.smsSmpp.port}.`
    : `SMS are not sent: they are written to ${delivery().outboxDir} (set SMS_SMPP_URL to send them).`;
  messages.push(`${email} ${sms}`);
  if (config.demo) {
    const seeded = await seedDemoIfEmpty();
    messages.push(seeded ? "Demo data created." : "Demo data already present.");
    messages.push(`Demo accounts (password ${DEMO_PASSWORD}):`, ...DEMO_ACCOUNTS.map((a) => `  ${a.role.padEnd(12)} ${a.email}`));
  }
  const setupCode = await openSetupIfNeeded();
  if (setupCode) messages.push(`No administrator exists yet. Create one at ${config.baseUrl}/admin/setup with this one-time setup code: ${setupCode} (it works once, on any instance, for 24 hours; a restart prints a new one)`);

  const build = await import("virtual:react-router/server-build");
  const buildId = config.buildIdOverride ?? build.assets.version;
  const publicConfig = buildPublicConfig(config, buildId);
  const development = !!options.devMiddleware;

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  app.use(createRequestLog({ demo: config.demo }));
  app.use(closeAfterUnreadBody);
  app.use(securityHeaders({ development, hsts: config.secureCookies, signInOrigins: config.oidcProviders.map((p) => p.origin) }));
  // An address with a control character is 400 before anything reads it (a page: the error page, through React Router).
  app.use(refuseControlCharacters);
  // A Host (or trusted forwarded host or protocol) no address can be made from: 400, not React Router's 500.
  app.use(refuseMalformedHost);
  // Every JSON, byte and stream endpoint, from the one API table (app/domain/api-table.ts): guard, body, cache and
  // compression per entry (an event stream must leave at once), and a 404 for anything else under /api.
  // Storage requests carry an app-check token bound to this build (decision 051); uploads are staged in DATA_DIR/uploads.
  installAppCheckBuild(buildId);
  const uploads = createUploadServer();
  void uploads.sweep().catch((err) => logger.error({ err }, "sweeping unfinished uploads failed"));
  app.use(apiRouter({ buildId, uploads, trustedOrigins: config.trustedOrigins }));
  app.use(compression());
  // Only the Better Auth endpoints the browser needs; everything else there is 404 (decision 060).
  app.use(authDoor(auth));
  // A path the API or the auth door matched but could not decode ("/api/media/%ff"): 400 JSON, not the last resort's 500.
  app.use(refuseUndecodableParams);
  // Any other path that does not decode ("/pro/…/0612%FF/history"): 400 before React Router logs it whole, number
  // and all.
  app.use(refuseUndecodablePaths);
  if (options.devMiddleware) {
    app.use(options.devMiddleware);
  } else {
    const clientDir = options.clientBuildDir ?? "build/client";
    app.use("/assets", express.static(`${clientDir}/assets`, { immutable: true, maxAge: "1y", index: false }));
    // favicon.svg, robots.txt, models/…: looked up on disk only when the address names one of them (no stat() per page).
    app.use(clientFiles(clientDir, { skip: ["assets"] }));
  }
  app.use(localeCookie({ secure: config.secureCookies }));
  app.use(sameOriginActions(config.trustedOrigins));
  // CONNECT, TRACE and TRACK: 405, as any method React Router does not know (it cannot build a Request from these).
  app.use(refuseUnfetchableMethods);
  const loadContext = (req: express.Request, nonce: string, refusedStatus: number | null = null) => ({
    nonce,
    requestId: String(req.id),
    log: req.log,
    publicConfig,
    clientIp: req.ip ?? null,
    refusedStatus,
  });
  // The signed-out sign-in page, the same for every visitor but its nonce, is rendered once per locale (decision 092).
  if (!development) app.use(signedOutPageCache({ render: createPageRenderer(build, "production"), loadContext }));
  // A redirect from a loader or action is no-store like the pages (a 301 to a patient's history names their number).
  app.use(pagesNoStoreByDefault());
  app.use(
    createRequestHandler({
      // Production: the build object itself. Given a function, React Router re-imports it and rebuilds its route
      // table on every request (≈3 ms of CPU each, issue 13); development keeps the function so Vite's HMR reaches
      // React Router with each changed module.
      build: development ? () => import("virtual:react-router/server-build") : build,
      mode: development ? "development" : "production",
      getLoadContext: (req, res) => loadContext(req, res.locals.nonce as string, (res.locals.refusedStatus as number | undefined) ?? null),
    }),
  );
  const lastResort: ErrorRequestHandler = (err, req, res, _next) => {
    req.log?.error({ err }, "unhandled server error");
    if (!res.headersSent) res.status(500).type("text/plain").send("Internal Server Error");
  };
  app.use(lastResort);

  return {
    app,
    config,
    startupMessages: messages,
    async shutdown() {
      uploads.close();
      stopExportHousekeeping();
      // An export cut short by shutdown is cancelled and leaves no files.
      await stopExportsHere();
      // Jobs being worked finish (or are retried later by any instance); none start now.
      await jobQueue().stop();
      logger.info("closing the database");
      delivery().close();
      await liveBus().close();
      await closeDatabase();
    },
  };
}
