import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  // The whole route manifest goes to the browser once (a cached asset, about 10 kB gzipped) instead of a partial
  // manifest computed per page: computing it re-matched every prefix of the URL against all routes of all four
  // locales on each request (decision 066, issue 13), and each link the browser discovered cost a /__manifest request.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
