/**
 * Signing a demo account in for a benchmark, as a browser does: the sign-in form posted with the page's Origin.
 * One place for the demo password and the form's address, shared by every script in bench/.
 */
export const DEMO_PASSWORD = "casus-demo-2026";

/**
 * Signs `email` in at `base` (an instance, or the proxy in front of several); `origin` is the address the browser
 * shows, when it differs. Returns the session's Cookie header, the same cookies for Playwright's
 * `context.addCookies`, and where the sign-in redirected (the account's home, with its id).
 */
export async function signIn(base, email, { origin = base } = {}) {
  const response = await fetch(`${base}/en?index`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({ email, password: DEMO_PASSWORD }),
    redirect: "manual",
  });
  if (response.status !== 302) throw new Error(`signing in as ${email} answered ${response.status}`);
  const pairs = response.headers.getSetCookie().map((line) => line.split(";")[0]);
  return {
    cookie: pairs.join("; "),
    cookies: pairs.map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), url: origin })),
    location: response.headers.get("location") ?? "",
  };
}
