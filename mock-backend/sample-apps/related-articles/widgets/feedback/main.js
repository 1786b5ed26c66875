/* global YTApp */
// A vote per reader, kept with the article by the app's scoped handler; everyone sees the tally.
import { messageOf, plural, show, ytApp } from "../assets/ui.js";

const $ = (id) => document.getElementById(id);
const status = $("status");
ytApp(status);
const host = await YTApp.register();

function render(tally) {
  $("yes").setAttribute("aria-pressed", String(tally.mine === true));
  $("no").setAttribute("aria-pressed", String(tally.mine === false));
  $("yes").classList.toggle("primary", tally.mine === true);
  $("no").classList.toggle("primary", tally.mine === false);
  const total = tally.helpful + tally.notHelpful;
  show(
    status,
    total === 0 ? "No votes yet" : `${plural(tally.helpful, "reader")} of ${total} found it helpful`,
  );
}

async function call(params) {
  try {
    render(await host.fetchApp("backend/votes", { scope: true, ...params }));
  } catch (error) {
    show(status, `Could not record the vote: ${messageOf(error)}`, "error");
  }
}

if (YTApp.me?.userType === "guest" || YTApp.me?.guest) {
  $("yes").disabled = true;
  $("no").disabled = true;
}
$("yes").addEventListener("click", () => call({ method: "POST", body: { helpful: true } }));
$("no").addEventListener("click", () => call({ method: "POST", body: { helpful: false } }));
await call({});
