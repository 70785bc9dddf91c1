import { emptyBundle, type FactBundle } from '../../src/graph/model/bundle';
import { cityId, goalId, matchId, slugify, stageId, substitutionId, teamId, tournamentId } from '../../src/graph/model/identity';

const SOURCE = 'fixture-dataset';
const TEAMS_PER_TOURNAMENT = 6;
const PLAYERS_PER_TEAM = 3;

/**
 * A made-up men's World Cup of `year` with `matchCount` group matches between six teams, each with
 * two goals (one assisted), both line-ups, a substitution and both coaches: the shape of a real
 * match, at any size.
 */
export function tournamentFixture(year: number, matchCount: number): FactBundle {
  const bundle = emptyBundle();
  const tournament = tournamentId(year, 'MEN');
  const stage = stageId(tournament, 'group-stage');
  const city = cityId(`Fixture City ${year}`, 'Nowhere');
  const venue = slugify(`Fixture Arena ${year}`);
  const sources = [SOURCE];
  bundle.sources.push({ id: SOURCE, title: 'Test fixture', kind: 'dataset' });
  bundle.tournaments.push({ id: tournament, year, gender: 'MEN', name: `${year} Fixture Cup`, hosts: ['Nowhere'], sources });
  bundle.stages.push({ id: stage, tournamentId: tournament, slug: 'group-stage', name: 'Group stage', order: 1, sources });
  bundle.cities.push({ id: city, name: `Fixture City ${year}`, country: 'Nowhere', aliases: [], sources });
  bundle.venues.push({ id: venue, name: `Fixture Arena ${year}`, cityId: city, aliases: [], sources });

  const countries = Array.from({ length: TEAMS_PER_TOURNAMENT }, (_, t) => `Fixtureland ${year} ${String.fromCharCode(65 + t)}`);
  const squads = countries.map((country) => {
    const team = teamId(country, 'MEN');
    bundle.teams.push({ id: team, name: country, gender: 'MEN', aliases: [], sources });
    const coach = slugify(`Coach of ${country}`);
    bundle.people.push({ id: coach, name: `Coach of ${country}`, roles: ['Coach'], aliases: [], sources });
    const players = Array.from({ length: PLAYERS_PER_TEAM }, (_, p) => {
      const id = slugify(`Player ${p + 1} of ${country}`);
      bundle.people.push({ id, name: `Player ${p + 1} of ${country}`, roles: ['Player'], aliases: [], sources });
      bundle.squads.push({ playerId: id, teamId: team, tournamentId: tournament, sources });
      return id;
    });
    return { country, team, coach, players };
  });

  for (let n = 0; n < matchCount; n++) {
    const home = squads[n % squads.length];
    // Offsets 1..5 pair every team with every other and never with itself.
    const away = squads[(n + 1 + (Math.floor(n / squads.length) % (squads.length - 1))) % squads.length];
    const id = `${matchId(tournament, 'group-stage', home.country, away.country)}-${n}`;
    const day = String(1 + (n % 28)).padStart(2, '0');
    bundle.matches.push({
      id, tournamentId: tournament, stageId: stage, stage: 'group-stage', date: `${year}-06-${day}`, venueId: venue,
      homeTeamId: home.team, awayTeamId: away.team, homeScore: 1, awayScore: 1, winnerTeamId: null, sources,
    });
    for (const side of [home, away]) {
      side.players.slice(0, 2).forEach((playerId) =>
        bundle.appearances.push({ matchId: id, playerId, teamId: side.team, starter: true, minuteOn: 0, sources }),
      );
      bundle.appearances.push({ matchId: id, playerId: side.players[2], teamId: side.team, starter: false, minuteOn: 60, sources });
      bundle.substitutions.push({
        id: substitutionId(id, side.players[2]), matchId: id, teamId: side.team, playerOnId: side.players[2],
        playerOffId: side.players[1], minute: 60, sources,
      });
      bundle.coachings.push({ coachId: side.coach, teamId: side.team, matchId: id, sources });
    }
    bundle.goals.push(
      { id: goalId(id, 1), matchId: id, teamId: home.team, scorerId: home.players[0], assistId: home.players[1], sequence: 1, minute: 10, penalty: false, ownGoal: false, sources },
      { id: goalId(id, 2), matchId: id, teamId: away.team, scorerId: away.players[0], sequence: 2, minute: 80, penalty: false, ownGoal: false, sources },
    );
  }
  return bundle;
}
