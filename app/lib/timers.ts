// Timers behind an interface, so schedules can be driven by fake clocks in tests.

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

// Wrappers rather than the functions themselves: browsers reject setTimeout called on another `this`,
// and looking the globals up at call time lets fake timers installed later take effect.
export const globalTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};
