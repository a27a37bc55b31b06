/**
 * A worker thread of the analysis pool (net-analysis-pool.ts): one match
 * analysed by the service's own network, progress posted on the task's port.
 */
import type { MessagePort } from 'node:worker_threads';
import { analyseWithNetwork, type MatchAnalysis, type MatchEvent, type NewMatchOptions } from '../engine/index.js';

export interface NetAnalysisTask {
  readonly match: NewMatchOptions;
  readonly events: readonly MatchEvent[];
  readonly plies: 0 | 1;
  readonly port: MessagePort;
}

export default function analyse(task: NetAnalysisTask): MatchAnalysis {
  let last = 0;
  const analysis = analyseWithNetwork(task.match, task.events, {
    plies: task.plies,
    progress: (done, total) => {
      const share = done / total;
      if (share - last >= 0.02 || done === total) {
        last = share;
        task.port.postMessage(share);
      }
    },
  });
  task.port.close();
  return analysis;
}
