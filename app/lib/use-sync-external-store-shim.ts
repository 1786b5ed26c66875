// What react-i18next imports as `use-sync-external-store/shim` (vite.config.ts aliases it here): the shim
// brings its own store hook for React before 18, and on React 19 only forwards to React's, 0.3 KiB of every
// page's first scripts for nothing.
export { useSyncExternalStore } from "react";
