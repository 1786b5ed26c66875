import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // KEEL_BUILD_DIR lets a second build (the benchmark's, another checkout's) live beside build/.
  buildDirectory: process.env.KEEL_BUILD_DIR ?? "build",
} satisfies Config;
