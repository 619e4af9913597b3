/**
 * The seed's business constants (SPEC.md §5, §9; PRODUCT.md "Seed constants and limits").
 * Every number the product promises lives here once; code imports it by name.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Per-locale message files may be cached this long (URLs carry the build id, so deploys still bust it). */
export const TRANSLATION_CACHE_MS = 24 * HOUR;

/** The cookie that remembers the chosen language, and how long it lives. */
export const LANGUAGE_COOKIE = "i18n_redirected";
export const LANGUAGE_COOKIE_MAX_AGE_MS = 365 * DAY;

/** After a failed chunk load the page reloads once; not again within this window. */
export const CHUNK_RELOAD_GUARD_MS = 10 * SECOND;

/** A message file that got no answer is asked for again: this many attempts in all, waits doubling from the first. */
export const MESSAGE_FILE_ATTEMPTS = 4;
export const MESSAGE_FILE_FIRST_RETRY_MS = 500;

/** Session keeper: refresh starts before expiry, backs off on failure, and treats sessions as expired early. */
export const SESSION_REFRESH_LEAD_MS = 5 * MINUTE;
export const SESSION_RETRY_INITIAL_MS = 30 * SECOND;
export const SESSION_RETRY_MAX_MS = 16 * MINUTE;
export const SESSION_EXPIRY_SKEW_MS = 30 * SECOND;

/** Storage client retry windows and backoff ceiling. */
export const STORAGE_OPERATION_RETRY_MS = 120 * SECOND;
export const STORAGE_UPLOAD_RETRY_MS = 600 * SECOND;
export const STORAGE_BACKOFF_MAX_MS = 64 * SECOND;

/** Serialization failures and deadlocks are retried at most this many times. */
export const TRANSACTION_MAX_RETRIES = 25;

/** Browser cache of drafts and queued uploads. */
export const OFFLINE_CACHE_DEFAULT_BYTES = 40 * 1024 * 1024;
export const OFFLINE_CACHE_MIN_BYTES = 1 * 1024 * 1024;

/**
 * A first-administrator setup code (printed at start-up while no administrator exists) works this long; a restart
 * prints a new one. Long enough to install in the evening and set up the next morning.
 */
export const SETUP_CODE_TTL_MS = 24 * 60 * MINUTE;

/**
 * App-check tokens (the seed's storage requests carry one besides the session): valid this long, and the browser
 * fetches a fresh one this long before the old one expires (the seed's token refresh margin).
 */
export const APP_CHECK_TTL_MS = 60 * MINUTE;
export const APP_CHECK_REFRESH_BEFORE_MS = 5 * MINUTE;
export const APP_CHECK_HEADER = "x-casus-app-check";
export const APP_CHECK_PATH = "/api/app-check";
/** Where resumable (tus) uploads are created and continued: the browser's endpoint and the server's mount point. */
export const UPLOADS_PATH = "/api/uploads";
/** The health endpoint: also the browser's online check (app/lib/online-status.ts), which must not load the API table. */
export const HEALTH_PATH = "/healthz";

/** Online check and request timeouts (client requests; the server's statement timeout). */
export const ONLINE_CHECK_TIMEOUT_MS = 10 * SECOND;
export const REQUEST_TIMEOUT_MS = 15 * SECOND;

/** The one HTTP client retries once for methods without a body, never with one, on these statuses. */
export const HTTP_RETRY_COUNT_WITHOUT_BODY = 1;
export const HTTP_RETRY_COUNT_WITH_BODY = 0;
export const HTTP_RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504] as const;

/** User-supplied keys (labels, tags, metadata keys, name segments) may not contain these. */
export const FORBIDDEN_KEY_CHARACTERS = [".", "#", "$", "/", "[", "]"] as const;

/** Every stored text is at most this many bytes of UTF-8. */
export const MAX_STORED_STRING_BYTES = 10 * 1024 * 1024;

/**
 * How deep a JSON body may nest (objects and arrays in one another). Ours nest a few levels (a model's metrics,
 * an export's filters); PostgreSQL's JSON parser refuses far less than what fits in 16 MB.
 */
export const JSON_BODY_MAX_DEPTH = 32;

/** How often the browser asks whether a newer build has been deployed. */
export const VERSION_POLL_INTERVAL_MS = 5 * MINUTE;

// Account security (issue 3): password, e-mail, phone and second-factor changes need a sign-in this recent.
export const RECENT_LOGIN_MS = 10 * MINUTE;
/** SMS codes (phone sign-in, phone verification, SMS second factor) are valid this long. */
export const SMS_CODE_MINUTES = 5;
/**
 * SMS codes: the setting SMS_RATE_LIMIT_PER_HOUR is the most per phone number per window; a user may be sent
 * SMS_RATE_LIMIT_USER_FACTOR times that (several numbers over time), a client address SMS_RATE_LIMIT_ADDRESS_FACTOR
 * times (a clinic behind one address). Over the limit no SMS goes out; the account page says so, the sign-in form
 * answers as always.
 */
export const SMS_RATE_LIMIT_USER_FACTOR = 2;
export const SMS_RATE_LIMIT_ADDRESS_FACTOR = 5;
export const SMS_RATE_LIMIT_WINDOW_MS = 60 * 60 * 1000;
/** Wrong tries allowed per SMS code before a new one must be requested. */
export const SMS_CODE_ATTEMPTS = 3;
/**
 * Re-authentications (password, authenticator or backup code, SMS code) one user may try per window on the account
 * page, right or wrong: a stolen session cookie must not be able to guess its way to a "recent" sign-in.
 */
export const REAUTH_ATTEMPTS = 10;
export const REAUTH_WINDOW_MS = 15 * MINUTE;
/** How long an authenticator code used for a sign-in stays refused: the 30-second step with one step either side. */
export const TOTP_CODE_REUSE_WINDOW_MS = 90 * 1000;

/** An e-mailed sign-in link works once, for this long. */
export const MAGIC_LINK_TTL_MINUTES = 15;

/** Sign-in attempts per e-mail address (SIGN_IN_ADDRESS_RATE_LIMIT) are counted over this window. */
export const ADDRESS_RATE_LIMIT_WINDOW_MS = 15 * MINUTE;

/** The cookie by which /verify-login recognises the browser that asked for a sign-in link. */
export const MAGIC_LINK_MARKER_COOKIE = "casus.sign_in_link";

/**
 * The calendar years a date may have anywhere the product takes one (a list's or report's period, an export's
 * since and until, a patient's birth year): every patient and every dossier fits, and a day or a few years of
 * arithmetic on such a date (the next day, the previous period) stays far inside what JavaScript's Date and
 * PostgreSQL take (years 1 to 9999 in their ISO text). app/domain/calendar-day.ts applies it.
 */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2100;

/** Dossiers (PRODUCT.md "Unfinished dossiers"): the review target and when a draft counts as unfinished. Settings may override both. */
export const REVIEW_TARGET_WORKING_DAYS = 2;

/** How long the SMS gateway (SMPP) may take to accept a bind or a message before the SMS counts as not sent. */
export const SMPP_TIMEOUT_MS = 10 * SECOND;

/** The clinics' time zone by default (CLINIC_TIME_ZONE overrides; app/domain/clinic-time-zone.ts holds the one in use). */
export const CLINIC_TIME_ZONE = "Europe/Amsterdam";
export const UNFINISHED_DRAFT_DAYS = 7;
/** The daily round of reminders (REMINDER_TIME overrides; "off" stops it): clinic time, working days only. */
export const REMINDER_TIME = "08:00";
/** The round reminds an unfinished dossier again once this many working days passed since its last reminder. */
export const REMINDER_REPEAT_WORKING_DAYS = 2;
/** After this many reminders of a draft or returned dossier, the next ones also go to the organisation's supervisors. */
export const REMINDERS_BEFORE_ESCALATION = 2;
/**
 * The daily round reads the unfinished dossiers in keyset batches of this many (with their reminders): memory stays
 * bounded, and the reminders' lookup stays far under PostgreSQL's 65,535 bind parameters per statement.
 */
export const REMINDER_ROUND_BATCH_SIZE = 500;
/** Days a completed dossier export's files are kept (EXPORT_EXPIRY_DAYS overrides). */
export const EXPORT_EXPIRY_DAYS = 7;
/** Dossiers read per keyset batch of an export: large enough to amortise the round trips, small enough to bound memory. */
export const EXPORT_BATCH_SIZE = 1000;
/** At most this many exports run at once in one process; more wait queued. */
export const EXPORT_CONCURRENCY = 2;
/** Progress is announced on the live stream at most this often per export. */
export const EXPORT_PROGRESS_INTERVAL_MS = 250;

/** Signed media URLs (downloads and playback) stop working at most this long after they were issued (signed-url.server.ts). */
export const MEDIA_URL_TTL_MS = 10 * MINUTE;
/** Frame stepping in dossier videos assumes this rate until the browser has measured the real one. */
export const ASSUMED_FRAME_RATE = 25;

/** Default maximum upload sizes; MEDIA_MAX_VIDEO_MB / MEDIA_MAX_IMAGE_MB override them. */
export const MEDIA_MAX_VIDEO_BYTES_DEFAULT = 1024 * 1024 * 1024;
export const MEDIA_MAX_IMAGE_BYTES_DEFAULT = 20 * 1024 * 1024;
/** A poster frame or thumbnail made in the browser; larger ones are refused. */
export const MEDIA_PREVIEW_MAX_BYTES = 2 * 1024 * 1024;
/**
 * The longest video and the widest or tallest picture or frame the browser may report (upload metadata, labelled
 * images); larger numbers are refused. A day of video is far beyond any recording, and 65,535 px is the most a
 * JPEG can be; both stay inside PostgreSQL's `integer` (2,147,483,647), the columns they are stored in.
 */
export const MEDIA_MAX_DURATION_MS = 24 * HOUR;
export const MEDIA_MAX_DIMENSION_PX = 65_535;

/** An upload not finished within this time is dropped (staged bytes and record), freeing its quota. */
export const UPLOAD_EXPIRY_MS = 7 * DAY;

/** An invitation link works this long; resending makes a new link with a fresh period. */
export const INVITATION_VALID_DAYS = 7;
/** A password-reset link works this long. */
export const PASSWORD_RESET_VALID_MINUTES = 60;
/** A link confirming a new e-mail address (sent to that address) works this long, once. */
export const EMAIL_CHANGE_VALID_MINUTES = 60;
/** New passwords: at least this long, and at least this zxcvbn score (0–4). */
export const PASSWORD_MIN_LENGTH = 12;
/** Better Auth's upper bound too (auth.server.ts maxPasswordLength). */
export const PASSWORD_MAX_LENGTH = 256;
export const PASSWORD_MIN_SCORE = 3;
/** Admin lists show this many rows per page; a CSV import takes at most this many rows. */
export const ADMIN_PAGE_SIZE = 20;
/**
 * A select of people or organisations (assign a supervisor, move a professional) offers at most this many choices;
 * above it, a search beside the select narrows them. A select is not a list to page through.
 */
export const CHOICES_MAX = 50;
/** The longest search text an admin list uses; longer input is cut (the field's `maxLength` does so in the browser). */
export const ADMIN_SEARCH_MAX = 100;
export const CSV_IMPORT_MAX_ROWS = 500;

/**
 * Rows per page of every dossier list (my dossiers, a patient's history, the supervisor's queue, unfinished
 * dossiers): pages stay the same size however many dossiers exist (issue 13), and each list's query has an index
 * for its filter and order (drizzle/0002_list_indexes.sql).
 */
export const DOSSIER_PAGE_SIZE = 25;
/**
 * Paged dossier lists count their matches only up to this many (or up to the page asked for, if further): counting
 * reads one index entry per match, so an exact total grows with the data; past it the page says "more than 500"
 * (decision 087). Whole pages, so "page 20 of more than 20" is true.
 */
export const DOSSIER_COUNT_LIMIT = 20 * DOSSIER_PAGE_SIZE;
/** Dossiers on the professional's home: those returned to them (at most a page), then this many recent ones. */
export const HOME_RECENT_LIMIT = 10;

/** Events per page of a dossier's event log on the admin dossier page. */
export const ADMIN_DOSSIER_LOG_PAGE_SIZE = 50;

/**
 * Repeated views of one dossier by the same user within this time are logged once: every loader revalidation
 * (each live refresh, each action) opens the dossier again, and the log is for who looked, not how often.
 */
export const DOSSIER_VIEW_COLLAPSE_MS = 5 * MINUTE;
