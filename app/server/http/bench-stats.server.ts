/**
 * GET /__bench/stats, mounted only with BENCH_STATS=on: what the benchmark suite (bench/pages.mjs) cannot see from
 * outside the process — database statements sent so far — beside CPU time and memory, so it can report statements
 * and CPU-ms per request as differences between two readings.
 */
import { Router } from "express";
import { statementStats } from "../db/client.server";

export const BENCH_STATS_PATH = "/__bench/stats";

export function benchStats(): Router {
  const router = Router();
  router.get(BENCH_STATS_PATH, (_req, res) => {
    const cpu = process.cpuUsage();
    const memory = process.memoryUsage();
    res.set("Cache-Control", "no-store").json({
      statements: statementStats.count,
      recentStatements: statementStats.recent,
      cpuMicros: cpu.user + cpu.system,
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
    });
  });
  return router;
}
