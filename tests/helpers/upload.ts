// Sends a large request body the way an attacker would: as fast as the server reads it, chunked or with a
// declared length, stopping as soon as the server answers or closes the connection.
import http from "node:http";

export interface UploadResult {
  status: number;
  /** Body bytes the client had handed to the socket when the answer came. */
  sentWhenAnswered: number;
  text: string;
}

const CHUNK = Buffer.alloc(64 * 1024, "a");
const DECLARED_BODY_DELAY_MS = 3_000;

export function upload(
  port: number,
  target: string,
  {
    total,
    declare = false,
    headers = {},
  }: { total: number; declare?: boolean; headers?: Record<string, string> },
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: target,
        headers: { ...headers, ...(declare ? { "content-length": String(total) } : {}) },
      },
      (response) => {
        answered = true;
        const sentWhenAnswered = sent;
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, sentWhenAnswered, text }));
        response.on("error", () => resolve({ status: response.statusCode ?? 0, sentWhenAnswered, text }));
      },
    );
    // Writing into a connection the server closed after answering fails: the answer counts.
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    request.flushHeaders();
    const pump = () => {
      while (!answered && !request.destroyed && sent < total) {
        const chunk = CHUNK.subarray(0, Math.min(CHUNK.length, total - sent));
        sent += chunk.length;
        if (!request.write(chunk)) {
          request.once("drain", pump);
          return;
        }
      }
      if (!answered && !request.destroyed) request.end();
    };
    // A declared length lets the server answer before a byte of the body is sent; a server that waits
    // for the body gets it after a while (a test then sees bytes sent before the answer).
    if (declare) setTimeout(pump, DECLARED_BODY_DELAY_MS).unref();
    else pump();
  });
}
