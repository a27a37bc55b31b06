/*
 * The web client's service worker (docs/web-push.md, "The service worker"), served at /sw.js with
 * the scope /. It shows the service's pushes as notifications and, on a click, brings the page the
 * notification names to the front. It caches nothing: the client works online only.
 */
/* global self */

/** The page of this client a notification leads to: its path on this origin, whatever origin the payload named. */
function pageOf(data) {
  const origin = self.location.origin;
  try {
    const named = new URL(data && typeof data.url === 'string' ? data.url : '/', origin);
    // The push came to this origin's worker: the page is this client's, never another site's.
    return new URL(named.pathname + named.search + named.hash, origin).href;
  } catch {
    return origin + '/';
  }
}

/** An open window of the client already showing `url`, or null. */
async function windowOn(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return windows.find((client) => client.url === url) ?? null;
}

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    // Not JSON: shown with the service's name only (a push must show a notification, userVisibleOnly).
  }
  const title = typeof payload.title === 'string' && payload.title !== '' ? payload.title : 'Nardy';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof payload.body === 'string' ? payload.body : '',
      // One notification per match: news of a match replaces its older news.
      tag: payload.matchId || payload.id || 'nardy',
      icon: '/icons/icon-192.png',
      data: { url: pageOf(payload), id: payload.id ?? null },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = pageOf(event.notification.data);
  event.waitUntil(windowOn(url).then((client) => (client ? client.focus() : self.clients.openWindow(url))));
});
