/** Debian's Chromium as the benchmarks run it: the e2e tests' flags (no GPU, no background traffic). */
export { CHROMIUM } from "../../scripts/debian-packages.mjs";
export const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
// Headless Chromium's own user agent counts as a bot (isbot), which would change how the server renders.
export const DESKTOP_USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
