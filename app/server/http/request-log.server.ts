/**
 * One JSON log line per request with its id (X-Request-Id is echoed, or made when absent or malformed).
 * In demo mode the lines are written at debug level, except server errors: the demo's console is for its address
 * and accounts, and LOG_LEVEL=debug brings the lines back. `npm start` logs every request at info.
 */
import crypto from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { LevelWithSilent } from "pino";
import { pinoHttp } from "pino-http";
import { logger as processLogger, requestSerializers, type Logger } from "../logger.server";

const VALID_ID = /^[\w-]{8,64}$/;

/** The level of a finished request's line. */
export function requestLogLevel(statusCode: number, failed: boolean, demo: boolean): LevelWithSilent {
  if (failed || statusCode >= 500) return "error";
  if (demo) return "debug";
  return statusCode >= 400 ? "warn" : "info";
}

export function createRequestLog({ demo, logger = processLogger }: { demo: boolean; logger?: Logger }) {
  return pinoHttp({
    logger,
    // pino-http installs its own serializers unless given ours, which mask phone numbers and secrets in URLs.
    serializers: requestSerializers,
    genReqId(req: IncomingMessage, res) {
      const given = req.headers["x-request-id"];
      const id = typeof given === "string" && VALID_ID.test(given) ? given : crypto.randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    autoLogging: { ignore: (req) => req.url?.startsWith("/assets/") ?? false },
    customLogLevel: (_req, res, err) => requestLogLevel(res.statusCode, Boolean(err), demo),
  });
}
