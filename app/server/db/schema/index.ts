export * from "./auth";
export * from "./organisations";
export * from "./dossiers";
export * from "./audit";
export * from "./ml";
