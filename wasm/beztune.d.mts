// TypeScript declarations of beztune.mjs (the file tsc finds for `import … from "./beztune.mjs"`).
