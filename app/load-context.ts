/** What the Express server hands every loader and action (see server/app.ts). */
import type { Logger } from "pino";
import type { PublicConfig } from "~/lib/public-config";

declare module "react-router" {
  interface AppLoadContext {
    nonce: string;
    requestId: string;
    log: Logger;
    publicConfig: PublicConfig;
    /** The client address as Express sees it (honours TRUST_PROXY). */
    clientIp: string | null;
    /** A request refused before routing (app/server/http/request-hygiene.server.ts): the catch-all route's status. */
    refusedStatus: number | null;
  }
}

export {};
