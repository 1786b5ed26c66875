/* global YTApp */
// The user card: the user's login and name from the product API.
import { messageOf, show, ytApp } from "../assets/ui.js";

const status = document.getElementById("status");
ytApp(status);
const host = await YTApp.register();
show(status, "Loading…");
try {
  const user = await host.fetchYouTrack(`users/${YTApp.entity.id}`, { query: { fields: "id,login,name" } });
  show(status, `User: ${user.login}${user.name ? ` (${user.name})` : ""}`, "ok");
} catch (error) {
  show(status, `User lookup failed: ${messageOf(error)}`, "error");
}
