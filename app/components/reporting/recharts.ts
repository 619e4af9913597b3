// The charting library as ClientChart loads it: a chunk of its own, named after it (bench/page-weight.mjs and
// tests/e2e/page-weight.spec.ts recognise it by name).
export * from "recharts";
