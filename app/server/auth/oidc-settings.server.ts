/**
 * OIDC_PROVIDERS: the OpenID Connect providers people may sign in with, as one JSON array (decision 011).
 * Presets know Google's and Microsoft's discovery documents, so those need only a client id and secret.
 */
import { z } from "zod";

const OIDC_PRESETS = ["google", "microsoft"] as const;
type OidcPreset = (typeof OIDC_PRESETS)[number];

const PRESET_NAMES: Record<OidcPreset, string> = { google: "Google", microsoft: "Microsoft" };

/** One provider as the rest of the server uses it. */
export interface OidcProvider {
  /** Slug in URLs (/api/auth/callback/<id>) and in the account table. */
  id: string;
  /** The button label ("Sign in with <name>"); a brand name, the same in every language. */
  name: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
  /** Link accounts by e-mail even when the provider does not say the address is verified (decision 011). */
  trustEmail: boolean;
  /** Where the browser is sent to sign in: allowed in CSP form-action so the redirect after our form is not blocked. */
  origin: string;
}

const httpsOrLoopback = z
  .url({ protocol: /^https?$/ })
  .refine((value) => {
    const url = new URL(value);
    return url.protocol === "https:" || ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  }, "must be https:// (http:// only on localhost/127.0.0.1)");

const entrySchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/, "must be 1–32 lower-case letters, digits or '-'"),
    preset: z.enum(OIDC_PRESETS).optional(),
    name: z.string().trim().min(1).max(40).optional(),
    issuer: httpsOrLoopback.optional(),
    discoveryUrl: httpsOrLoopback.optional(),
    tenant: z
      .string()
      .regex(/^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[a-z0-9.-]+\.[a-z]{2,})$/i, "must be the tenant's GUID or verified domain name")
      .optional(),
    clientId: z.string().min(1, "is required"),
    clientSecret: z.string().min(1, "is required"),
    scopes: z.array(z.string().regex(/^[\w.:/-]+$/)).min(1).optional(),
    trustEmail: z.boolean().optional(),
  })
  .strict()
  .superRefine((entry, ctx) => {
    if (!entry.preset && !entry.issuer && !entry.discoveryUrl) ctx.addIssue({ code: "custom", message: `provider "${entry.id}": needs "preset", "issuer" or "discoveryUrl"` });
    if (entry.preset === "microsoft" && !entry.tenant) ctx.addIssue({ code: "custom", message: `provider "${entry.id}": the microsoft preset needs "tenant" (your directory's GUID or domain)` });
    if (entry.tenant && entry.preset !== "microsoft") ctx.addIssue({ code: "custom", message: `provider "${entry.id}": "tenant" is only for the microsoft preset` });
  });

const oidcProvidersSchema = z
  .array(entrySchema)
  .max(10)
  .refine((list) => new Set(list.map((p) => p.id)).size === list.length, "provider ids must be unique");

function discoveryUrlOf(entry: z.infer<typeof entrySchema>): string {
  if (entry.discoveryUrl) return entry.discoveryUrl;
  if (entry.issuer) return `${entry.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`;
  if (entry.preset === "google") return "https://accounts.google.com/.well-known/openid-configuration";
  return `https://login.microsoftonline.com/${entry.tenant}/v2.0/.well-known/openid-configuration`;
}

/** Parses OIDC_PROVIDERS; problems are returned as messages (never echoing the value: it holds client secrets). */
export function parseOidcProviders(raw: string | undefined): { providers: OidcProvider[]; problems: string[] } {
  if (!raw || !raw.trim()) return { providers: [], problems: [] };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { providers: [], problems: ["OIDC_PROVIDERS: is not valid JSON (expected an array of providers, see .env.example)"] };
  }
  const parsed = oidcProvidersSchema.safeParse(json);
  if (!parsed.success) {
    return { providers: [], problems: parsed.error.issues.map((issue) => `OIDC_PROVIDERS${issue.path.map((p) => `[${String(p)}]`).join("")}: ${issue.message}`) };
  }
  const providers = parsed.data.map((entry): OidcProvider => {
    const discoveryUrl = discoveryUrlOf(entry);
    return {
      id: entry.id,
      name: entry.name ?? (entry.preset ? PRESET_NAMES[entry.preset] : entry.id),
      discoveryUrl,
      clientId: entry.clientId,
      clientSecret: entry.clientSecret,
      scopes: entry.scopes ?? ["openid", "email", "profile"],
      trustEmail: entry.trustEmail ?? false,
      origin: new URL(discoveryUrl).origin,
    };
  });
  return { providers, problems: [] };
}
