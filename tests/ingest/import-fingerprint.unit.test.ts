import { describe, expect, it } from 'vitest';
import type { DataLocation } from '../../src/ingest/reading/data-location';
import { digestOf as digestOfRecorded, fingerprinting, hashAgain, modelText, optionsDigestPart } from '../../src/ingest/import-fingerprint';

/** A data location over an in-memory folder. */
const folder = (files: Record<string, string>): DataLocation => ({
  describe: (file) => `mem/${file}`,
  readText: async (file) => files[file] ?? Promise.reject(new Error(`no ${file}`)),
  exists: async (file) => file in files,
});

async function digestOf(files: Record<string, string>, reads: string[], options = optionsDigestPart('fjelstul', {})): Promise<string> {
  const fingerprint = fingerprinting(folder(files));
  await Promise.all(reads.map((file) => (file.startsWith('?') ? fingerprint.location.exists(file.slice(1)) : fingerprint.location.readText(file))));
  return fingerprint.digest(options);
}

describe('the digest of an import', () => {
  const files = { 'goals.csv': 'id,minute\n1,10\n', 'matches.csv': 'id\nM-1\n' };

  it('is the same for the same files, whatever order they were read in', async () => {
    expect(await digestOf(files, ['goals.csv', 'matches.csv'])).toBe(await digestOf(files, ['matches.csv', 'goals.csv']));
  });

  it('changes with one byte of one file, with a file more or less, and with an optional file found or not', async () => {
    const base = await digestOf(files, ['goals.csv', 'matches.csv']);
    expect(await digestOf({ ...files, 'goals.csv': 'id,minute\n1,11\n' }, ['goals.csv', 'matches.csv'])).not.toBe(base);
    expect(await digestOf(files, ['goals.csv'])).not.toBe(base);
    expect(await digestOf(files, ['goals.csv', 'matches.csv', '?bookings.csv'])).not.toBe(base);
  });

  it('reads the model without what only documents it: a field changes its text, a description or note does not', () => {
    const kind = { kind: 'referees', fields: { name: { type: 'string', policy: 'first' } }, relationships: [{ type: 'REFEREED_BY', note: 'in charge' }] };
    const documented = { ...kind, idRule: 'slug', api: { description: 'A referee.', fields: { name: 'Full name.' } }, notes: { name: 'as spelt' } };
    expect(modelText([documented])).toBe(modelText([kind]));
    expect(modelText([{ ...kind, relationships: [{ type: 'REFEREED_BY', note: 'the one in charge' }] }])).toBe(modelText([kind]));
    expect(modelText([{ ...kind, fields: { name: { type: 'string', policy: 'dispute' } } }])).not.toBe(modelText([kind]));
  });

  it('changes with the data set and the options that choose what it reads, not with their order', async () => {
    const base = await digestOf(files, ['goals.csv']);
    expect(await digestOf(files, ['goals.csv'], optionsDigestPart('wyscout', {}))).not.toBe(base);
    const years = (list: number[]) => digestOf(files, ['goals.csv'], optionsDigestPart('openfootball', { years: list }));
    expect(await years([2026, 2022])).toBe(await years([2022, 2026, 2022]));
    expect(await years([2026])).not.toBe(await years([2022, 2026]));
    const season = (id: number) => digestOf(files, ['goals.csv'], optionsDigestPart('statsbomb', { season: { competition: 43, season: id } }));
    expect(await season(3)).not.toBe(await season(106));
  });
});

describe('the files of the last import, hashed again', () => {
  const files = { 'goals.csv': 'id,minute\n1,10\n', 'matches.csv': 'id\nM-1\n' };
  const options = optionsDigestPart('fjelstul', {});

  async function recorded(): Promise<{ digest: string; files: ReturnType<ReturnType<typeof fingerprinting>['files']> }> {
    const fingerprint = fingerprinting(folder(files));
    await fingerprint.location.readText('goals.csv');
    await fingerprint.location.readText('matches.csv');
    await fingerprint.location.exists('bookings.csv');
    return { digest: fingerprint.digest(options), files: fingerprint.files() };
  }

  it("give the import's digest while nothing changed", async () => {
    const last = await recorded();
    expect(last.files.map(([file]) => file)).toEqual(['bookings.csv', 'goals.csv', 'matches.csv']);
    expect(digestOfRecorded(await hashAgain(folder(files), last.files), options)).toBe(last.digest);
  });

  it('give another digest for a changed byte, a vanished file, an optional file that appeared, or other options', async () => {
    const last = await recorded();
    const again = async (now: Record<string, string>, opts = options) => digestOfRecorded(await hashAgain(folder(now), last.files), opts);
    expect(await again({ ...files, 'goals.csv': 'id,minute\n1,11\n' })).not.toBe(last.digest);
    expect(await again({ 'goals.csv': files['goals.csv'] })).not.toBe(last.digest);
    expect(await again({ ...files, 'bookings.csv': 'id\n' })).not.toBe(last.digest);
    expect(await again(files, optionsDigestPart('openfootball', {}))).not.toBe(last.digest);
  });
});
