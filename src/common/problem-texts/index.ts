/** The face of the problems' words in each language (docs/architecture.md, "Languages"). */
export { problemLanguage } from './problem-language.js';
export { loadProblemTexts, PROBLEM_WORDS, problemTitle, problemWords } from './problem-texts.js';
export { FIELD_WORDS, fieldMessage } from './field-words.js';
