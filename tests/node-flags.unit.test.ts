import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE_FLAGS } from '../src/node-flags';

const root = path.resolve(__dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('node flags of the API', () => {
  it('npm start runs node dist/main.js with them', () => {
    const start = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start;
    expect(start).toContain(['node', ...NODE_FLAGS, 'dist/main.js'].join(' '));
  });

  it("the Dockerfile's CMD runs node dist/main.js with them", () => {
    const cmd = /^CMD (\[.*\])$/m.exec(read('Dockerfile'))?.[1];
    expect(cmd && JSON.parse(cmd)).toEqual(['node', ...NODE_FLAGS, 'dist/main.js']);
  });
});
