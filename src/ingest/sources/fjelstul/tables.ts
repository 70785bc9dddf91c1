import { z } from 'zod';
import { type Gender, type StageSlug } from '../../../graph/model/identity';
import { AWARDS, POSITIONS, type Period } from '../../../graph/model/vocabulary';
import type { CsvRow } from '../../reading/csv';
import { calendarDate, LIMITS, nonBlank, timeOfDay, wholeNumber } from '../../reading/value-rules';


// Column types, as the codebook (codebook-variables.csv) defines them.
const text = z.string();
const required = nonBlank;
const bool = z.enum(['0', '1']).transform((value) => value === '1');
const isoDate = calendarDate;
const dateOrUnknown = z.union([z.enum(['not available', '']).transform(() => null), isoDate], 'must be a real date YYYY-MM-DD or "not available"');
const orNA = <T extends z.ZodType>(schema: T) => z.union([z.literal('NA').transform(() => null), schema]);
const minute = wholeNumber(LIMITS.minute);
const addedTime = wholeNumber(LIMITS.addedTime);
const goals = wholeNumber(LIMITS.goals);
const id = (prefix: string) => z.string().regex(new RegExp(`^${prefix}-\\d+(-\\d+)?$`), `must be an id like ${prefix}-0001`);

const STAGES: Record<string, StageSlug> = {
  'group stage': 'group-stage',
  'second group stage': 'second-group-stage',
  'final round': 'final-round',
  'round of 16': 'round-of-16',
  'quarter-final': 'quarter-final',
  'quarter-finals': 'quarter-final',
  'semi-final': 'semi-final',
  'semi-finals': 'semi-final',
  'third-place match': 'third-place',
  final: 'final',
};
const stage = z.string().refine((v) => v in STAGES, { message: `must be one of: ${Object.keys(STAGES).join(', ')}` })
  .transform((v) => STAGES[v]!);

const PERIOD_NAMES: Record<string, Period> = {
  'first half': 'first-half',
  'first half, stoppage time': 'first-half',
  'second half': 'second-half',
  'second half, stoppage time': 'second-half',
  'extra time, first half': 'extra-time-first-half',
  'extra time, first half, stoppage time': 'extra-time-first-half',
  'extra time, second half': 'extra-time-second-half',
  'extra time, second half, stoppage time': 'extra-time-second-half',
};
const period = z.string().refine((v) => v in PERIOD_NAMES, { message: `must be one of: ${Object.keys(PERIOD_NAMES).join(', ')}` })
  .transform((v) => PERIOD_NAMES[v]!);

const gender = z.string().regex(/FIFA (Men's|Women's) World Cup/, "must name a FIFA Men's or Women's World Cup")
  .transform((name): Gender => (name.includes("Women's") ? 'WOMEN' : 'MEN'));

const confederation = z.enum(['AFC', 'CAF', 'CONCACAF', 'CONMEBOL', 'OFC', 'UEFA']);

/** The files read and the columns used from each; the others are ignored. */
export const FJELSTUL_TABLES = {
  tournaments: {
    tournament_id: id('WC'), tournament_name: gender, year: wholeNumber(LIMITS.year), start_date: isoDate, end_date: isoDate, winner: required,
  },
  host_countries: { tournament_id: id('WC'), team_id: id('T'), team_name: required },
  tournament_stages: { tournament_id: id('WC'), stage_name: stage },
  confederations: { confederation_id: id('CF'), confederation_name: required, confederation_code: confederation },
  teams: { team_id: id('T'), team_name: required, confederation_code: confederation },
  stadiums: {
    stadium_id: id('S'), stadium_name: required, city_name: required, country_name: required, stadium_capacity: orNA(wholeNumber(LIMITS.capacity)),
  },
  matches: {
    tournament_id: id('WC'), match_id: id('M'), stage_name: stage, group_name: text, replay: bool, match_date: isoDate,
    match_time: timeOfDay, stadium_id: id('S'),
    home_team_id: id('T'), home_team_name: required, away_team_id: id('T'), away_team_name: required,
    home_team_score: goals, away_team_score: goals, extra_time: bool, penalty_shootout: bool,
    home_team_score_penalties: orNA(wholeNumber(LIMITS.penalties)), away_team_score_penalties: orNA(wholeNumber(LIMITS.penalties)), home_team_win: bool, away_team_win: bool,
  },
  players: { player_id: id('P'), family_name: required, given_name: required, birth_date: dateOrUnknown },
  squads: { tournament_id: id('WC'), team_id: id('T'), player_id: id('P'), shirt_number: wholeNumber(LIMITS.shirtNumber), position_code: z.enum(POSITIONS) },
  goals: {
    goal_id: id('G'), match_id: id('M'), team_id: id('T'), player_id: id('P'), player_team_id: id('T'),
    minute_regulation: minute, minute_stoppage: addedTime, match_period: period, own_goal: bool, penalty: bool,
  },
  substitutions: {
    substitution_id: id('S'), match_id: id('M'), team_id: id('T'), player_id: id('P'),
    minute_regulation: minute, minute_stoppage: addedTime, match_period: period, going_off: bool, coming_on: bool,
  },
  player_appearances: {
    match_id: id('M'), team_id: id('T'), player_id: id('P'), shirt_number: wholeNumber(LIMITS.shirtNumber),
    position_code: z.string().regex(/^[A-Z]{2,3}$/, 'must be a position code such as GK, CB or LWB'), starter: bool, substitute: bool,
  },
  managers: { manager_id: id('M'), family_name: required, given_name: required, country_name: required },
  referees: { referee_id: id('R'), family_name: required, given_name: required, country_name: required, confederation_code: confederation },
  // One row per match: the referee in charge.
  referee_appearances: { match_id: id('M'), referee_id: id('R') },
  manager_appearances: { match_id: id('M'), team_id: id('T'), manager_id: id('M') },
  bookings: {
    booking_id: id('B'), match_id: id('M'), team_id: id('T'), player_id: id('P'), minute_regulation: minute, minute_stoppage: addedTime,
    match_period: period,
    yellow_card: bool, red_card: bool, second_yellow_card: bool,
  },
  // One row per kick of a penalty shoot-out, each team's in the order taken.
  penalty_kicks: { match_id: id('M'), team_id: id('T'), player_id: id('P'), converted: bool },
  awards: { award_id: id('A'), award_name: z.enum(AWARDS) },
  award_winners: { tournament_id: id('WC'), award_id: id('A'), shared: bool, player_id: id('P'), team_id: id('T') },
} satisfies Record<string, z.ZodRawShape>;

export type FjelstulTables = { [K in keyof typeof FJELSTUL_TABLES]: Array<CsvRow<(typeof FJELSTUL_TABLES)[K]>> };
