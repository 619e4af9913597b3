/** One JSON log line per request with its id (X-Request-Id is echoed, or made when absent or malformed). */
import crypto from "node:crypto";
import type { IncomingMessage } from "node:http";
import { pinoHttp } from "pino-http";
import { logger, requestSerializers } from "../logger.server";

const VALID_ID = /^[\w-]{8,64}$/;

export const requestLog = pinoHttp({
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
  customLogLevel(_req, res, err) {
    if (err || res.statusCode >= 500) return "error";
    if (res.statusCode >= 400) return "warn";
    return "info";
  },
});
