/**
 * GET /__bench/stats, answering only with BENCH_STATS=on (404 otherwise, like any unknown address): what the
 * benchmark suite (bench/pages.mjs) cannot see from outside the process — database statements sent so far — beside
 * CPU time and memory, so it can report statements and CPU-ms per request as differences between two readings.
 * The statements are SQL text without their parameters; never switch it on where others can reach the server.
 */
import { AppError } from "~/domain/errors";
import { withoutActor } from "../api/api-endpoint.server";
import { config } from "../config.server";
import { statementStats } from "../db/client.server";

export const benchStatsEndpoint = withoutActor({
  handle({ res }) {
    if (!config().benchStats) throw new AppError("not-found");
    const cpu = process.cpuUsage();
    const memory = process.memoryUsage();
    res.json({
      statements: statementStats.count,
      recentStatements: statementStats.recent,
      cpuMicros: cpu.user + cpu.system,
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
    });
  },
});
