/**
 * A real, throw-away S3-compatible server for integration tests: s3rver (npm) in a child process on 127.0.0.1 and
 * a free port, storing into a temporary directory, with one bucket created. stop() ends the process and removes
 * the directory.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import type { S3Settings } from "~/server/config.server";

export interface S3TestServer {
  settings: S3Settings;
  stop(): Promise<void>;
}

const SCRIPT = path.join(import.meta.dirname, "s3rver-process.mjs");

export async function startS3Server(bucket = "casus-test"): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "casus-s3rver-"));
  const child = spawn(process.execPath, [SCRIPT, directory, bucket], { stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once("line", (line) => resolve((JSON.parse(line) as { port: number }).port));
    child.once("exit", (code) => reject(new Error(`s3rver exited (${code}) before listening:\n${stderr}`)));
  });

  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      bucket,
      // s3rver's fixed development credentials.
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    },
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
