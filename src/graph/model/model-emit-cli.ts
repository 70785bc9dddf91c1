import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from '../../config';
import { GENERATED_FILES, regenerated } from './model-artefacts';

/** Rewrites the generated parts of the committed files from the model (`npm run model:emit`). */
async function main(): Promise<void> {
  for (const file of GENERATED_FILES) {
    const location = path.join(REPO_ROOT, file);
    const before = await readFile(location, 'utf8');
    const after = regenerated(file, before);
    if (after !== before) await writeFile(location, after);
    console.log(`${file}: ${after === before ? 'unchanged' : 'rewritten'}`);
  }
}

void main();
