// The face owners use: the list, the handler mark, the node timer. The runner itself
// (BackgroundModule, with pg-boss) is wired by the composition root, src/app.module.ts.
export { BACKGROUND_JOBS, type ClusterJob, type NodeJob, type Setting } from './jobs.js';
export { BackgroundJob } from './background-job.decorator.js';
export { NodeTimer } from './node-timer.js';
