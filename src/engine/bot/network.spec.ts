import { mulberry32 } from '../prng.js';
import { Network, decodeNetwork, encodeNetwork, forwardNear, sigmoid, tableSigmoid } from './network.js';

describe('the evaluator network', () => {
  const net = Network.random({ inputs: 12, hidden: 7 }, mulberry32(3));

  it('travels as text and comes back with every weight bit for bit', () => {
    const back = decodeNetwork(encodeNetwork(net));
    expect([back.inputs, back.hidden]).toEqual([12, 7]);
    for (const part of ['w1', 'b1', 'w2', 'b2'] as const) expect(Array.from(back[part])).toEqual(Array.from(net[part]));
  });

  it('refuses text that is not a network, or holds the wrong number of weights', () => {
    expect(() => decodeNetwork('hello')).toThrow('not a nardy-net v1 network');
    const text = encodeNetwork(net).replace('inputs=12', 'inputs=13');
    expect(() => decodeNetwork(text)).toThrow('values, not');
  });

  it('skips zero inputs in its sparse pass and gets what a dense pass gets', () => {
    const x = new Float32Array(12);
    x[2] = 1;
    x[5] = 0.5;
    x[11] = 0.25;
    const out = new Float64Array(5);
    net.forward(x, Int32Array.from([2, 5, 11]), 3, out);
    for (let k = 0; k < 5; k++) {
      let sum = net.b2[k];
      for (let h = 0; h < 7; h++) {
        let z = net.b1[h];
        for (let i = 0; i < 12; i++) z += x[i] * net.w1[i * 7 + h];
        sum += net.w2[k * 7 + h] * sigmoid(z);
      }
      expect(out[k]).toBeCloseTo(sigmoid(sum), 6);
    }
  });
});

describe('the look-ahead’s passes', () => {
  it('read the sigmoid from a table within 3e-6 of it', () => {
    for (let z = -30; z <= 30; z += 0.0137) expect(Math.abs(tableSigmoid(z) - sigmoid(z))).toBeLessThan(3e-6);
  });

  it('start from a near input’s hidden sums and get what a whole pass gets, within float32 rounding', () => {
    const net = Network.random({ inputs: 12, hidden: 7 }, mulberry32(5));
    const refX = new Float32Array(12);
    refX[1] = 1;
    refX[4] = 0.5;
    const ref = { x: refX, active: Int32Array.from([1, 4]), count: 2, sums: new Float32Array(7) };
    net.sumsOf(ref.x, ref.active, ref.count, ref.sums);
    const x = new Float32Array(12);
    x[4] = 0.25;
    x[9] = 1;
    const input = { x, active: Int32Array.from([4, 9]), count: 2 };
    const near = new Float64Array(5);
    forwardNear(net, ref, input, new Float32Array(7), near);
    const whole = new Float64Array(5);
    net.forward(input.x, input.active, input.count, whole);
    for (let k = 0; k < 5; k++) expect(near[k]).toBeCloseTo(whole[k], 5);
  });
});
