/**
 * How an object's description travels as S3 user metadata. S3 lower-cases metadata names and sends values as
 * HTTP headers (ASCII only), so free metadata keys like "Ear side" or values like "oorsmeer ø" would not survive
 * as headers of their own. They go as one base64url JSON value instead; the checksum stays readable on its own.
 */
import type { FreeMetadata } from "./object-store.server";

const SHA256 = "casus-sha256";
const DESCRIPTION = "casus-meta";

export interface StoredDescription {
  sha256: string;
  uploadedBy: string | null;
  organisationId: string | null;
  metadata: FreeMetadata;
}

export function encodeS3Metadata(value: StoredDescription): Record<string, string> {
  const json = JSON.stringify({ u: value.uploadedBy, o: value.organisationId, m: value.metadata });
  return { [SHA256]: value.sha256, [DESCRIPTION]: Buffer.from(json, "utf8").toString("base64url") };
}

/** Objects not written by Casus (no casus-* metadata) read as having no checksum and no description. */
export function decodeS3Metadata(metadata: Record<string, string> | undefined): StoredDescription {
  const empty: StoredDescription = { sha256: metadata?.[SHA256] ?? "", uploadedBy: null, organisationId: null, metadata: {} };
  const encoded = metadata?.[DESCRIPTION];
  if (!encoded) return empty;
  try {
    const parsed = JSON.parse(Buffer.from(encoded, "base64url").toString("utf8")) as { u?: string | null; o?: string | null; m?: FreeMetadata };
    return { ...empty, uploadedBy: parsed.u ?? null, organisationId: parsed.o ?? null, metadata: parsed.m ?? {} };
  } catch {
    return empty;
  }
}
