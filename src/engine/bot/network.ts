/**
 * The house bots' evaluator network (docs/bots.md "The evaluator"): a
 * multilayer perceptron with one hidden layer of sigmoid units and five
 * sigmoid outputs, the chances of the side on roll (outcomes.ts). Inputs are
 * mostly zero (a board has few occupied points), so the forward pass adds
 * only the weights of the inputs that are set: `w1` is stored input-major.
 *
 * Weights travel as text (`encodeNetwork`): a header line and the float32
 * values in base64, small enough to commit and load at start.
 */
export const OUTPUTS = 5;

export interface NetworkShape {
  readonly inputs: number;
  readonly hidden: number;
}

export class Network implements NetworkShape {
  /** Input-to-hidden weights, input-major: w1[i * hidden + h]. */
  readonly w1: Float32Array;
  readonly b1: Float32Array;
  /** Hidden-to-output weights, output-major: w2[k * hidden + h]. */
  readonly w2: Float32Array;
  readonly b2: Float32Array;
  /** The hidden layer's activations of the last forward pass. */
  readonly hiddenOut: Float32Array;

  constructor(
    readonly inputs: number,
    readonly hidden: number,
  ) {
    this.w1 = new Float32Array(inputs * hidden);
    this.b1 = new Float32Array(hidden);
    this.w2 = new Float32Array(OUTPUTS * hidden);
    this.b2 = new Float32Array(OUTPUTS);
    this.hiddenOut = new Float32Array(hidden);
  }

  /** Small random weights (uniform ±0.1 at the inputs, ±0.5 at the outputs) from `random`. */
  static random(shape: NetworkShape, random: () => number): Network {
    const net = new Network(shape.inputs, shape.hidden);
    for (let i = 0; i < net.w1.length; i++) net.w1[i] = (random() - 0.5) * 0.2;
    for (let i = 0; i < net.w2.length; i++) net.w2[i] = (random() - 0.5) * 1;
    return net;
  }

  /**
   * Writes the five outputs for input vector `x` into `out`; `active` lists the
   * indices of x's nonzero entries (the others are skipped), `count` how many.
   */
  forward(x: Float32Array, active: Int32Array, count: number, out: Float64Array): void {
    const { hidden, w1, w2, b2, hiddenOut } = this;
    const acc = hiddenOut;
    acc.set(this.b1);
    for (let a = 0; a < count; a++) {
      const i = active[a];
      const v = x[i];
      const row = i * hidden;
      for (let h = 0; h < hidden; h++) acc[h] += v * w1[row + h];
    }
    for (let h = 0; h < hidden; h++) acc[h] = sigmoid(acc[h]);
    for (let k = 0; k < OUTPUTS; k++) {
      let sum = b2[k];
      const row = k * hidden;
      for (let h = 0; h < hidden; h++) sum += w2[row + h] * acc[h];
      out[k] = sigmoid(sum);
    }
  }

  /** The hidden sums (before the sigmoid) of input `x` written into `sums`: the first half of `forward`. */
  sumsOf(x: Float32Array, active: Int32Array, count: number, sums: Float32Array): void {
    const { hidden, w1 } = this;
    sums.set(this.b1);
    for (let a = 0; a < count; a++) {
      const i = active[a];
      const v = x[i];
      const row = i * hidden;
      for (let h = 0; h < hidden; h++) sums[h] += v * w1[row + h];
    }
  }

  /**
   * The five outputs from hidden sums `sums`, as the second half of `forward` computes them but
   * with the sigmoid read from a table (`tableSigmoid`, within 3e-6 of it, three times as fast):
   * the look-ahead's passes. The activations go to hiddenOut.
   */
  outputsOf(sums: Float32Array, out: Float64Array): void {
    const { hidden, w2, b2, hiddenOut } = this;
    for (let h = 0; h < hidden; h++) hiddenOut[h] = tableSigmoid(sums[h]);
    for (let k = 0; k < OUTPUTS; k++) {
      let sum = b2[k];
      const row = k * hidden;
      for (let h = 0; h < hidden; h++) sum += w2[row + h] * hiddenOut[h];
      out[k] = tableSigmoid(sum);
    }
  }
}

/**
 * The network's pass for an input vector close to one already passed (the positions after the
 * plays of one roll differ in a few inputs): the hidden sums (before the sigmoid) are the
 * reference's, `refSums`, plus the weights of the inputs that differ; `sums` receives them, `out`
 * the five outputs. Not bit for bit what `forward` gives (the sums are added in another order),
 * within float32 rounding of it.
 */
export function forwardNear(
  net: Network,
  ref: { readonly x: Float32Array; readonly active: Int32Array; readonly count: number; readonly sums: Float32Array },
  input: { readonly x: Float32Array; readonly active: Int32Array; readonly count: number },
  sums: Float32Array,
  out: Float64Array,
): void {
  const { hidden, w1 } = net;
  sums.set(ref.sums);
  const { x, active } = input;
  const refX = ref.x;
  for (let a = 0; a < input.count; a++) {
    const i = active[a];
    const d = x[i] - refX[i];
    if (d === 0) continue;
    const row = i * hidden;
    for (let h = 0; h < hidden; h++) sums[h] += d * w1[row + h];
  }
  // The reference's inputs that are 0 now.
  const refActive = ref.active;
  for (let a = 0; a < ref.count; a++) {
    const i = refActive[a];
    if (x[i] !== 0) continue;
    const d = -refX[i];
    const row = i * hidden;
    for (let h = 0; h < hidden; h++) sums[h] += d * w1[row + h];
  }
  net.outputsOf(sums, out);
}

export function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

/** The sigmoid tabled every 1/64 over [-20, 20]; `tableSigmoid` interpolates it. */
const STEPS = 64;
const RANGE = 20;
const SIGMOID_TABLE = Float64Array.from({ length: 2 * RANGE * STEPS + 2 }, (_, i) => sigmoid(i / STEPS - RANGE));

/** The sigmoid by linear interpolation in a table: within 3e-6 of `sigmoid`, about three times as fast. */
export function tableSigmoid(z: number): number {
  if (z <= -RANGE) return SIGMOID_TABLE[0];
  if (z >= RANGE) return SIGMOID_TABLE[2 * RANGE * STEPS];
  const at = (z + RANGE) * STEPS;
  const i = at | 0;
  const low = SIGMOID_TABLE[i];
  return low + (at - i) * (SIGMOID_TABLE[i + 1] - low);
}

const HEADER = /^nardy-net v1 inputs=(\d+) hidden=(\d+) outputs=5\n/;

/** The network as text: a header line, then w1, b1, w2, b2 as little-endian float32 in base64. */
export function encodeNetwork(net: Network): string {
  const all = new Float32Array(net.w1.length + net.b1.length + net.w2.length + net.b2.length);
  let at = 0;
  for (const part of [net.w1, net.b1, net.w2, net.b2]) {
    all.set(part, at);
    at += part.length;
  }
  return `nardy-net v1 inputs=${net.inputs} hidden=${net.hidden} outputs=5\n${base64Of(new Uint8Array(all.buffer))}`;
}

/** Reads what encodeNetwork wrote. @throws Error when the text is not a network of this format. */
export function decodeNetwork(text: string): Network {
  const header = HEADER.exec(text);
  if (header === null) throw new Error('not a nardy-net v1 network');
  const net = new Network(Number(header[1]), Number(header[2]));
  const bytes = bytesOf(text.slice(header[0].length).trim());
  const all = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  const expected = net.w1.length + net.b1.length + net.w2.length + net.b2.length;
  if (bytes.byteLength !== expected * 4)
    throw new Error(`network holds ${bytes.byteLength / 4} values, not ${expected}`);
  let at = 0;
  for (const part of [net.w1, net.b1, net.w2, net.b2]) {
    part.set(all.subarray(at, at + part.length));
    at += part.length;
  }
  return net;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function base64Of(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    text += B64[(n >> 18) & 63] + B64[(n >> 12) & 63];
    text += i + 1 < bytes.length ? B64[(n >> 6) & 63] : '=';
    text += i + 2 < bytes.length ? B64[n & 63] : '=';
  }
  return text;
}

function bytesOf(text: string): Uint8Array {
  const clean = text.replace(/=+$/, '');
  const bytes = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let at = 0;
  for (const char of clean) {
    const digit = B64.indexOf(char);
    if (digit < 0) throw new Error('network text is not base64');
    value = (value << 6) | digit;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[at++] = (value >> bits) & 0xff;
    }
  }
  return bytes;
}
