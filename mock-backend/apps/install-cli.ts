// npm run apps:install -- <folder or .zip>: installs or upgrades an app in the database DATABASE_URL names
// (the server's default when unset).
import { appLimits, parseEnv } from "#server/env.ts";
import { createPrisma } from "../db.ts";
import { installApp } from "./install.ts";
import { readAppPackage } from "./package.ts";

const USAGE = `Usage: npm run apps:install -- <folder or .zip>

Installs the app package (manifest.json, widgets/, backend .js files) into the database that
DATABASE_URL names, or upgrades the installed app of the same name, keeping its storage.`;

const source = process.argv[2];
if (!source || source === "--help" || source === "-h") {
  process.stderr.write(`${USAGE}\n`);
  process.exit(source ? 0 : 1);
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

let env;
try {
  env = parseEnv();
} catch (error) {
  process.stderr.write(`apps:install: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
const db = createPrisma(env.DATABASE_URL);
try {
  const app = await installApp(db, await readAppPackage(source, appLimits(env).packages));
  const what = `${app.title} ${app.version} (${plural(app.widgetCount, "widget")})`;
  process.stdout.write(
    app.previousVersion === null ? `Installed ${what}\n` : `Upgraded ${what} from ${app.previousVersion}\n`,
  );
} catch (error) {
  process.stderr.write(`apps:install: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await db.$disconnect();
}
