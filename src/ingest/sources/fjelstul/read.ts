import { readCsvTables } from '../../reading/csv';
import type { DataLocation } from '../../reading/data-location';
import { checkFjelstulIntegrity } from './integrity';
import { FJELSTUL_TABLES, type FjelstulTables } from './tables';

/**
 * Reads and validates every file before anything else happens: each row on its own, then keys,
 * references and agreement between files. The first bad row rejects the import.
 */
export async function readFjelstul(location: DataLocation): Promise<FjelstulTables & { rowCount: number }> {
  const tables: FjelstulTables = await readCsvTables(location, FJELSTUL_TABLES);
  checkFjelstulIntegrity(tables, location.describe);
  const rowCount = Object.values(tables).reduce((sum, rows) => sum + rows.length, 0);
  return { ...(tables as FjelstulTables), rowCount };
}
