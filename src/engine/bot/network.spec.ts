import { mulberry32 } from '../prng.js';
import { Network, decodeNetwork, encodeNetwork, sigmoid } from './network.js';

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
