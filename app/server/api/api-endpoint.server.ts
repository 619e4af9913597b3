/**
 * What the server adds to an API table entry (app/domain/api-table.ts): how its path parameters and body are read
 * and the handler that answers. The wrapper (run-endpoint.server.ts) has already decided who may call, read the
 * parameters and the body, and set the cache rule when a handler runs, so a handler only does its work.
 */
import type { Request, Response } from "express";
import type { z } from "zod";
import type { SessionUser } from "../auth/session.server";

/**
 * How the body is read, after the guard:
 * - `json`: `application/json` (else 415), at most `maxBytes` (else 413), parsed (else 400 malformed-body) and
 *   validated with `schema` (else 400 invalid-argument naming the first field);
 * - `bytes`: the raw body, at most `maxBytes` (else 413);
 * - `stream`: the handler reads the request itself (tus), with its own limits.
 * No `body`: nothing is read.
 */
export type ApiBodySpec<B> =
  | { kind: "json"; maxBytes: number; schema: z.ZodType<B> }
  | { kind: "bytes"; maxBytes: number }
  | { kind: "stream" };

export interface ApiContext<P, B, U> {
  req: Request;
  res: Response;
  /** The request's actor: always present for guarded endpoints, null for public and signed-URL ones. */
  actor: U;
  params: P;
  body: B;
}

export interface ApiEndpointSpec<P = Record<string, never>, B = undefined, U extends SessionUser | null = SessionUser | null> {
  /** Path parameters; a value the schema refuses is 404 (it cannot name anything). */
  params?: z.ZodType<P>;
  body?: ApiBodySpec<B>;
  /** Headers every refusal of this endpoint carries (tus clients expect `Tus-Resumable`). */
  refusalHeaders?: Record<string, string>;
  handle(ctx: ApiContext<P, B, U>): Promise<void> | void;
}

/** An endpoint whose guard needs a session: its handler receives the actor. */
export function withActor<P = Record<string, never>, B = undefined>(spec: ApiEndpointSpec<P, B, SessionUser>): ApiEndpointSpec<P, B, SessionUser> {
  return spec;
}

/** A public or signed-URL endpoint: no actor. */
export function withoutActor<P = Record<string, never>, B = undefined>(spec: ApiEndpointSpec<P, B, null>): ApiEndpointSpec<P, B, null> {
  return spec;
}
