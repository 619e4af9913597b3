/** Types of export-seed.mjs for the TypeScript tests that share it. */
export function exportSeedStatements(count: number, tag?: string): string[];
