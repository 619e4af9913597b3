import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  // Route discovery stays lazy (the default). `routeDiscovery: { mode: "initial" }` saved the server the partial
  // manifest per page, but made the camera recorder page measurably slower in the browser (its recording test ran
  // 16 s → 37 s and overran its clip length); see docs/performance.md.
} satisfies Config;
