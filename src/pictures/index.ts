/**
 * The pictures module's face: board pictures (SVG) of a match or a position over HTTP. Only the
 * composition root uses it. Code outside src/pictures imports from this file only
 * (src/architecture.spec.ts checks it).
 */
export { PicturesModule } from './pictures.module.js';
