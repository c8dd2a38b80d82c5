// The app is a client-side single-page app: the game lives in the browser.
export const ssr = false;
export const prerender = false;
