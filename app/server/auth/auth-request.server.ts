/**
 * Calls a Better Auth endpoint through its HTTP handler from a form action, so its rate limiter (per client
 * address) and hooks apply exactly as for a browser calling it, with the browser's own cookies.
 */
import { config } from "../config.server";
import type { AuditOrigin } from "../audit/audit.server";
import { auth, CLIENT_IP_HEADER } from "./auth.server";

export async function callAuthEndpoint(path: string, body: unknown, headers: Headers, origin: AuditOrigin): Promise<Response> {
  const { baseUrl } = config();
  return auth().handler(
    new Request(`${baseUrl}/api/auth${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: new URL(baseUrl).origin,
        "user-agent": headers.get("user-agent") ?? "",
        cookie: headers.get("cookie") ?? "",
        [CLIENT_IP_HEADER]: origin.ipAddress ?? "",
      },
      body: JSON.stringify(body ?? {}),
    }),
  );
}

/** Better Auth's error code from a failed response ("INVALID_OTP", …), or null. */
export async function authErrorCode(response: Response): Promise<string | null> {
  const body = (await response.clone().json().catch(() => ({}))) as { code?: string };
  return body.code ?? null;
}
