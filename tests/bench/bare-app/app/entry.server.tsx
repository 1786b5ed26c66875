// Keel's own server entry: the same streaming render, nonce and error log, and the context key Keel's
// server sets the request context under.
export { default, handleError, keelContext, streamTimeout } from "#app/entry.server.tsx";
