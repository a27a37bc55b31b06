import { NodeFS } from '@electric-sql/pglite/nodefs';
import { GROUP_AND_OTHERS } from '../config/private-files.js';

type EmscriptenOptions = Parameters<NodeFS['init']>[1];

/** The entry points of Emscripten's FS API (https://emscripten.org/docs/api_reference/Filesystem-API.html) that set modes. */
interface EmscriptenModes {
  mknod(path: string, mode: number, dev: number): unknown;
  chmod(path: unknown, mode: number, dontFollow?: boolean): void;
  fchmod(fd: number, mode: number): void;
}

/**
 * PGlite's Node filesystem (the data directory as real files), creating every
 * file and directory for its owner only.
 *
 * PGlite writes through Emscripten's NODEFS, which gives files the modes the
 * WASM side asks for, and the initial database is unpacked from a bundled
 * archive as mode 666 files (chmod, so no umask helps). This mounts NODEFS as
 * usual, then takes group and others' bits off every mode that Emscripten's
 * FS sets: at creation (mknod, which also backs open with O_CREAT, mkdir and
 * writeFile) and on chmod. Only the owner bits matter to Emscripten's own
 * permission checks, so nothing inside PGlite changes.
 */
export class OwnerOnlyNodeFS extends NodeFS {
  override async init(
    pg: Parameters<NodeFS['init']>[0],
    options: EmscriptenOptions,
  ): Promise<{ emscriptenOpts: EmscriptenOptions }> {
    const { emscriptenOpts } = await super.init(pg, options);
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [...(emscriptenOpts.preRun ?? []), restrictModesToOwner],
      },
    };
  }
}

function restrictModesToOwner(mod: EmscriptenOptions): void {
  // PGlite types Module.FS with Emscripten's ambient types, which it does not ship: say which part is used here.
  const untyped: unknown = mod.FS;
  const fs = untyped as EmscriptenModes;
  const mknod = fs.mknod.bind(fs);
  const chmod = fs.chmod.bind(fs);
  const fchmod = fs.fchmod.bind(fs);
  fs.mknod = (path, mode, dev) => mknod(path, mode & ~GROUP_AND_OTHERS, dev);
  fs.chmod = (path, mode, dontFollow) => chmod(path, mode & ~GROUP_AND_OTHERS, dontFollow);
  fs.fchmod = (fd, mode) => fchmod(fd, mode & ~GROUP_AND_OTHERS);
}
