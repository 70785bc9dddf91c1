import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { decodeUtf8, MalformedFileError } from './validation';

/**
 * Where a data set is read from: a local directory, or a base URL with the same layout (the
 * published raw files of the data set's repository). Importers name files relative to it.
 */
export interface DataLocation {
  /** What error messages show for a file: its path or URL. */
  describe(file: string): string;
  /**
   * The file as strict UTF-8. A missing or unreadable file, or one that is not UTF-8, rejects the
   * import with a MalformedFileError naming it (and for bad UTF-8 the line).
   */
  readText(file: string): Promise<string>;
  /** For optional files: false when the file is absent (404 or ENOENT), never for other failures. */
  exists(file: string): Promise<boolean>;
}

export function openDataLocation(dirOrUrl: string): DataLocation {
  return /^https?:\/\//i.test(dirOrUrl) ? urlLocation(dirOrUrl) : directoryLocation(dirOrUrl);
}

/** Why a file could not be read, in words; the system error code stays for the unexpected ones. */
const READ_FAILURES: Record<string, string> = {
  ENOENT: 'missing: no such file',
  ENOTDIR: 'missing: a folder on its path is a file',
  EISDIR: 'is a folder, not a file',
  EACCES: 'cannot be read: permission denied',
};

function directoryLocation(dir: string): DataLocation {
  const root = path.resolve(dir);
  const describe = (file: string) => path.join(root, file);
  return {
    describe,
    async readText(file) {
      const bytes = await readFile(describe(file)).catch((error: NodeJS.ErrnoException) => {
        throw new MalformedFileError(describe(file), null, READ_FAILURES[error.code ?? ''] ?? `cannot be read: ${error.code ?? error.message}`);
      });
      return decodeUtf8(bytes, describe(file));
    },
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
    try {
      return await fetch(describe(file));
    } catch (error) {
      throw new MalformedFileError(describe(file), null, `cannot be fetched: ${(error as Error).message}`);
    }
  };
  return {
    describe,
    async readText(file) {
      const response = await get(file);
      if (response.status === 404) throw new MalformedFileError(describe(file), null, 'missing: HTTP 404');
      if (!response.ok) throw new MalformedFileError(describe(file), null, `cannot be fetched: HTTP ${response.status}`);
      return decodeUtf8(new Uint8Array(await response.arrayBuffer()), describe(file));
    },
    async exists(file) {
      const response = await get(file);
      await response.body?.cancel();
      if (response.status === 404) return false;
      if (!response.ok) throw new MalformedFileError(describe(file), null, `cannot be fetched: HTTP ${response.status}`);
      return true;
    },
  };
}
