/** Small JSON endpoints outside React Router: build id, health, message files. */
import { Router } from "express";
import { sql } from "drizzle-orm";
import { TRANSLATION_CACHE_MS } from "~/domain/constants";
import { isLocale } from "~/domain/locales";
import { isNamespace } from "~/i18n/config";
import { messages } from "~/i18n/resources.server";
import { databaseHandle } from "../db/client.server";

export function endpoints(buildId: string): Router {
  const router = Router();

  router.get("/api/version", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ buildId });
  });

  router.get("/healthz", async (req, res) => {
    const started = performance.now();
    const handle = databaseHandle();
    try {
      await handle.db.execute(sql`select 1`);
      res.set("Cache-Control", "no-store").json({
        status: "ok",
        database: { status: "ok", kind: handle.kind, latencyMs: Math.round(performance.now() - started) },
      });
    } catch (err) {
      req.log.error({ err }, "health check: database unreachable");
      res.status(503).set("Cache-Control", "no-store").json({ status: "error", database: { status: "error", kind: handle.kind } });
    }
  });

  router.get("/locales/:locale/:file", (req, res) => {
    const { locale, file } = req.params;
    const namespace = file.replace(/\.json$/, "");
    const body = file.endsWith(".json") && isLocale(locale) && isNamespace(namespace) ? messages(locale, namespace) : undefined;
    if (!body) {
      res.status(404).set("Cache-Control", "no-store").json({ code: "not-found" });
      return;
    }
    res.set("Cache-Control", `public, max-age=${TRANSLATION_CACHE_MS / 1000}`).json(body);
  });

  return router;
}
