// The soak's HTTP client: node:http with keep-alive, so a test controls every header and sends paths exactly
// as written (a fetch would normalise `..` and refuse some headers), and bounded concurrency.
import http from "node:http";

export interface SoakRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface SoakAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface SoakClient {
  send(request: SoakRequest): Promise<SoakAnswer>;
  close(): void;
}

const TIMEOUT_MS = 30_000;

export function createClient(port: number, concurrency: number): SoakClient {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  return {
    send(request) {
      return new Promise((resolve, reject) => {
        let answered = false;
        // A browser marks the reads of Keel's own pages (its writes carry their Origin); a request that
        // plays another site or a bare client says so itself.
        const headers: Record<string, string> = { ...request.headers };
        const read = (request.method ?? "GET") === "GET";
        if (read && !("origin" in headers) && !("sec-fetch-site" in headers)) {
          headers["sec-fetch-site"] = "same-origin";
        }
        if (request.body !== undefined) headers["content-length"] = String(Buffer.byteLength(request.body));
        const outgoing = http.request(
          { host: "127.0.0.1", port, agent, method: request.method ?? "GET", path: request.path, headers },
          (response) => {
            answered = true;
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () =>
              resolve({
                status: response.statusCode ?? 0,
                headers: response.headers,
                body: Buffer.concat(chunks).toString("utf8"),
              }),
            );
            response.on("error", reject);
          },
        );
        outgoing.setTimeout(TIMEOUT_MS, () => outgoing.destroy(new Error(`no answer in ${TIMEOUT_MS} ms`)));
        // A server may answer (413) before a large body is sent and close the socket: the answer counts.
        outgoing.on("error", (error) => {
          if (!answered) reject(error);
        });
        outgoing.end(request.body);
      });
    },
    close() {
      agent.destroy();
    },
  };
}

/** Runs `count` jobs, at most `concurrency` at a time, in index order. */
export async function runBounded(
  count: number,
  concurrency: number,
  job: (index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      await job(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

/** The `name=value` pairs a response sets, for the next request's Cookie header. */
export function cookiesOf(answer: SoakAnswer): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const line of answer.headers["set-cookie"] ?? []) {
    const pair = line.split(";")[0] ?? "";
    const eq = pair.indexOf("=");
    if (eq > 0) pairs[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return pairs;
}

export const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");

/** The hidden csrf field's value in a page's HTML. */
export function csrfField(html: string): string | undefined {
  const input = /<input[^>]*\bname="csrf"[^>]*>/.exec(html)?.[0] ?? "";
  return /\bvalue="([^"]+)"/.exec(input)?.[1];
}
