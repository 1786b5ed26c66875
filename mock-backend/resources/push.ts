import { Router } from "express";
import { PushSubscriptionInputSchema, PushUnsubscribeSchema, ReadQuerySchema } from "#contract/api.ts";
import { requireUser } from "../auth.ts";
import { badRequest, endpoint } from "../http.ts";
import type { PushSender } from "../push/web-push.ts";

/** Web Push subscriptions of the signed-in user's browsers (docs/decisions/0018-web-push.md). */
export function pushRouter(push: PushSender): Router {
  const router = Router();
  const PATH = "/users/me/pushSubscriptions";

  router.get(
    PATH,
    endpoint({ auth: requireUser, query: ReadQuerySchema }, async ({ res, user }) => {
      res.json({ applicationServerKey: await push.publicKey(), subscriptions: await push.count(user.id) });
    }),
  );

  router.post(
    PATH,
    endpoint(
      { auth: requireUser, query: ReadQuerySchema, body: [PushSubscriptionInputSchema, "subscription"] },
      async ({ res, user, body: subscription }) => {
        if (!push.endpointAllowed(subscription.endpoint)) {
          throw badRequest("Invalid subscription: the endpoint is not a known push service");
        }
        const subscriptions = await push.subscribe(user.id, subscription);
        res.status(201).json({ applicationServerKey: await push.publicKey(), subscriptions });
      },
    ),
  );

  router.post(
    `${PATH}/remove`,
    endpoint(
      { auth: requireUser, query: ReadQuerySchema, body: [PushUnsubscribeSchema, "subscription"] },
      async ({ res, user, body }) => {
        const subscriptions = await push.unsubscribe(user.id, body.endpoint);
        res.json({ applicationServerKey: await push.publicKey(), subscriptions });
      },
    ),
  );

  return router;
}
