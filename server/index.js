// Starts Keel: node server/index.js (development, with Vite) or
// NODE_ENV=production node server/index.js (serves an existing build, from KEEL_BUILD_DIR or build/).
// Node keeps what it compiles (the TypeScript with its types stripped, and V8's code) in a cache on disk,
// NODE_COMPILE_CACHE or the system's temporary folder, so later starts skip that work. It covers only the
// modules loaded after it is enabled: everything else is imported from main.ts afterwards. This file is
// JavaScript so that a start with a full cache never loads Node's TypeScript stripper (about 0.1 s).
import module from "node:module";

module.enableCompileCache();
await import("./main.ts");
