import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { createApi, type Api } from "../lib/api.server.ts";
import { getKeelContext } from "../lib/keel-context.ts";
import { loadsPage, readShellAhead } from "../lib/shell.server.ts";

const apiContext = createContext<Api>();

/**
 * One API client per request; cookies the backend sets go on to the browser with any response. For a page,
 * the shell's reads go out now, beside the language's (docs/decisions/0031-shell-reads-beside-the-language.md).
 */
export const apiMiddleware: MiddlewareFunction<Response> = async ({ context, request }, next) => {
  const api = createApi(getKeelContext(context));
  context.set(apiContext, api);
  if (loadsPage(request)) readShellAhead(api);
  const response = await next();
  for (const cookie of api.setCookies) response.headers.append("Set-Cookie", cookie);
  return response;
};

export function getApi(context: Readonly<RouterContextProvider>): Api {
  return context.get(apiContext);
}
