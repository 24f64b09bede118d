// The page's head as the app's configuration says (SPEC §3 appName, appIcon, primaryColor): the tab's
// title, the page's icon and the browser's bar colour (its theme-color).

/**
 * Writes only what differs, so a render that changes none of them leaves the document's head alone.
 * Without an appIcon the page keeps the icon it has.
 */
export function showAppIdentity(appName: string, appIcon: string | undefined, primaryColor: string): void {
  if (document.title !== appName) document.title = appName;
  if (appIcon) setHeadAttribute('link[rel=icon]', 'href', appIcon);
  setHeadAttribute('meta[name=theme-color]', 'content', primaryColor);
}

function setHeadAttribute(selector: string, name: string, value: string): void {
  const el = document.head.querySelector(selector);
  if (el && el.getAttribute(name) !== value) el.setAttribute(name, value);
}
