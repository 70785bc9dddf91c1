import { describe, expect, it } from 'vitest';
import type { KnownPerson } from '../../src/graph/write/graph-state';
import { PersonResolver, sameNameLoosely, type PersonCandidate } from '../../src/ingest/person-resolver';

const candidate = (overrides: Partial<PersonCandidate> & Pick<PersonCandidate, 'name' | 'ref'>): PersonCandidate => ({
  aliases: [],
  birthDate: null,
  teamIds: [],
  role: 'Player',
  sourceId: 'fjelstul-worldcup',
  keySpace: 'fjelstul-worldcup/players',
  ...overrides,
});

const known = (person: Partial<KnownPerson> & Pick<KnownPerson, 'id' | 'name'>): KnownPerson => ({
  birthDate: null, nameKeys: [], teamIds: [], sourceKeys: [], sources: [], ...person,
});

describe('PersonResolver', () => {
  it("joins a fuller spelling to the one teammate of its birth date whom a two-part spelling fits, though its one-part alias fits two", () => {
    // Panama 2018: Fjelstul's Erick Davis and openfootball's Eric Davis, both born 1991-03-31; Wyscout's
    // "Erick Javier Davis Grajales" also goes by "E. Davis", whose one part "davis" fits both.
    const resolver = new PersonResolver([
      known({ id: 'erick-davis', name: 'Erick Davis', birthDate: '1991-03-31', nameKeys: ['erick davis'], teamIds: ['panama-men'], sourceKeys: ['fjelstul-worldcup/players:P-44505'] }),
      known({ id: 'eric-davis', name: 'Eric Davis', birthDate: '1991-03-31', nameKeys: ['eric davis'], teamIds: ['panama-men'], sourceKeys: ['openfootball-worldcup/squads:eric-davis'] }),
    ]);
    expect(resolver.resolve(candidate({
      name: 'Erick Javier Davis Grajales', aliases: ['E. Davis'], birthDate: '1991-03-31', teamIds: ['panama-men'],
      sourceId: 'wyscout-pappalardo-worldcup2018', keySpace: 'wyscout-pappalardo-worldcup2018/players', ref: 'wyscout-pappalardo-worldcup2018/players:116364',
    }))).toBe('erick-davis');
  });

  it("finds a results-list scorer by the team its key names, though the graph holds no goal of theirs (World Cup goals only)", () => {
    const scorer = { id: 'diego-maradona', name: 'Diego Maradona', nameKeys: ['diego maradona'], sources: ['international-results'] };
    const maradona = candidate({ name: 'Diego Maradona', birthDate: '1960-10-30', teamIds: ['argentina-men'], ref: 'fjelstul-worldcup/players:P-20003' });
    const resolver = new PersonResolver([known({ ...scorer, sourceKeys: ['international-results/scorers:argentina-men:diego-maradona:1986'] })]);
    expect(resolver.resolve(maradona)).toBe('diego-maradona');
    expect(resolver.summary()).toMatchObject({ created: 0, merged: 1, ambiguous: [] });
    // Of another team, the key keeps them apart.
    const other = new PersonResolver([known({ ...scorer, sourceKeys: ['international-results/scorers:uruguay-men:diego-maradona:1986'] })]);
    expect(other.resolve(maradona)).toBe('diego-maradona-1960');
  });

  describe('same name, different people', () => {
    it('keeps two people of one name apart by birth date, the second id with the birth year', () => {
      const resolver = new PersonResolver([]);
      const first = resolver.resolve(candidate({ name: 'Ronaldo', ref: 'fjelstul-worldcup/players:P-1', birthDate: '1976-09-18', teamIds: ['brazil-men'] }));
      const second = resolver.resolve(candidate({ name: 'Ronaldo', ref: 'fjelstul-worldcup/players:P-2', birthDate: '1985-02-05', teamIds: ['portugal-men'] }));
      expect([first, second]).toEqual(['ronaldo', 'ronaldo-1985']);
      expect(resolver.summary()).toMatchObject({ created: 2, merged: 0, ambiguous: [] });
    });

    it('never merges two keys of one data set, even with the same name, birth date and team (twins)', () => {
      const resolver = new PersonResolver([]);
      const twin = { name: 'Degen', birthDate: '1983-02-28', teamIds: ['switzerland-men'] };
      const philipp = resolver.resolve(candidate({ ...twin, ref: 'fjelstul-worldcup/players:P-10' }));
      const david = resolver.resolve(candidate({ ...twin, ref: 'fjelstul-worldcup/players:P-11' }));
      expect(philipp).not.toBe(david);
    });

    it('keeps a namesake without birth date or common team apart and reports the doubt', () => {
      const resolver = new PersonResolver([known({ id: 'luis-suarez', name: 'Luis Suárez', birthDate: '1987-01-24', teamIds: ['uruguay-men'] })]);
      const id = resolver.resolve(candidate({ name: 'Luis Suárez', ref: 'openfootball-worldcup/squads:spain-men:luis-suarez', keySpace: 'openfootball-worldcup/squads', teamIds: ['spain-men'] }));
      expect(id).not.toBe('luis-suarez');
      expect(resolver.summary().ambiguous).toEqual([
        expect.objectContaining({ name: 'Luis Suárez', id, candidates: ['luis-suarez'] }),
      ]);
    });
  });

  describe('one person, several spellings', () => {
    it('merges "Family, Given" and accents onto the known person', () => {
      const resolver = new PersonResolver([known({ id: 'enzo-fernandez', name: 'Enzo Fernandez', birthDate: '2001-01-17', teamIds: ['argentina-men'] })]);
      const id = resolver.resolve(candidate({ name: 'Enzo Fernández', aliases: ['Fernández, Enzo'], ref: 'fjelstul-worldcup/players:P-3', birthDate: '2001-01-17' }));
      expect(id).toBe('enzo-fernandez');
      const [record] = resolver.records();
      expect(record).toMatchObject({ id: 'enzo-fernandez', name: 'Enzo Fernández', aliases: ['Enzo Fernández', 'Fernández, Enzo'] });
    });

    it('merges a shorter spelling with the same birth date and team, and lists it', () => {
      const resolver = new PersonResolver([known({ id: 'alisson-becker', name: 'Alisson Becker', birthDate: '1992-10-02', teamIds: ['brazil-men'] })]);
      const id = resolver.resolve(candidate({ name: 'Alisson', ref: 'openfootball-worldcup/squads:brazil-men:alisson', keySpace: 'openfootball-worldcup/squads', birthDate: '1992-10-02', teamIds: ['brazil-men'] }));
      expect(id).toBe('alisson-becker');
      expect(resolver.summary().mergedBySpelling).toEqual([{ ref: 'openfootball-worldcup/squads:brazil-men:alisson', name: 'Alisson', id: 'alisson-becker' }]);
    });

    it('does not take brothers with a shared family name for spellings of each other', () => {
      const resolver = new PersonResolver([known({ id: 'anton-miranchuk', name: 'Anton Miranchuk', birthDate: '1995-10-17', teamIds: ['russia-men'] })]);
      const id = resolver.resolve(candidate({ name: 'Aleksei Miranchuk', ref: 'fjelstul-worldcup/players:P-4', birthDate: '1995-10-17', teamIds: ['russia-men'] }));
      expect(id).toBe('aleksei-miranchuk');
    });
  });

  describe('birth date missing', () => {
    it('merges a scorer known by name only with the person of the same team', () => {
      const resolver = new PersonResolver([known({ id: 'angel-di-maria', name: 'Ángel Di María', teamIds: ['argentina-men'], sourceKeys: ['openfootball-worldcup/scorers:argentina-men:angel-di-maria'] })]);
      const id = resolver.resolve(candidate({ name: 'Ángel Di María', ref: 'fjelstul-worldcup/players:P-5', birthDate: '1988-02-14', teamIds: ['argentina-men'] }));
      expect(id).toBe('angel-di-maria');
      // The record states what this source says; the reconciler weighs it against the others.
      expect(resolver.records()[0]).toMatchObject({ birthDate: '1988-02-14' });
    });

    it('finds a person again by the source key an earlier import stored, whatever the spelling', () => {
      const resolver = new PersonResolver([known({ id: 'kylian-mbappe', name: 'Kylian Mbappé', sourceKeys: ['fjelstul-worldcup/players:P-6'] })]);
      expect(resolver.resolve(candidate({ name: 'K. Mbappe', ref: 'fjelstul-worldcup/players:P-6' }))).toBe('kylian-mbappe');
    });
  });

  describe('an event data set with its own spellings (Wyscout)', () => {
    const wyscout = (overrides: Partial<PersonCandidate> & Pick<PersonCandidate, 'name' | 'ref'>) =>
      candidate({ sourceId: 'wyscout-pappalardo-worldcup2018', keySpace: 'wyscout-pappalardo-worldcup2018/players', teamIds: ['russia-men'], ...overrides });
    const russians = () => new PersonResolver([
      known({ id: 'aleksei-miranchuk', name: 'Aleksei Miranchuk', birthDate: '1995-10-17', teamIds: ['russia-men'], sourceKeys: ['fjelstul-worldcup/players:P-1'] }),
      known({ id: 'anton-miranchuk', name: 'Anton Miranchuk', birthDate: '1995-10-17', teamIds: ['russia-men'], sourceKeys: ['fjelstul-worldcup/players:P-2'] }),
      known({ id: 'aleksandr-yerokhin', name: 'Aleksandr Yerokhin', birthDate: '1989-10-13', teamIds: ['russia-men'], sourceKeys: ['fjelstul-worldcup/players:P-3'] }),
      known({ id: 'franco-armani', name: 'Franco Armani', birthDate: '1986-10-16', teamIds: ['argentina-men'], sourceKeys: ['fjelstul-worldcup/players:P-4'] }),
    ]);

    it('folds transliterations together, and tells twins apart by their given names', () => {
      expect(sameNameLoosely(['aleksey miranchuk'], ['aleksei miranchuk'])).toBe(true);
      expect(sameNameLoosely(['aleksandr erokhin'], ['aleksandr yerokhin'])).toBe(true);
      expect(sameNameLoosely(['anton miranchuk'], ['aleksei miranchuk'])).toBe(false);
      expect(sameNameLoosely(['a miranchuk'], ['anton miranchuk'])).toBe(false);
    });

    it('merges a teammate of the same birth date whose name differs only by transliteration, keeping the twins apart', () => {
      const resolver = russians();
      const twin = { birthDate: '1995-10-17', aliases: ['A. Miranchuk'] };
      expect(resolver.resolve(wyscout({ ...twin, name: 'Aleksey Miranchuk', ref: 'wyscout-pappalardo-worldcup2018/players:1' }))).toBe('aleksei-miranchuk');
      expect(resolver.resolve(wyscout({ ...twin, name: 'Anton Miranchuk', ref: 'wyscout-pappalardo-worldcup2018/players:2' }))).toBe('anton-miranchuk');
      expect(resolver.resolve(wyscout({ name: 'Aleksandr Erokhin', birthDate: '1989-10-13', ref: 'wyscout-pappalardo-worldcup2018/players:3' }))).toBe('aleksandr-yerokhin');
      expect(resolver.summary()).toMatchObject({ created: 0, merged: 3 });
      expect(resolver.summary().mergedBySpelling.map((m) => m.id)).toEqual(['aleksei-miranchuk', 'aleksandr-yerokhin']);
    });

    it("merges the only teammate of the same name despite another birth date, and reports it", () => {
      const resolver = russians();
      const id = resolver.resolve(wyscout({ name: 'Franco Armani', birthDate: '1986-01-16', teamIds: ['argentina-men'], ref: 'wyscout-pappalardo-worldcup2018/players:4' }));
      expect(id).toBe('franco-armani');
      expect(resolver.summary().mergedDespiteBirthDate).toEqual([
        { ref: 'wyscout-pappalardo-worldcup2018/players:4', name: 'Franco Armani', id: 'franco-armani', birthDate: '1986-01-16', known: '1986-10-16' },
      ]);
      // The record states Wyscout's date; the reconciler keeps both as a dispute.
      expect(resolver.records()[0]!.birthDate).toBe('1986-01-16');
    });

    it('applies the same rules when the loosely spelt source came first', () => {
      const resolver = new PersonResolver([
        known({ id: 'aleksandr-erokhin', name: 'Aleksandr Erokhin', birthDate: '1989-10-13', teamIds: ['russia-men'], sourceKeys: ['wyscout-pappalardo-worldcup2018/players:3'] }),
      ]);
      expect(resolver.resolve(candidate({ name: 'Aleksandr Yerokhin', birthDate: '1989-10-13', teamIds: ['russia-men'], ref: 'fjelstul-worldcup/players:P-3' }))).toBe('aleksandr-erokhin');
      // Between two sources with settled spellings the rule does not apply.
      const strict = new PersonResolver([known({ id: 'aleksandr-erokhin', name: 'Aleksandr Erokhin', birthDate: '1989-10-13', teamIds: ['russia-men'], sourceKeys: ['openfootball-worldcup/squads:x'] })]);
      expect(strict.resolve(candidate({ name: 'Aleksandr Yerokhin', birthDate: '1989-10-13', teamIds: ['russia-men'], ref: 'fjelstul-worldcup/players:P-3' }))).toBe('aleksandr-yerokhin');
    });
  });

  describe('one id whatever data set came first', () => {
    const WYSCOUT = 'wyscout-pappalardo-worldcup2018';
    const messi = (sources: string[]) => known({
      id: 'lionel-andres-messi-cuccittini', name: 'Lionel Andrés Messi Cuccittini', birthDate: '1987-06-24',
      nameKeys: ['lionel andres messi cuccittini', 'l messi'], teamIds: ['argentina-men'], sourceKeys: [`${WYSCOUT}/players:3359`], sources,
    });
    const fjelstulMessi = candidate({ name: 'Lionel Messi', aliases: ['Messi, Lionel'], birthDate: '1987-06-24', teamIds: ['argentina-men'], ref: 'fjelstul-worldcup/players:P-14758' });

    it('re-keys a person only a worse-ranked data set cites to the spelling of the better one joining them', () => {
      const resolver = new PersonResolver([messi([WYSCOUT])]);
      expect(resolver.resolve(fjelstulMessi)).toBe('lionel-messi');
      expect(resolver.records().map((r) => r.id)).toEqual(['lionel-messi']);
      expect(resolver.summary().rekeyed).toEqual([
        { ref: 'fjelstul-worldcup/players:P-14758', name: 'Lionel Messi', from: 'lionel-andres-messi-cuccittini', to: 'lionel-messi' },
      ]);
    });

    it('keeps the id of a person a report or a better-ranked data set cites', () => {
      for (const sources of [[WYSCOUT, '003_64d3008cb0b61a72.txt'], [WYSCOUT, 'fjelstul-worldcup']]) {
        const resolver = new PersonResolver([messi(sources)]);
        expect(resolver.resolve(fjelstulMessi)).toBe('lionel-andres-messi-cuccittini');
        expect(resolver.summary().rekeyed).toEqual([]);
      }
    });

    it('re-keys to a free id when another person holds the slug', () => {
      const resolver = new PersonResolver([messi([WYSCOUT]), known({ id: 'lionel-messi', name: 'Lionel Messi', birthDate: '1950-01-01', teamIds: ['uruguay-men'] })]);
      expect(resolver.resolve(fjelstulMessi)).toBe('lionel-messi-1987');
    });
  });
});
