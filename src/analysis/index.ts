/** The analysis module's face (docs/analysis.md): the composition root imports the module from here. */
export { AnalysisModule } from './analysis.module.js';
