import { readFileSync } from 'node:fs';
import { startFlags } from './server-process.js';

describe('startFlags: a benched server runs as npm start and the container run it', () => {
  it("reads the flags of package.json's start script", () => {
    const packageJson = JSON.stringify({ scripts: { start: 'node --max-semi-space-size=32 --foo dist/main.js' } });
    expect(startFlags(packageJson)).toEqual(['--max-semi-space-size=32', '--foo']);
    expect(startFlags(JSON.stringify({ scripts: { start: 'node dist/main.js' } }))).toEqual([]);
  });

  it('refuses a start script that is not node [flags] dist/main.js', () => {
    expect(() => startFlags(JSON.stringify({ scripts: { start: 'nest start' } }))).toThrow(/start script/);
  });

  it("matches the Dockerfile's CMD", () => {
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync('Dockerfile', 'utf8'))?.[1];
    expect(JSON.parse(cmd ?? 'null')).toEqual(['node', ...startFlags(), 'dist/main.js']);
  });
});
