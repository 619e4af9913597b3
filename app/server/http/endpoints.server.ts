/** Small public JSON endpoints outside React Router: build id, health, message files (API table entries). */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { isLocale } from "~/domain/locales";
import { AppError } from "~/domain/errors";
import { isNamespace } from "~/i18n/config";
import { messages } from "~/i18n/resources.server";
import { withoutActor } from "../api/api-endpoint.server";
import { databaseHandle } from "../db/client.server";

export function versionEndpoint(buildId: string) {
  return withoutActor({
    handle: ({ res }) => void res.json({ buildId }),
  });
}

export const healthEndpoint = withoutActor({
  async handle({ req, res }) {
    const started = performance.now();
    const handle = databaseHandle();
    try {
      await handle.db.execute(sql`select 1`);
      res.json({ status: "ok", database: { status: "ok", kind: handle.kind, latencyMs: Math.round(performance.now() - started) } });
    } catch (err) {
      req.log.error({ err }, "health check: database unreachable");
      res.status(503).json({ status: "error", database: { status: "error", kind: handle.kind } });
    }
  },
});

export const translationsEndpoint = withoutActor({
  params: z.object({ locale: z.string(), file: z.string() }),
  handle({ res, params: { locale, file } }) {
    const namespace = file.replace(/\.json$/, "");
    const body = file.endsWith(".json") && isLocale(locale) && isNamespace(namespace) ? messages(locale, namespace) : undefined;
    if (!body) throw new AppError("not-found");
    res.json(body);
  },
});
