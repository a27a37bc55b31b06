/**
 * Each language's compiled catalog is a chunk of its own (web/build/catalog-plugin.ts), fetched
 * when that language is chosen: a page carries one language's messages, never all four.
 */
import type { Messages } from '@lingui/core';
import type { PageLanguage } from './languages.js';

const LOADERS: Readonly<Record<PageLanguage, () => Promise<{ messages: Messages }>>> = {
  en: () => import('virtual:catalog/en'),
  ru: () => import('virtual:catalog/ru'),
  lt: () => import('virtual:catalog/lt'),
  hy: () => import('virtual:catalog/hy'),
  pseudo: () => import('virtual:catalog/pseudo'),
};

export async function loadCatalog(language: PageLanguage): Promise<Messages> {
  return (await LOADERS[language]()).messages;
}
