/** The true baseline's server script and its one page. */
export const TRUE_BARE_SERVER = "tests/bench/true-bare-app/server.ts";
export const TRUE_BARE_PATH = "/";
