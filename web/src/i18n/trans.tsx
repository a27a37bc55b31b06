/**
 * A message with elements in it: the catalog marks them `<0>…</0>`, `<1>…</1>` (as Lingui's own
 * Trans does), and `components` gives the element each number wraps its text in, so that a
 * translation can move a link within its sentence.
 */
import { cloneElement, type ComponentChildren, type VNode } from 'preact';
import type { MessageId, Values } from '@lingui/core';
import { t } from './i18n.js';

const TAG = /<(\d+)>(.*?)<\/\1>/gs;

export function Trans(props: {
  readonly id: MessageId;
  readonly values?: Values;
  readonly components: readonly VNode[];
}): ComponentChildren {
  const text = t(props.id, props.values);
  const parts: ComponentChildren[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    parts.push(text.slice(last, match.index));
    const element = props.components[Number(match[1])];
    parts.push(element === undefined ? match[2] : cloneElement(element, { key: match.index }, match[2]));
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
