/**
 * Settings, read once from the environment and validated at start-up with messages a person can act on.
 * `.env.example` documents every variable. Nothing here reaches the browser except through publicConfig().
 */
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { z } from "zod";
import { isTimeZone } from "~/domain/clinic-time-zone";
import { CLINIC_TIME_ZONE, EXPORT_EXPIRY_DAYS, REMINDER_TIME, REVIEW_TARGET_WORKING_DAYS, UNFINISHED_DRAFT_DAYS } from "~/domain/constants";
import { MEDIA_MAX_IMAGE_BYTES_DEFAULT, MEDIA_MAX_VIDEO_BYTES_DEFAULT, OFFLINE_CACHE_DEFAULT_BYTES, OFFLINE_CACHE_MIN_BYTES } from "~/domain/constants";
import { ROLES, type Role } from "~/domain/roles";
import { type OidcProvider, parseOidcProviders } from "./auth/oidc-settings.server";
import { parseSmppUrl, type SmppSettings } from "./mail/smpp-sms-sender.server";

const MIB = 1024 * 1024;

const onOff = z.enum(["on", "off"]);

const DEFAULT_MAIL_FROM = "Casus <no-reply@casus.local>";
/** "Name <local@domain>" or a bare "local@domain": enough to catch typos; the SMTP server has the last word. */
const MAIL_FROM_PATTERN = /^(?:[^<>@\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    DEMO: onOff.default("off"),
    TEST_PAGES: onOff.optional(),
    BENCH_STATS: onOff.default("off"),
    MFA_REQUIRED_ROLES: z.string().optional(),
    TRUSTED_ORIGINS: z.string().default(""),
    TRUST_PROXY: z.string().min(1).default("loopback"),
    SIGN_IN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
    SMS_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
    SIGN_IN_ADDRESS_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(20),
    // Decimals allowed (0.02 = 72 s) so tests and trials can watch a session expire.
    SESSION_HOURS: z.coerce.number().min(0.01).max(24 * 30).default(12),
    OIDC_PROVIDERS: z.string().optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    BUILD_ID: z.string().regex(/^[\w.-]{1,64}$/, "letters, digits, '.', '_' or '-' only").optional(),
    VERSION_POLL_SECONDS: z.coerce.number().int().min(1).max(86400).optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^/?#\s]+/i, {
        message: "must be smtp://[user:password@]host[:port] or smtps://… (smtps: TLS from the start)",
        abort: true,
      })
      .refine((value) => URL.canParse(value), "is not a valid URL (percent-encode special characters in the user name and password)")
      .optional(),
    // SMS through a gateway over SMPP; without it SMS are written to the outbox (development, demo).
    SMS_SMPP_URL: z.string().min(1, "must not be empty").optional(),
    MAIL_FROM: z
      .string()
      .regex(MAIL_FROM_PATTERN, 'must be an address like "Casus <no-reply@casus.example.nl>" or no-reply@casus.example.nl')
      .default(DEFAULT_MAIL_FROM),
    // Media storage: local disk under DATA_DIR unless S3_BUCKET names a bucket in an S3-compatible store.
    S3_ENDPOINT: z
      .url({ protocol: /^https?$/, message: "must be an http:// or https:// URL such as https://s3.eu-west-1.amazonaws.com" })
      .refine((url) => !new URL(url).username && !new URL(url).password, "must not contain credentials; use S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY")
      .optional(),
    S3_REGION: z.string().regex(/^[a-z0-9-]{1,64}$/, "lower-case letters, digits and '-' only, such as eu-west-1").default("us-east-1"),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name: 3–63 lower-case letters, digits, '.' or '-'")
      .optional(),
    S3_ACCESS_KEY_ID: z.string().min(1, "must not be empty").optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1, "must not be empty").optional(),
    S3_FORCE_PATH_STYLE: onOff.default("on"),
    // Dossiers: when a submitted dossier is overdue for review, and when a draft or returned one is unfinished.
    REVIEW_TARGET_WORKING_DAYS: z.coerce.number().int().min(1).max(60).default(REVIEW_TARGET_WORKING_DAYS),
    UNFINISHED_DRAFT_DAYS: z.coerce.number().int().min(1).max(365).default(UNFINISHED_DRAFT_DAYS),
    // Upload limits in MiB (1 MiB = 1,048,576 bytes); the type is decided from the bytes.
    MEDIA_MAX_VIDEO_MB: z.coerce.number().int().min(1).max(1024 * 1024).default(MEDIA_MAX_VIDEO_BYTES_DEFAULT / MIB),
    MEDIA_MAX_IMAGE_MB: z.coerce.number().int().min(1).max(1024 * 1024).default(MEDIA_MAX_IMAGE_BYTES_DEFAULT / MIB),
    // The browser's offline cache for queued uploads, in MiB (seed §9: 40 by default, at least 1).
    OFFLINE_CACHE_MB: z.coerce.number().int().min(OFFLINE_CACHE_MIN_BYTES / MIB).max(4096).default(OFFLINE_CACHE_DEFAULT_BYTES / MIB),
    // Dossier exports: how many days their files are kept after they are completed.
    EXPORT_EXPIRY_DAYS: z.coerce.number().int().min(1).max(365).default(EXPORT_EXPIRY_DAYS),
    // The clinics' time zone: dates and times on every page and in e-mails, working days, and reporting's days.
    CLINIC_TIME_ZONE: z
      .string()
      .refine(isTimeZone, "must be an IANA time zone such as Europe/Amsterdam or Europe/Brussels")
      .default(CLINIC_TIME_ZONE),
    // The daily round of reminders of unfinished dossiers: "HH:MM" in the clinic's time zone on working days, or off.
    REMINDER_TIME: z
      .string()
      .regex(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, 'must be a time like 08:00 (24-hour, clinic time) or "off"')
      .default(REMINDER_TIME),
    // Whether this instance works background jobs (e-mail, reminders); off: it only writes them for the others.
    JOB_WORKERS: onOff.default("on"),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && env.DEMO === "off" && !env.AUTH_SECRET) {
      ctx.addIssue({ code: "custom", path: ["AUTH_SECRET"], message: "is required in production (32+ random characters)" });
    }
    if (env.S3_BUCKET) {
      for (const name of ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
        // An empty value already has its own "must not be empty" problem.
        if (env[name] === undefined) ctx.addIssue({ code: "custom", path: [name], message: "is required when S3_BUCKET is set (media is then stored in that bucket)" });
      }
    }
  });

/** Where media objects go when S3_BUCKET is set; otherwise null and they go to DATA_DIR/objects. */
export interface S3Settings {
  /** null: the AWS endpoint of `region`. */
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (http://host/bucket/key), which most S3-compatible servers need, instead of in the host name. */
  forcePathStyle: boolean;
}

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  baseUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  authSecret: string;
  demo: boolean;
  testPages: boolean;
  /** GET /__bench/stats (CPU time, memory, database statements of this process) for the benchmark suite in bench/. */
  benchStats: boolean;
  mfaRequiredRoles: Role[];
  trustedOrigins: string[];
  /** Express's "trust proxy": false, a hop count, or addresses/subnets ("loopback", "10.0.0.0/8", …). */
  trustProxy: boolean | number | string;
  signInRateLimitPerMinute: number;
  /** SMS codes per phone number per hour; twice that per user, five times per client address. */
  smsRateLimitPerHour: number;
  /** Sign-in attempts (password and e-mail link) per e-mail address per ADDRESS_RATE_LIMIT_WINDOW_MS. */
  signInAddressRateLimit: number;
  /** OpenID Connect providers for social sign-in (OIDC_PROVIDERS); empty: no social sign-in. */
  oidcProviders: OidcProvider[];
  sessionHours: number;
  logLevel: string;
  buildIdOverride: string | null;
  versionPollMs: number | null;
  secureCookies: boolean;
  /** smtp:// or smtps:// URL of the mail server; null: every e-mail and SMS goes to DATA_DIR/outbox instead. */
  smtpUrl: string | null;
  /** The SMS gateway (SMS_SMPP_URL); null: SMS go to the outbox. */
  smsSmpp: SmppSettings | null;
  /** The From header of every e-mail. */
  mailFrom: string;
  s3: S3Settings | null;
  /** A submitted dossier waiting longer than this many working days is past the review target. */
  reviewTargetWorkingDays: number;
  /** A draft or returned dossier untouched for this many days counts as unfinished. */
  unfinishedDraftDays: number;
  /** Largest accepted upload per kind, in bytes. */
  mediaMaxBytes: { video: number; image: number };
  /** The browser's offline cache for queued uploads' bytes (public: the upload queue reads it). */
  offlineCacheBytes: number;
  /** Days a completed dossier export's files are kept before they are deleted. */
  exportExpiryDays: number;
  /** The clinics' IANA time zone (app/domain/clinic-time-zone.ts). */
  clinicTimeZone: string;
  /** The daily reminder round's time of day in the clinic's zone, or null when it is off. */
  reminderTime: { hour: number; minute: number } | null;
  /** Whether this instance works the job queue (JOB_WORKERS). */
  jobWorkers: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Casus cannot start: invalid settings\n${problems.map((p) => `  - ${p}`).join("\n")}\nSee .env.example for every setting.`);
    this.name = "ConfigError";
  }
}

function parseRoles(value: string | undefined, fallback: Role[], problems: string[]): Role[] {
  if (value === undefined) return fallback;
  const roles = value
    .split(",")
    .map((r) => r.trim())
    .filter(Boolean);
  const unknown = roles.filter((r) => !(ROLES as readonly string[]).includes(r));
  if (unknown.length) problems.push(`MFA_REQUIRED_ROLES: unknown role(s) ${unknown.join(", ")}; use ${ROLES.join(", ")}`);
  return roles.filter((r): r is Role => (ROLES as readonly string[]).includes(r));
}

/** "true"/"false", a number of proxy hops, or a comma-separated list of addresses and subnets. */
function parseTrustProxy(value: string): boolean | number | string {
  if (value === "true" || value === "false") return value === "true";
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** Demo and development need no secret to be set: one is generated once and kept in DATA_DIR. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, ".auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/** Never echoed in error messages: the value is a secret (or, for a database, mail server or endpoint URL, may hold a password). */
const SECRET_VARIABLES = new Set(["OIDC_PROVIDERS", "AUTH_SECRET", "DATABASE_URL", "SMTP_URL", "SMS_SMPP_URL", "S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"]);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join(".");
        const given = name in env && !SECRET_VARIABLES.has(name) ? ` (got "${String(env[name]).slice(0, 40)}")` : "";
        return `${name}: ${issue.message}${given}`;
      }),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  const demo = e.DEMO === "on";
  const mfaRequiredRoles = parseRoles(e.MFA_REQUIRED_ROLES, demo ? [] : ["admin", "supervisor"], problems);
  const trustedOrigins = e.TRUSTED_ORIGINS.split(",")
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of trustedOrigins) {
    if (!URL.canParse(origin) || new URL(origin).origin !== origin) problems.push(`TRUSTED_ORIGINS: "${origin}" is not an origin like https://casus.example.nl`);
  }
  const oidc = parseOidcProviders(e.OIDC_PROVIDERS);
  problems.push(...oidc.problems);
  const smpp = e.SMS_SMPP_URL ? parseSmppUrl(e.SMS_SMPP_URL) : { settings: null, problems: [] };
  problems.push(...smpp.problems.map((p) => `SMS_SMPP_URL: ${p}`));
  if (problems.length) throw new ConfigError(problems);

  const dataDir = path.resolve(e.DATA_DIR);
  const baseUrl = (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    baseUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    authSecret: e.AUTH_SECRET ?? localSecret(dataDir),
    demo,
    testPages: e.TEST_PAGES ? e.TEST_PAGES === "on" : demo || e.NODE_ENV !== "production",
    benchStats: e.BENCH_STATS === "on",
    mfaRequiredRoles,
    trustedOrigins,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    signInRateLimitPerMinute: e.SIGN_IN_RATE_LIMIT_PER_MINUTE,
    smsRateLimitPerHour: e.SMS_RATE_LIMIT_PER_HOUR,
    signInAddressRateLimit: e.SIGN_IN_ADDRESS_RATE_LIMIT,
    oidcProviders: oidc.providers,
    sessionHours: e.SESSION_HOURS,
    logLevel: e.LOG_LEVEL,
    buildIdOverride: e.BUILD_ID ?? null,
    versionPollMs: e.VERSION_POLL_SECONDS ? e.VERSION_POLL_SECONDS * 1000 : null,
    secureCookies: baseUrl.startsWith("https://"),
    smtpUrl: e.SMTP_URL ?? null,
    smsSmpp: smpp.settings,
    mailFrom: e.MAIL_FROM,
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT ?? null,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === "on",
          }
        : null,
    reviewTargetWorkingDays: e.REVIEW_TARGET_WORKING_DAYS,
    unfinishedDraftDays: e.UNFINISHED_DRAFT_DAYS,
    mediaMaxBytes: { video: e.MEDIA_MAX_VIDEO_MB * MIB, image: e.MEDIA_MAX_IMAGE_MB * MIB },
    offlineCacheBytes: e.OFFLINE_CACHE_MB * MIB,
    exportExpiryDays: e.EXPORT_EXPIRY_DAYS,
    clinicTimeZone: e.CLINIC_TIME_ZONE,
    reminderTime: e.REMINDER_TIME === "off" ? null : { hour: Number(e.REMINDER_TIME.slice(0, 2)), minute: Number(e.REMINDER_TIME.slice(3)) },
    jobWorkers: e.JOB_WORKERS === "on",
  };
}

const CONFIG_KEY = Symbol.for("casus.config");
type ConfigHolder = { [CONFIG_KEY]?: Config };

/** The settings of this process, loaded on first use (start-up calls it first, so problems surface then). */
export function config(): Config {
  const holder = globalThis as ConfigHolder;
  holder[CONFIG_KEY] ??= loadConfig();
  return holder[CONFIG_KEY];
}

/** Tests and start-up may install settings explicitly. */
export function setConfig(value: Config): void {
  (globalThis as ConfigHolder)[CONFIG_KEY] = value;
}
