// Preloaded with `node --import` by tests that check which modules a process loads: appends the URL of
// every module Node loads, by import or require, to the file KEEL_TEST_MODULE_LOG names.
import { appendFileSync } from "node:fs";
import { registerHooks } from "node:module";

const log = process.env.KEEL_TEST_MODULE_LOG;
if (log) {
  registerHooks({
    load(url, context, nextLoad) {
      appendFileSync(log, `${url}\n`);
      return nextLoad(url, context);
    },
  });
}
