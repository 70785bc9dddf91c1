import { z } from 'zod';
import type { DataLocation } from './data-location';
import { MalformedFileError, unreadableText, validateRecords } from './validation';

export interface CsvRecord {
  /** 1-based line where the record starts (a quoted field may span lines). */
  line: number;
  fields: string[];
}

/**
 * RFC 4180: comma-separated, `"` quotes a field, `""` is a quote inside one, quoted fields may hold
 * commas and line breaks; CRLF or LF line ends; a trailing newline does not make an empty record.
 */
export function parseCsv(text: string, file: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let afterQuote = false;
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;

  const endRecord = () => {
    fields.push(field);
    records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    afterQuote = false;
  };

  for (let i = 0; i < input.length; i++) {
    const char = input[i];
    if (quoted) {
      if (char === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
          afterQuote = true;
        }
      } else {
        if (char === '\n') line++;
        field += char;
      }
      continue;
    }
    if (char === ',') {
      fields.push(field);
      field = '';
      afterQuote = false;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && input[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else if (char === '"' && field === '' && !afterQuote) {
      quoted = true;
    } else if (afterQuote) {
      throw new MalformedFileError(file, line, `unexpected ${JSON.stringify(char)} after a closing quote`);
    } else {
      field += char;
    }
  }
  if (quoted) throw new MalformedFileError(file, recordLine, 'a quoted field is never closed');
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}

/** A row object keyed by column name, plus the line it came from. */
export type CsvRow<Shape extends z.ZodRawShape> = z.output<z.ZodObject<Shape>> & { line: number };

/**
 * Parses a CSV file with a header and validates every row against `columns` (one schema per
 * column used; other columns are ignored). A missing column or any bad value rejects the file.
 */
export function readCsvTable<Shape extends z.ZodRawShape>(
  text: string,
  file: string,
  columns: Shape,
): Array<CsvRow<Shape>> {
  const [header, ...records] = parseCsv(text, file);
  if (!header) throw new MalformedFileError(file, 1, 'the file is empty; a header row is required');
  // Every file of a data set has rows; a header alone is a truncated copy, not an empty table.
  if (records.length === 0) throw new MalformedFileError(file, header.line, 'only a header, no rows');
  const missing = Object.keys(columns).filter((column) => !header.fields.includes(column));
  if (missing.length > 0) {
    throw new MalformedFileError(file, header.line, `missing column(s): ${missing.join(', ')}`);
  }
  const schema = z.object(columns);
  // One scan of the whole text; only a file that fails it is searched field by field for the column.
  const suspect = unreadableText(text) !== null;
  const located = records.map((record) => {
    if (record.fields.length !== header.fields.length) {
      throw new MalformedFileError(
        file,
        record.line,
        `expected ${header.fields.length} fields as in the header, found ${record.fields.length}`,
      );
    }
    const value: Record<string, string> = {};
    header.fields.forEach((column, index) => {
      const unreadable = suspect ? unreadableText(record.fields[index]!) : null;
      if (unreadable) throw new MalformedFileError(file, record.line, `${column}: ${unreadable}`);
      value[column] = record.fields[index]!;
    });
    return { line: record.line, where: null, value };
  });
  const rows = validateRecords(file, schema, located);
  return rows.map((row, index) => ({ ...row, line: located[index]!.line }));
}

/** Every table of a data set's folder, `<name>.csv` each, read and each row validated against its columns. */
export async function readCsvTables<Tables extends Record<string, z.ZodRawShape>>(
  location: DataLocation,
  tables: Tables,
): Promise<{ [K in keyof Tables]: Array<CsvRow<Tables[K]>> }> {
  const names = Object.keys(tables) as Array<keyof Tables & string>;
  const texts = await Promise.all(names.map((name) => location.readText(`${name}.csv`)));
  const read = {} as { [K in keyof Tables]: Array<CsvRow<Tables[K]>> };
  names.forEach((name, index) => {
    read[name] = readCsvTable(texts[index]!, location.describe(`${name}.csv`), tables[name]!);
  });
  return read;
}
