export * from "./auth";
export * from "./organisations";
export * from "./dossiers";
export * from "./audit";
export * from "./two-factor";
export * from "./media";
export * from "./invitations";
export * from "./ml";
