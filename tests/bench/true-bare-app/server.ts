// The true baseline's server: Express 5, the client's static files and React Router's request handler, as
// React Router's node-custom-server template serves a build, and nothing else. No compression: the
// template's default (brotli with a 4 MiB window) would cost this small page more than its render, and
// the baseline is the least a React Router page costs. None of Keel's server code. `/api/config` answers
// a JSON body of the size of Keel's with nothing else: the least an Express 5 answer costs.
// KEEL_BUILD_DIR names the build (as for Keel's server), HOST and PORT where it listens.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import type { ServerBuild } from "react-router";

const buildDir = path.resolve(process.env.KEEL_BUILD_DIR ?? "build");
const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;

const app = express();
app.disable("x-powered-by");
app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h" }));
const config = JSON.stringify({ version: "2025.4", build: "101407", releaseDate: 1760140800000, ok: true });
app.get("/api/config", (_req, res) => void res.type("json").send(config));
app.use(createRequestHandler({ build }));

const server = app.listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? "127.0.0.1");
process.on("SIGTERM", () => server.close());
