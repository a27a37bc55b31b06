/**
 * Int32Array allocation from shared slabs. A fresh typed array of a few
 * hundred ints gets its own off-heap backing store, which costs V8 about a
 * microsecond (allocation plus external-memory bookkeeping); a view into a
 * slab costs a small fraction of that. Each search result (legal-plays.ts)
 * takes its arrays from here.
 *
 * Trade-off: a view keeps its whole slab alive, so a retained array can hold
 * at most SLAB_BYTES; arrays over a quarter of a slab get their own buffer.
 * Views are zero-filled like `new Int32Array(length)` and never overlap.
 */
const SLAB_BYTES = 16 * 1024;
const OWN_BUFFER_FROM = SLAB_BYTES / 4;

let slab = new ArrayBuffer(SLAB_BYTES);
let slabBytes = new Int8Array(slab);
let used = 0;
/** Bytes over the buffer of the array allocated last. */
let lastBytes = slabBytes;

/** A zero-filled Int32Array of `length` ints, usually a view into a shared slab. */
export function allocInt32(length: number): Int32Array {
  const bytes = length * 4;
  if (bytes > OWN_BUFFER_FROM) {
    const own = new Int32Array(length);
    lastBytes = new Int8Array(own.buffer);
    return own;
  }
  if (used + bytes > SLAB_BYTES) {
    slab = new ArrayBuffer(SLAB_BYTES);
    slabBytes = new Int8Array(slab);
    used = 0;
  }
  lastBytes = slabBytes;
  const view = new Int32Array(slab, used, length);
  used += bytes;
  return view;
}

/**
 * An Int8Array over the whole buffer of the array allocInt32 returned last
 * (its bytes start at that array's `byteOffset`): byte access without a new
 * view per array.
 */
export function bytesOfLast(): Int8Array {
  return lastBytes;
}
