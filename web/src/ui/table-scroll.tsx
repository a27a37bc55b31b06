import type { ComponentChildren } from 'preact';
import './table-scroll.css';

/**
 * A wide table on a narrow screen: it scrolls sideways inside this region, which the keyboard can
 * reach (tab to it, then the arrow keys) and a screen reader names.
 */
export function TableScroll({ label, children }: { readonly label: string; readonly children: ComponentChildren }) {
  return (
    <div class="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/** A table in its scrolling region, named by its caption (read by assistive technology, not shown). */
export function ScrollingTable({
  caption,
  class: className,
  children,
}: {
  readonly caption: string;
  readonly class: string;
  readonly children: ComponentChildren;
}) {
  return (
    <TableScroll label={caption}>
      <table class={className}>
        <caption class="visually-hidden">{caption}</caption>
        {children}
      </table>
    </TableScroll>
  );
}
