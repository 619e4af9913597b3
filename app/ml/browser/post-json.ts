/**
 * The JSON POSTs of the in-ear pages (POST /api/ml/images and /api/ml/models take JSON with base64 bytes, see
 * app/server/ml/ml-http.server.ts): the request, with the server's error code as the thrown message, and the
 * base64 encoding of the bytes they carry.
 */
import { http } from "~/lib/http";
export async function postJson<T>(url: string, body: unknown): Promise<T> {
  const response = await http.raw<T | { code?: string }>(url, { method: "POST", headers: { Accept: "application/json" }, body: body as Record<string, unknown> });
  if (!response.ok) throw new Error((response._data as { code?: string } | undefined)?.code ?? "internal");
  return response._data as T;
}

export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  // In chunks: spreading a whole JPEG or weights file into one call would overflow the argument limit.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
