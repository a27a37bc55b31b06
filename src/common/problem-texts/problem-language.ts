/**
 * The language of a problem document (docs/architecture.md, "Languages"): the best of the request's
 * `Accept-Language` the service speaks (RFC 9110 §12.5.4 with RFC 4647 matching, by `negotiator`,
 * the parser Express uses: "ru-RU" finds ru, q-values order the choice), else English.
 */
import Negotiator from 'negotiator';
import { LANGUAGES, type Language } from '../languages.js';

export function problemLanguage(acceptLanguage: string | string[] | undefined): Language {
  if (acceptLanguage === undefined || acceptLanguage === '') return 'en';
  const chosen = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).language([...LANGUAGES]);
  return (chosen as Language | undefined) ?? 'en';
}
