/** Where the bare app's one page answers. */
export const BARE_PATH = "/_bench/bare";
