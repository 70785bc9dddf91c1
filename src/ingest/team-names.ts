import { fold } from '../graph/model/fold';

/**
 * Spellings of the same national team across sources, keyed by folded name, mapped to the name
 * team ids are built from (Fjelstul's, which covers 1930-2022). Successor states that FIFA treats as
 * the same team under another name (Zaire / DR Congo, West Germany / Germany) stay apart: the
 * sources themselves keep them apart.
 */
const TEAM_SPELLINGS: Record<string, string> = {
  usa: 'United States',
  'united states of america': 'United States',
  'bosnia herzegovina': 'Bosnia and Herzegovina',
  'korea republic': 'South Korea',
  'korea dpr': 'North Korea',
  czechia: 'Czech Republic',
  'ir iran': 'Iran',
  turkiye: 'Turkey',
  'cote d ivoire': 'Ivory Coast',
  'china pr': 'China',
  'cabo verde': 'Cape Verde',
  'congo dr': 'DR Congo',
  ireland: 'Republic of Ireland',
  'german dr': 'East Germany',
};

export function canonicalTeamName(name: string): string {
  return TEAM_SPELLINGS[fold(name)] ?? name.trim();
}
