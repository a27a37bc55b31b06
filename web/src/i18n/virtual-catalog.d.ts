/** The compiled catalogs the build provides (web/build/catalog-plugin.ts). */
declare module 'virtual:catalog/*' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
