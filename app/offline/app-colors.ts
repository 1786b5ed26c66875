/** The installed app's colours: the favicon's blue and the light theme's background (app/styles/app.css). */
export const THEME_COLOR = "#1f5bd8";
export const BACKGROUND_COLOR = "#ffffff";
