/** What a page or a list shows while its request is under way (announced politely). */
export function Loading({ what = 'Loading…' }: { readonly what?: string }) {
  return (
    <p class="loading muted" role="status">
      {what}
    </p>
  );
}
