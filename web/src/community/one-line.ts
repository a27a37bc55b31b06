/**
 * A person's text as one line, as the API's text policy takes it (docs/community.md): line breaks,
 * typed or pasted, become one space, and the ends are trimmed.
 */
export function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}
