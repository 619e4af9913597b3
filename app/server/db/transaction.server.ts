/**
 * Every state change runs in a transaction. Serialization failures and deadlocks are expected under load with
 * serializable isolation; they are retried (at most TRANSACTION_MAX_RETRIES times) with a short jittered pause.
 */
import { TRANSACTION_MAX_RETRIES } from "~/domain/constants";
import { type Database, type Transaction, systemDb } from "./client.server";

/** SQLSTATE codes that mean "try the whole transaction again". */
const RETRYABLE = new Set(["40001", "40P01"]);

export function isRetryableTransactionError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && RETRYABLE.has(code)) return true;
  }
  return false;
}

export interface TransactionOptions {
  isolationLevel?: "read committed" | "repeatable read" | "serializable";
  db?: Database;
  /** Called before each retry; tests use it to count attempts. */
  onRetry?: (attempt: number, error: unknown) => void;
}

export async function inTransaction<T>(work: (tx: Transaction) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  const db = options.db ?? systemDb();
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(work, { isolationLevel: options.isolationLevel ?? "serializable" });
    } catch (error) {
      if (!isRetryableTransactionError(error) || attempt >= TRANSACTION_MAX_RETRIES) throw error;
      options.onRetry?.(attempt + 1, error);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(5 * 2 ** attempt, 200)));
    }
  }
}
