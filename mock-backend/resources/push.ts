import { Router } from "express";
import { PushSubscriptionInputSchema, PushUnsubscribeSchema, ReadQuerySchema } from "#contract/api.ts";
import { requireUser } from "../auth.ts";
import { badRequest, route, validate } from "../http.ts";
import type { PushSender } from "../push/web-push.ts";

/**
 * The signed-in user's browsers subscribed to Web Push, Keel's extension of the API
 * (docs/decisions/0018-web-push.md): the key browsers subscribe with, subscribing, unsubscribing.
 */
export function pushRouter(push: PushSender): Router {
  const router = Router();
  const PATH = "/users/me/pushSubscriptions";

  router.get(
    PATH,
    route(async (req, res) => {
      const user = requireUser(req);
      validate(ReadQuerySchema, req.query, "query");
      res.json({ applicationServerKey: await push.publicKey(), subscriptions: await push.count(user.id) });
    }),
  );

  router.post(
    PATH,
    route(async (req, res) => {
      const user = requireUser(req);
      validate(ReadQuerySchema, req.query, "query");
      const subscription = validate(PushSubscriptionInputSchema, req.body, "subscription");
      if (!push.endpointAllowed(subscription.endpoint)) {
        throw badRequest("Invalid subscription: the endpoint is not a known push service");
      }
      const subscriptions = await push.subscribe(user.id, subscription);
      res.status(201).json({ applicationServerKey: await push.publicKey(), subscriptions });
    }),
  );

  router.post(
    `${PATH}/remove`,
    route(async (req, res) => {
      const user = requireUser(req);
      validate(ReadQuerySchema, req.query, "query");
      const { endpoint } = validate(PushUnsubscribeSchema, req.body, "subscription");
      const subscriptions = await push.unsubscribe(user.id, endpoint);
      res.json({ applicationServerKey: await push.publicKey(), subscriptions });
    }),
  );

  return router;
}
