/**
 * The client's service worker (web/public/sw.js, docs/web-push.md "The service worker"): it shows
 * pushes as notifications. Registered at every start where the browser has service workers; a
 * failure leaves the client working without notifications.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
    console.warn('The service worker did not register: no notifications in this browser.', error);
  });
}
