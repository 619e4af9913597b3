import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { config, ConfigError, loadConfig, setConfig } from "./config.server";
import { buildPublicConfig } from "./public-config.server";

const SECRET = "0123456789abcdef0123456789abcdef";
let dataDir: string;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "casus-config-"));
});
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The ConfigError thrown for `env` (fails the test when nothing is thrown). */
function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig({ DATA_DIR: dataDir, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe("loadConfig defaults", () => {
  it("gives a working development configuration from an empty environment", () => {
    const c = loadConfig({ AUTH_SECRET: SECRET });
    expect(c).toEqual({
      env: "development",
      port: 3000,
      host: "0.0.0.0",
      baseUrl: "http://localhost:3000",
      dataDir: path.resolve("./data"),
      databaseUrl: null,
      authSecret: SECRET,
      demo: false,
      testPages: true,
      benchStats: false,
      mfaRequiredRoles: ["admin", "supervisor"],
      trustedOrigins: [],
      trustProxy: "loopback",
      signInRateLimitPerMinute: 30,
      smsRateLimitPerHour: 10,
      signInAddressRateLimit: 20,
      oidcProviders: [],
      sessionHours: 12,
      logLevel: "info",
      buildIdOverride: null,
      versionPollMs: null,
      secureCookies: false,
      smtpUrl: null,
      smsSmpp: null,
      mailFrom: "Casus <no-reply@casus.local>",
      s3: null,
      reviewTargetWorkingDays: 2,
      unfinishedDraftDays: 7,
      mediaMaxBytes: { video: 1024 * 1024 * 1024, image: 20 * 1024 * 1024 },
      offlineCacheBytes: 40 * 1024 * 1024,
      exportExpiryDays: 7,
      clinicTimeZone: "Europe/Amsterdam",
      reminderTime: { hour: 8, minute: 0 },
      jobWorkers: true,
    });
  });

  it("reads the dossier thresholds and refuses nonsense", () => {
    const c = loadConfig({ AUTH_SECRET: SECRET, REVIEW_TARGET_WORKING_DAYS: "3", UNFINISHED_DRAFT_DAYS: "14" });
    expect([c.reviewTargetWorkingDays, c.unfinishedDraftDays]).toEqual([3, 14]);
    expect(() => loadConfig({ AUTH_SECRET: SECRET, REVIEW_TARGET_WORKING_DAYS: "0" })).toThrow(/REVIEW_TARGET_WORKING_DAYS/);
    expect(() => loadConfig({ AUTH_SECRET: SECRET, UNFINISHED_DRAFT_DAYS: "a week" })).toThrow(/UNFINISHED_DRAFT_DAYS/);
  });

  it("reads the SMS gateway from SMS_SMPP_URL, and names a problem without echoing the password", () => {
    expect(loadConfig({ AUTH_SECRET: SECRET }).smsSmpp).toBeNull();
    expect(loadConfig({ AUTH_SECRET: SECRET, SMS_SMPP_URL: "smpp://casus:geheim@gw.example:2775?source=Casus" }).smsSmpp).toEqual({
      host: "gw.example",
      port: 2775,
      tls: false,
      systemId: "casus",
      password: "geheim",
      source: "Casus",
    });
    const error = configError({ AUTH_SECRET: SECRET, SMS_SMPP_URL: "http://casus:geheim@gw.example" });
    expect(error.message).toMatch(/SMS_SMPP_URL: must start with smpp:\/\/ or smpps:\/\//);
    expect(error.message).not.toContain("geheim");
  });

  it("reads the clinics' time zone (Europe/Amsterdam unless set) and refuses one that does not exist", () => {
    expect(loadConfig({ AUTH_SECRET: SECRET }).clinicTimeZone).toBe("Europe/Amsterdam");
    expect(loadConfig({ AUTH_SECRET: SECRET, CLINIC_TIME_ZONE: "Europe/Brussels" }).clinicTimeZone).toBe("Europe/Brussels");
    expect(loadConfig({ AUTH_SECRET: SECRET, REMINDER_TIME: "07:45" }).reminderTime).toEqual({ hour: 7, minute: 45 });
    expect(loadConfig({ AUTH_SECRET: SECRET, REMINDER_TIME: "off" }).reminderTime).toBeNull();
    expect(() => loadConfig({ AUTH_SECRET: SECRET, REMINDER_TIME: "8 uur" })).toThrow(/REMINDER_TIME: must be a time like 08:00/);
    expect(() => loadConfig({ AUTH_SECRET: SECRET, REMINDER_TIME: "24:00" })).toThrow(/REMINDER_TIME/);
    expect(loadConfig({ AUTH_SECRET: SECRET, JOB_WORKERS: "off" }).jobWorkers).toBe(false);
    expect(configError({ AUTH_SECRET: SECRET, CLINIC_TIME_ZONE: "Europe/Atlantis" }).message).toMatch(/CLINIC_TIME_ZONE: must be an IANA time zone/);
    expect(configError({ AUTH_SECRET: SECRET, CLINIC_TIME_ZONE: "" }).message).toMatch(/CLINIC_TIME_ZONE/);
  });

  it("reads how long dossier exports are kept (7 days unless set, 1–365)", () => {
    expect(loadConfig({ AUTH_SECRET: SECRET, EXPORT_EXPIRY_DAYS: "30" }).exportExpiryDays).toBe(30);
    expect(() => loadConfig({ AUTH_SECRET: SECRET, EXPORT_EXPIRY_DAYS: "0" })).toThrow(/EXPORT_EXPIRY_DAYS/);
    expect(() => loadConfig({ AUTH_SECRET: SECRET, EXPORT_EXPIRY_DAYS: "a week" })).toThrow(/EXPORT_EXPIRY_DAYS/);
  });

  it("generates a local secret once and keeps it in DATA_DIR", () => {
    const first = loadConfig({ DATA_DIR: dataDir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.readFileSync(path.join(dataDir, ".auth-secret"), "utf8")).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(first);
    expect((fs.statSync(path.join(dataDir, ".auth-secret")).mode & 0o777).toString(8)).toBe("600");
  });

  it("reads the settings it is given", () => {
    const c = loadConfig({
      NODE_ENV: "production",
      PORT: "8080",
      BASE_URL: "https://casus.example.nl/",
      AUTH_SECRET: SECRET,
      DATABASE_URL: "postgresql://casus@db/casus",
      TRUSTED_ORIGINS: "https://a.example.nl, https://b.example.nl:8443",
      SESSION_HOURS: "8",
      BUILD_ID: "v1.2.3",
      VERSION_POLL_SECONDS: "60",
    });
    expect(c.port).toBe(8080);
    expect(c.baseUrl).toBe("https://casus.example.nl");
    expect(c.secureCookies).toBe(true);
    expect(c.databaseUrl).toBe("postgresql://casus@db/casus");
    expect(c.trustedOrigins).toEqual(["https://a.example.nl", "https://b.example.nl:8443"]);
    expect(c.sessionHours).toBe(8);
    expect(c.buildIdOverride).toBe("v1.2.3");
    expect(c.versionPollMs).toBe(60_000);
    expect(c.testPages).toBe(false);
  });
});

describe("loadConfig refuses invalid settings, naming the variable", () => {
  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "-1"],
    ["PORT", "0"],
    ["PORT", "80.5"],
    ["DATABASE_URL", "mysql://db/casus"],
    ["DATABASE_URL", "localhost:5432"],
    ["TRUSTED_ORIGINS", "https://casus.example.nl/path"],
    ["TRUSTED_ORIGINS", "not a url"],
    ["TRUSTED_ORIGINS", "https://ok.example.nl,casus.example.nl"],
    ["MFA_REQUIRED_ROLES", "admin,root"],
    ["MFA_REQUIRED_ROLES", "Admin"],
    ["AUTH_SECRET", "too-short"],
    ["BASE_URL", "ftp://casus.example.nl"],
    ["NODE_ENV", "staging"],
    ["DEMO", "yes"],
    ["TEST_PAGES", "true"],
    ["SESSION_HOURS", "0"],
    ["BUILD_ID", "has space"],
    ["TRUST_PROXY", ""],
    ["SIGN_IN_RATE_LIMIT_PER_MINUTE", "0"],
    ["SMTP_URL", "mail.example.nl:587"],
    ["SMTP_URL", "http://mail.example.nl"],
    ["SMTP_URL", "smtp://"],
    ["SMTP_URL", ""],
    ["MAIL_FROM", "Casus"],
    ["MAIL_FROM", "Casus <no-reply>"],
    ["MAIL_FROM", "a@b.nl\r\nBcc: x@evil.example"],
    ["S3_BUCKET", "Casus_Media"],
    ["S3_BUCKET", "ab"],
    ["S3_REGION", "EU West"],
    ["S3_ENDPOINT", "minio:9000"],
    ["S3_FORCE_PATH_STYLE", "true"],
  ])("%s=%j", (name, value) => {
    const error = configError({ AUTH_SECRET: SECRET, [name]: value });
    expect(error.message).toContain(name);
    expect(error.problems.some((p) => p.startsWith(`${name}:`))).toBe(true);
    expect(error.message).toContain(".env.example");
  });

  it("reports every problem at once", () => {
    const error = configError({ PORT: "x", DATABASE_URL: "mysql://x", AUTH_SECRET: SECRET });
    expect(error.problems.length).toBe(2);
  });

  it("never echoes a secret value in the message", () => {
    const secretError = configError({ AUTH_SECRET: "short-but-secret" });
    expect(secretError.message).toContain("AUTH_SECRET");
    expect(secretError.message).not.toContain("short-but-secret");
    const urlError = configError({ AUTH_SECRET: SECRET, DATABASE_URL: "postgresql+psycopg://casus:hunter2@db/casus" });
    expect(urlError.message).toContain("DATABASE_URL");
    expect(urlError.message).not.toContain("hunter2");
  });

  it("never echoes SMTP_URL, which may hold the mail server's password", () => {
    const error = configError({ AUTH_SECRET: SECRET, SMTP_URL: "smpt://casus:hunter2@mail.example.nl" });
    expect(error.problems).toEqual([expect.stringMatching(/^SMTP_URL: must be smtp:\/\//)]);
    expect(error.message).not.toContain("hunter2");
  });

  it("echoes other values so the operator sees what was wrong", () => {
    expect(configError({ AUTH_SECRET: SECRET, PORT: "abc" }).message).toContain('(got "abc")');
  });
});

describe("mail settings", () => {
  it.each(["smtp://mail.example.nl", "smtp://casus:p%40ss@mail.example.nl:587", "smtps://mail.example.nl:465", "SMTP://127.0.0.1:2525"])(
    "accepts SMTP_URL=%s",
    (url) => {
      expect(loadConfig({ AUTH_SECRET: SECRET, DATA_DIR: dataDir, SMTP_URL: url }).smtpUrl).toBe(url);
    },
  );

  it("takes MAIL_FROM as given", () => {
    expect(loadConfig({ AUTH_SECRET: SECRET, DATA_DIR: dataDir, MAIL_FROM: "Casus Zorg <zorg@casus.example.nl>" }).mailFrom).toBe(
      "Casus Zorg <zorg@casus.example.nl>",
    );
    expect(loadConfig({ AUTH_SECRET: SECRET, DATA_DIR: dataDir, MAIL_FROM: "zorg@casus.example.nl" }).mailFrom).toBe("zorg@casus.example.nl");
  });
});

describe("TRUST_PROXY", () => {
  it.each([
    ["true", true],
    ["false", false],
    ["2", 2],
    ["loopback", "loopback"],
    ["10.0.0.0/8, 127.0.0.1", "10.0.0.0/8, 127.0.0.1"],
  ] as const)("%j → %j", (value, expected) => {
    expect(loadConfig({ AUTH_SECRET: SECRET, TRUST_PROXY: value }).trustProxy).toBe(expected);
  });
});

describe("production and demo", () => {
  it("refuses production without AUTH_SECRET", () => {
    const error = configError({ NODE_ENV: "production" });
    expect(error.problems).toEqual([expect.stringMatching(/^AUTH_SECRET: is required in production/)]);
    expect(fs.existsSync(path.join(dataDir, ".auth-secret"))).toBe(false);
  });

  it("switches test pages off in production unless TEST_PAGES=on", () => {
    expect(loadConfig({ NODE_ENV: "production", AUTH_SECRET: SECRET }).testPages).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", AUTH_SECRET: SECRET, TEST_PAGES: "on" }).testPages).toBe(true);
    expect(loadConfig({ NODE_ENV: "development", AUTH_SECRET: SECRET, TEST_PAGES: "off" }).testPages).toBe(false);
    expect(loadConfig({ NODE_ENV: "test", AUTH_SECRET: SECRET }).testPages).toBe(true);
  });

  it("demo mode runs in production without a secret, with test pages on and no MFA requirement", () => {
    const c = loadConfig({ NODE_ENV: "production", DEMO: "on", DATA_DIR: dataDir });
    expect(c.demo).toBe(true);
    expect(c.testPages).toBe(true);
    expect(c.mfaRequiredRoles).toEqual([]);
    expect(c.authSecret.length).toBeGreaterThanOrEqual(32);
  });

  it("demo mode still honours explicit TEST_PAGES and MFA_REQUIRED_ROLES", () => {
    const c = loadConfig({ DEMO: "on", AUTH_SECRET: SECRET, TEST_PAGES: "off", MFA_REQUIRED_ROLES: "admin" });
    expect(c.testPages).toBe(false);
    expect(c.mfaRequiredRoles).toEqual(["admin"]);
  });

  it("MFA_REQUIRED_ROLES may be set empty, and tolerates spaces", () => {
    expect(loadConfig({ AUTH_SECRET: SECRET, MFA_REQUIRED_ROLES: "" }).mfaRequiredRoles).toEqual([]);
    expect(loadConfig({ AUTH_SECRET: SECRET, MFA_REQUIRED_ROLES: " supervisor , professional " }).mfaRequiredRoles).toEqual([
      "supervisor",
      "professional",
    ]);
  });
});

describe("S3 media storage", () => {
  const S3 = { AUTH_SECRET: SECRET, S3_BUCKET: "casus-media", S3_ACCESS_KEY_ID: "AKIAEXAMPLE", S3_SECRET_ACCESS_KEY: "wJalrXUtnFEMI-very-secret" };

  it("is off (disk under DATA_DIR) unless S3_BUCKET is set, even when other S3_* settings are", () => {
    expect(loadConfig({ AUTH_SECRET: SECRET, S3_ENDPOINT: "http://127.0.0.1:9000", S3_ACCESS_KEY_ID: "x" }).s3).toBeNull();
  });

  it("reads the bucket, credentials and defaults (AWS endpoint, us-east-1, path style on)", () => {
    expect(loadConfig(S3).s3).toEqual({
      endpoint: null,
      region: "us-east-1",
      bucket: "casus-media",
      accessKeyId: "AKIAEXAMPLE",
      secretAccessKey: "wJalrXUtnFEMI-very-secret",
      forcePathStyle: true,
    });
    const custom = loadConfig({ ...S3, S3_ENDPOINT: "https://s3.example.nl:9000", S3_REGION: "eu-west-1", S3_FORCE_PATH_STYLE: "off" }).s3;
    expect(custom).toMatchObject({ endpoint: "https://s3.example.nl:9000", region: "eu-west-1", forcePathStyle: false });
  });

  it.each(["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"])("requires %s once S3_BUCKET is set", (name) => {
    const error = configError({ ...S3, [name]: undefined });
    expect(error.problems).toEqual([`${name}: is required when S3_BUCKET is set (media is then stored in that bucket)`]);
  });

  it("never echoes the credentials or an endpoint that holds them", () => {
    const error = configError({ ...S3, S3_ACCESS_KEY_ID: "", S3_SECRET_ACCESS_KEY: "", S3_ENDPOINT: "https://AKIAEXAMPLE:hunter2@s3.example.nl" });
    expect(error.problems.map((p) => p.split(":")[0]).sort()).toEqual(["S3_ACCESS_KEY_ID", "S3_ENDPOINT", "S3_SECRET_ACCESS_KEY"]);
    expect(error.message).not.toContain("hunter2");
    expect(error.message).not.toContain("AKIAEXAMPLE");
    expect(error.message).not.toContain("got");
  });
});

describe("config() and setConfig()", () => {
  it("returns the installed settings", () => {
    const installed = loadConfig({ AUTH_SECRET: SECRET, PORT: "4123" });
    setConfig(installed);
    expect(config()).toBe(installed);
    expect(config().port).toBe(4123);
  });
});

describe("media upload limits", () => {
  it("are set in MiB and refuse nonsense", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "casus-config-media-"));
    expect(loadConfig({ AUTH_SECRET: "x".repeat(32), DATA_DIR: dataDir, MEDIA_MAX_VIDEO_MB: "500", MEDIA_MAX_IMAGE_MB: "5" }).mediaMaxBytes).toEqual({
      video: 500 * 1024 * 1024,
      image: 5 * 1024 * 1024,
    });
    expect(() => loadConfig({ AUTH_SECRET: "x".repeat(32), DATA_DIR: dataDir, MEDIA_MAX_VIDEO_MB: "0" })).toThrow(/MEDIA_MAX_VIDEO_MB/);
    expect(() => loadConfig({ AUTH_SECRET: "x".repeat(32), DATA_DIR: dataDir, MEDIA_MAX_IMAGE_MB: "lots" })).toThrow(/MEDIA_MAX_IMAGE_MB/);
  });
});

describe("offline cache budget (OFFLINE_CACHE_MB)", () => {
  it("is 40 MiB by default, set in MiB, never below 1 MiB, and reaches the browser through the public config", () => {
    expect(loadConfig({ AUTH_SECRET: SECRET, DATA_DIR: dataDir }).offlineCacheBytes).toBe(40 * 1024 * 1024);
    const set = loadConfig({ AUTH_SECRET: SECRET, DATA_DIR: dataDir, OFFLINE_CACHE_MB: "8" });
    expect(set.offlineCacheBytes).toBe(8 * 1024 * 1024);
    expect(buildPublicConfig(set, "build").offlineCacheBytes).toBe(8 * 1024 * 1024);
    expect(loadConfig({ AUTH_SECRET: SECRET, DATA_DIR: dataDir, OFFLINE_CACHE_MB: "1" }).offlineCacheBytes).toBe(1024 * 1024);
    expect(configError({ AUTH_SECRET: SECRET, OFFLINE_CACHE_MB: "0" }).message).toMatch(/OFFLINE_CACHE_MB/);
    expect(configError({ AUTH_SECRET: SECRET, OFFLINE_CACHE_MB: "0.5" }).message).toMatch(/OFFLINE_CACHE_MB/);
    expect(configError({ AUTH_SECRET: SECRET, OFFLINE_CACHE_MB: "lots" }).message).toMatch(/OFFLINE_CACHE_MB/);
  });
});
