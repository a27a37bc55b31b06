import type { ClusterJob } from './jobs.js';

/** A cluster job's handler: the method of the owner's provider, bound to it. */
export interface BackgroundHandler {
  readonly job: ClusterJob;
  readonly run: () => unknown;
}

const HANDLERS = Symbol('background job handlers');

type Marked = { [HANDLERS]?: ReadonlyArray<{ readonly job: ClusterJob; readonly method: string | symbol }> };

/**
 * Marks a method of a provider as the handler of `job` (a declaration of BACKGROUND_JOBS): the
 * BackgroundRunner finds it among the providers and runs it as the job (docs/architecture.md, "The
 * background runner"). The method takes no argument; its promise settles the run (a rejection is a
 * failed run, tried again).
 */
export function BackgroundJob(job: ClusterJob): MethodDecorator {
  return (target, method) => {
    const marked = target as Marked;
    marked[HANDLERS] = [...(marked[HANDLERS] ?? []), { job, method }];
  };
}

/** The handlers `instance` carries (none for a value that is no marked provider). */
export function backgroundHandlersOf(instance: unknown): BackgroundHandler[] {
  if (typeof instance !== 'object' || instance === null) return [];
  const marked = instance as Marked & Record<string | symbol, unknown>;
  return (marked[HANDLERS] ?? []).map(({ job, method }) => {
    const handler = marked[method] as () => unknown;
    return { job, run: () => handler.call(instance) };
  });
}
