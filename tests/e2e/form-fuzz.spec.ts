/**
 * Every page action, sent bodies the server cannot or must not take (issue 12): never a 5xx, never a stack trace.
 * The bodies name no real intent, so nothing is changed on the shared server. Signed in as the role each page's
 * guard admits (and signed out for the public pages).
 */
import type { APIRequestContext } from "@playwright/test";
import { apiSession, expect, test } from "./support/fixtures";
import { matrixFixtures } from "./support/matrix-fixtures";

type Role = "anon" | "admin" | "supervisor" | "pro";
interface Body {
  name: string;
  contentType?: string;
  data: string | Buffer;
}

const BOUNDARY = "----casusfuzz";
const multipart = (parts: string) => `--${BOUNDARY}\r\n${parts}`;
const field = (name: string, value: string) => `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n--${BOUNDARY}`;
const FORM = "application/x-www-form-urlencoded";
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

const BODIES: Body[] = [
  { name: "empty, no type", data: "" },
  { name: "empty form", contentType: FORM, data: "" },
  { name: "multipart without boundary", contentType: "multipart/form-data", data: "x" },
  { name: "JSON object", contentType: "application/json", data: '{"intent":"fuzz","name":"x"}' },
  { name: "JSON array", contentType: "application/json", data: "[1,2,3]" },
  { name: "broken JSON", contentType: "application/json", data: '{"intent":' },
  { name: "plain text", contentType: "text/plain", data: "intent=fuzz" },
  { name: "XML", contentType: "application/xml", data: "<intent>fuzz</intent>" },
  { name: "binary", contentType: "application/octet-stream", data: Buffer.from([0, 1, 2, 255, 254, 0]) },
  { name: "truncated multipart", contentType: MULTIPART, data: multipart('Content-Disposition: form-data; name="intent"\r\n\r\nfu') },
  { name: "multipart, wrong boundary", contentType: `multipart/form-data; boundary=other`, data: multipart(field("intent", "fuzz")) + "--\r\n" },
  { name: "multipart, never closed", contentType: MULTIPART, data: multipart(field("intent", "fuzz")) },
  { name: "multipart with NUL", contentType: MULTIPART, data: multipart(field("name", "a\u0000b")) + "--\r\n" },
  { name: "multipart, file where text is expected", contentType: MULTIPART, data: multipart('Content-Disposition: form-data; name="name"; filename="x.txt"\r\nContent-Type: text/plain\r\n\r\nabc\r\n--' + BOUNDARY) + "--\r\n" },
  { name: "NUL in a field", contentType: FORM, data: "intent=fuzz&name=a%00b&email=x%00%40casus.test" },
  { name: "control characters", contentType: FORM, data: "name=%01%02%1b%7f&text=%08" },
  { name: "invalid percent-encoding", contentType: FORM, data: "name=%zz&email=%" },
  { name: "invalid UTF-8", contentType: FORM, data: "name=%ff%fe%fd&text=%c3%28" },
  { name: "duplicated fields", contentType: FORM, data: "intent=a&intent=b&name=x&name=y&version=1&version=2" },
  { name: "unknown intent", contentType: FORM, data: "intent=drop-tables" },
  { name: "empty intent", contentType: FORM, data: "intent=&name=" },
  { name: "only separators", contentType: FORM, data: "&&&=&=" },
  { name: "bracket names", contentType: FORM, data: "a[b]=1&__proto__[x]=1&constructor=1" },
  { name: "wrong types", contentType: FORM, data: "version=abc&durationDays=1e309&confidence=-1&birthYear=NaN&page=-5" },
  // Days JavaScript takes but PostgreSQL does not (year 0, 10000 the day after, the Date's own limits).
  { name: "dates out of range", contentType: FORM, data: "from=0000-01-01&to=9999-12-31&since=275760-09-13&until=-271821-04-20&birthYear=99999" },
  { name: "long strings", contentType: FORM, data: `name=${"x".repeat(100_000)}&email=${"y".repeat(100_000)}@casus.test&phone=${"9".repeat(5000)}` },
  { name: "bad e-mail and phone", contentType: FORM, data: "email=%40%40&phone=%2B999999999999999999999&code=abc" },
  { name: "broken JSON in a field", contentType: FORM, data: "intent=fuzz&content=%7B&reasoning=%5B&anamnesis=null" },
  { name: "redirect elsewhere", contentType: FORM, data: "redirectTo=%2F%2Fevil.test&callbackURL=https%3A%2F%2Fevil.test" },
  { name: "odd charset", contentType: `${FORM}; charset=utf-16`, data: "name=x" },
  { name: "claims gzip", contentType: FORM, data: "name=x", },
  { name: "many fields", contentType: FORM, data: Array.from({ length: 5000 }, (_, i) => `f${i}=${i}`).join("&") },
];

function targets(): [Role, string][] {
  const { users: u, organisations: o, dossiers: d } = matrixFixtures();
  return [
    ["anon", "/?index"],
    ["anon", "/forgot"],
    ["anon", "/set-password"],
    ["anon", "/verify-login"],
    ["anon", "/confirm-email"],
    ["anon", "/admin/setup"],
    ["anon", "/sign-out"],
    ["anon", "/en/forgot"],
    ["pro", `/pro/${u.pro}/case`],
    ["pro", `/pro/${u.pro}/case/${d.draft}/klinisch-redeneren`],
    ["pro", `/pro/${u.pro}/profiel`],
    ["pro", `/supervisor/case/${d.first}`],
    ["supervisor", "/supervisor"],
    ["supervisor", "/supervisor/profiel"],
    ["supervisor", `/supervisor/case/${d.first}`],
    ["admin", "/admin/organisaties"],
    ["admin", `/admin/organisaties/${o.first}`],
    ["admin", `/admin/organisaties/${o.first}/professional/${u.pro}`],
    ["admin", "/admin/supervisors"],
    ["admin", "/admin/administrators"],
    ["admin", "/admin/unfinished-dossiers"],
    ["admin", "/admin/jobs"],
    ["admin", "/admin/data-insights/export-dossier-jsons"],
    ["admin", `/admin/dossiers/${d.first}`],
    ["admin", "/admin/profiel"],
    ["admin", "/debug/ml"],
    ["admin", "/debug/ml/labeled-images"],
    ["admin", "/debug/ml/select-videos"],
    ["admin", "/test/login-flow"],
    ["admin", "/test/set-password-copy"],
  ];
}

/** The JSON and upload endpoints that take a body (the GET ones are in the API route matrix). */
function apiTargets(): [Role, "POST" | "PUT" | "PATCH", string][] {
  const missing = "00000000-0000-4000-8000-000000000000";
  const endpoints: ["POST" | "PUT" | "PATCH", string][] = [
    ["POST", "/api/ml/images"],
    ["POST", "/api/ml/models"],
    ["POST", `/api/dossiers/${missing}/media/${missing}/judgement`],
    ["PUT", `/api/media/${missing}/poster`],
    ["PUT", "/api/media/not-an-id/thumbnail"],
    ["POST", "/api/uploads"],
    ["PATCH", `/api/uploads/${missing}`],
    ["POST", "/api/auth/sign-in/social"],
    ["POST", "/api/auth/sign-out"],
  ];
  return (["anon", "pro", "admin"] as const).flatMap((role) => endpoints.map(([method, path]) => [role, method, path] as [Role, "POST" | "PUT" | "PATCH", string]));
}

/** Sent on a connection of its own: the server answers 413 and stops reading, so the connection cannot be reused. */
const OVERSIZED: Body = { name: "over the size limit", contentType: FORM, data: `name=${"z".repeat(10 * 1024 * 1024 + 10)}` };

const EMAIL: Record<Exclude<Role, "anon">, string> = { admin: "admin@casus.test", supervisor: "supervisor@casus.test", pro: "pro@casus.test" };
const STACK_TRACE = /\n\s+at [\w.<>]+ \(|node_modules\/|\.server\.ts/;

test("no page action answers a malformed body with a 5xx or a stack trace", async () => {
  test.setTimeout(240_000);
  const base = process.env.E2E_BASE_URL!;
  const sessions = new Map<Role, APIRequestContext>();
  for (const role of ["anon", "admin", "supervisor", "pro"] as const) sessions.set(role, await apiSession(base, role === "anon" ? null : EMAIL[role]));
  const failures: string[] = [];
  try {
    for (const [role, path] of targets()) {
      const session = sessions.get(role)!;
      for (const body of BODIES) {
        {
          const headers: Record<string, string> = body.contentType ? { "content-type": body.contentType } : {};
          if (body.name === "claims gzip") headers["content-encoding"] = "gzip";
          const response = await session.post(path, { headers, data: body.data, maxRedirects: 0 }).catch((error: Error) => error);
          if (response instanceof Error) {
            failures.push(`${role} ${path} [${body.name}] → ${response.message.split("\n")[0]}`);
            continue;
          }
          const text = await response.text();
          if (response.status() >= 500 || STACK_TRACE.test(text)) failures.push(`${role} ${path} [${body.name}] → ${response.status()}`);
        }
      }
    }
  } finally {
    await Promise.all([...sessions.values()].map((s) => s.dispose()));
  }
  expect(failures).toEqual([]);
});

test("no API endpoint answers a malformed body with a 5xx or a stack trace", async () => {
  test.setTimeout(120_000);
  const base = process.env.E2E_BASE_URL!;
  const sessions = new Map<Role, APIRequestContext>();
  for (const role of ["anon", "admin", "pro"] as const) sessions.set(role, await apiSession(base, role === "anon" ? null : EMAIL[role]));
  const failures: string[] = [];
  try {
    for (const [role, method, path] of apiTargets()) {
      for (const body of BODIES) {
        const headers: Record<string, string> = body.contentType ? { "content-type": body.contentType } : {};
        const response = await sessions
          .get(role)!
          .fetch(path, { method, headers, data: body.data, maxRedirects: 0 })
          .catch((error: Error) => error);
        if (response instanceof Error) {
          failures.push(`${role} ${method} ${path} [${body.name}] → ${response.message.split("\n")[0]}`);
          continue;
        }
        const text = await response.text();
        if (response.status() >= 500 || STACK_TRACE.test(text)) failures.push(`${role} ${method} ${path} [${body.name}] → ${response.status()}`);
      }
    }
  } finally {
    await Promise.all([...sessions.values()].map((s) => s.dispose()));
  }
  expect(failures).toEqual([]);
});

test("a body over the limit is refused with 413 before it is read whole", async () => {
  const base = process.env.E2E_BASE_URL!;
  for (const [role, path] of [["anon", "/forgot"], ["pro", `/pro/${matrixFixtures().users.pro}/profiel`]] as const) {
    const session = await apiSession(base, role === "anon" ? null : EMAIL[role]);
    try {
      const response = await session.post(path, { headers: { "content-type": OVERSIZED.contentType! }, data: OVERSIZED.data, maxRedirects: 0 });
      expect(response.status(), path).toBe(413);
    } finally {
      await session.dispose();
    }
  }
});

test("/api/ml refuses a stranger's 16 MB JSON body without reading it", async () => {
  const base = process.env.E2E_BASE_URL!;
  const payload = JSON.stringify({ image: "A".repeat(16 * 1024 * 1024 - 100) });
  for (const [role, status] of [["anon", 401], ["pro", 404]] as const) {
    const session = await apiSession(base, role === "anon" ? null : EMAIL[role]);
    try {
      const response = await session.post("/api/ml/images", { headers: { "content-type": "application/json" }, data: payload });
      expect(response.status(), role).toBe(status);
      expect(await response.json()).toEqual({ code: role === "anon" ? "unauthenticated" : "not-found" });
      // The answer went out before the body was read: the server closes the connection instead of reading on.
      expect(response.headers()["connection"], role).toBe("close");
    } finally {
      await session.dispose();
    }
  }
});
