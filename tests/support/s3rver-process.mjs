// Child process of tests/support/s3-server.ts: a real S3-compatible server (s3rver) on 127.0.0.1, port chosen by
// the OS. Prints {"port":N} once listening. Runs apart from the test process so its memory does not count in the
// tests' heap measurements. Exits when the parent closes stdin (so it cannot outlive a crashed test worker).
import S3rver from "s3rver";

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);

const stop = () => server.close().finally(() => process.exit(0));
process.stdin.on("end", stop);
process.stdin.resume();
process.on("SIGTERM", stop);
