/** The face of the problems' words in each language (docs/architecture.md, "Languages"). */
export { problemLanguage } from './problem-language.js';
export { loadProblemTexts, problemCatalog, problemTitle, problemWords, type ProblemCatalog } from './problem-texts.js';
export { fieldCatalog, fieldMessage, type FieldCatalog } from './field-words.js';
