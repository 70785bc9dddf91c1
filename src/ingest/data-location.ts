import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where a data set is read from: a local directory, or a base URL with the same layout (the
 * published raw files of the data set's repository). Importers name files relative to it.
 */
export interface DataLocation {
  /** What error messages show for a file: its path or URL. */
  describe(file: string): string;
  readText(file: string): Promise<string>;
  /** For optional files: false when the file is absent (404 or ENOENT), never for other failures. */
  exists(file: string): Promise<boolean>;
}

export function openDataLocation(dirOrUrl: string): DataLocation {
  return /^https?:\/\//i.test(dirOrUrl) ? urlLocation(dirOrUrl) : directoryLocation(dirOrUrl);
}

function directoryLocation(dir: string): DataLocation {
  const root = path.resolve(dir);
  const describe = (file: string) => path.join(root, file);
  return {
    describe,
    readText: (file) => readFile(describe(file), 'utf8'),
    exists: (file) =>
      readFile(describe(file)).then(
        () => true,
        (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? false : Promise.reject(error)),
      ),
  };
}

function urlLocation(base: string): DataLocation {
  const describe = (file: string) => new URL(file, base.endsWith('/') ? base : `${base}/`).toString();
  const get = async (file: string) => {
    const response = await fetch(describe(file));
    return response;
  };
  return {
    describe,
    async readText(file) {
      const response = await get(file);
      if (!response.ok) throw new Error(`GET ${describe(file)} failed: HTTP ${response.status}`);
      return response.text();
    },
    async exists(file) {
      const response = await get(file);
      await response.body?.cancel();
      if (response.status === 404) return false;
      if (!response.ok) throw new Error(`GET ${describe(file)} failed: HTTP ${response.status}`);
      return true;
    },
  };
}
