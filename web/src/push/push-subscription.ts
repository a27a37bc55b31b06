/**
 * Turning web push on and off in this browser (docs/web-push.md, "Subscriptions"): the browser's
 * PushSubscription, made with the service's VAPID key, is sent to the API; its id is kept here
 * (localStorage) to turn it off again. The API contract is all the client knows of it.
 */
import { api, call } from '../api/client.js';
import { ApiProblem } from '../api/problem.js';
import { currentSession } from '../session.js';

const KEY = 'nardy.push-subscription';

/** What this browser can do: no push at all, notifications blocked, or on or off now. */
export type PushState = 'unsupported' | 'denied' | 'on' | 'off';

/** The subscription this browser made, and for whom (another account signing in here sees it off). */
interface Kept {
  readonly id: string;
  readonly endpoint: string;
  readonly username: string;
}

function kept(): Kept | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<Kept> | null;
    return typeof value?.id === 'string' && typeof value.endpoint === 'string' && typeof value.username === 'string'
      ? (value as Kept)
      : null;
  } catch {
    return null;
  }
}

const supported = (): boolean => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The key's bytes: base64url (as the API answers it) decoded. */
function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

export async function pushState(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  const mine = kept();
  const on = subscription && mine?.endpoint === subscription.endpoint && mine.username === currentSession()?.username;
  return on ? 'on' : 'off';
}

/** Asks for permission, subscribes with the service's key, and hands the subscription to the API. */
export async function turnPushOn(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const { publicKey } = await call(api.GET('/api/push/public-key'));
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: bytesOf(publicKey),
  });
  const json = subscription.toJSON();
  const { id } = await call(
    api.POST('/api/users/me/push-subscriptions', {
      body: {
        endpoint: subscription.endpoint,
        expirationTime: subscription.expirationTime,
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      },
    }),
  );
  const username = currentSession()?.username ?? '';
  localStorage.setItem(KEY, JSON.stringify({ id, endpoint: subscription.endpoint, username } satisfies Kept));
  return 'on';
}

/** Tells the API to stop, and unsubscribes the browser. */
export async function turnPushOff(): Promise<PushState> {
  const mine = kept();
  if (mine !== null && mine.username === currentSession()?.username) {
    try {
      await call(api.DELETE('/api/users/me/push-subscriptions/{id}', { params: { path: { id: mine.id } } }));
    } catch (error) {
      // 404: removed already (the push service said it was gone, or another account took the browser).
      if (!(error instanceof ApiProblem && error.status === 404)) throw error;
    }
    localStorage.removeItem(KEY);
  }
  const registration = await navigator.serviceWorker.getRegistration('/');
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
  return 'off';
}
