/**
 * The entry of an import worker thread (import-pool.ts): reads one file per
 * task, off the server's event loop.
 */
import type { MatchFile } from './match-file.pipe.js';
import { readMatchFile, type FileReading, type ImportCaps } from './match-file-reader.js';

/** One import's file and the caps it is held to. */
export interface ImportTask {
  readonly file: MatchFile;
  readonly caps: ImportCaps;
}

export default function readImport(task: ImportTask): FileReading {
  return readMatchFile(task.file, task.caps);
}
