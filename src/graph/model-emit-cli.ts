import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GENERATED_FILES, regenerated } from './model-artefacts';

/** Rewrites the generated parts of the committed files from the model (`npm run model:emit`). */
async function main(): Promise<void> {
  // src/graph/ is two levels below the repository root.
  const root = path.resolve(__dirname, '..', '..');
  for (const file of GENERATED_FILES) {
    const location = path.join(root, file);
    const before = await readFile(location, 'utf8');
    const after = regenerated(file, before);
    if (after !== before) await writeFile(location, after);
    console.log(`${file}: ${after === before ? 'unchanged' : 'rewritten'}`);
  }
}

void main();
