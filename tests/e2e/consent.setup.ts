// Before the specs: alice, who has not accepted the user agreement in the demo data, accepts it, so that
// specs about other things are not behind its dialog. tests/e2e/agreement.spec.ts takes it back.
import { expect, test as setup } from "@playwright/test";
import { demoToken } from "../../prisma/factories.ts";
import { acceptAgreementAs } from "./helpers.ts";

setup("alice has accepted the user agreement", async ({ request }) => {
  await acceptAgreementAs(request, "alice");
  const me = await request.get("/hub/api/rest/users/me?fields=endUserAgreementConsent(accepted)", {
    headers: { authorization: `Bearer ${demoToken("alice")}` },
  });
  expect(await me.json()).toEqual({ endUserAgreementConsent: { accepted: true } });
});
