import type { ComponentChildren } from 'preact';
import { navigate } from '../router.js';

interface LinkProps {
  readonly href: string;
  readonly class?: string;
  readonly 'aria-label'?: string;
  readonly 'aria-current'?: 'page';
  /** False for a name or other text no translation touches (a username). */
  readonly translate?: boolean;
  readonly children?: ComponentChildren;
}

/** A link to a page of the client: followed without reloading, unless opened in a new tab. */
export function Link({ href, children, ...rest }: LinkProps) {
  const onClick = (event: MouseEvent): void => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <a {...rest} href={href} onClick={onClick}>
      {children}
    </a>
  );
}
