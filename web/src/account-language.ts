/**
 * A signed-in person's pages follow the language kept on their account (`GET /api/users/me`), once
 * it is known: signing in on a new device brings the account's language with it.
 */
import { useEffect } from 'preact/hooks';
import { api, call } from './api/client.js';
import { activeLanguage, chooseLanguage } from './i18n/index.js';

export function useAccountLanguage(username: string | null): void {
  useEffect(() => {
    if (username === null) return;
    let live = true;
    call(api.GET('/api/users/me')).then(
      (me) => {
        if (live && me.language !== null && me.language !== activeLanguage()) void chooseLanguage(me.language);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [username]);
}
