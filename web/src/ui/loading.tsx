import { t } from '../i18n/index.js';

/** What a page or a list shows while its request is under way (announced politely): "Loading…" unless `what` says. */
export function Loading({ what = t('ui.loading') }: { readonly what?: string }) {
  return (
    <p class="loading muted" role="status">
      {what}
    </p>
  );
}
