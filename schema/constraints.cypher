// Applied at every start-up (idempotent). One statement per ';'.
// Every node carries :Entity so that any id (path endpoints, provenance links) is one index seek away
// and ids are unique across labels, not only within one.
CREATE CONSTRAINT entity_id IF NOT EXISTS FOR (n:Entity) REQUIRE n.id IS UNIQUE;
// The writer and loaders MATCH players and coaches by role label; Person's constraint does not serve those.
// Entries (a team at a tournament) are matched by id for their squads, coaches and results; without
// their index each look-up scanned all 673 entries (32,352 db hits for a World Cup's 48).
// Generated from src/graph/model/model.ts (npm run model:emit), one id constraint or index per label: change the model, not these lines.
CREATE CONSTRAINT source_id IF NOT EXISTS FOR (n:Source) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT city_id IF NOT EXISTS FOR (n:City) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT venue_id IF NOT EXISTS FOR (n:Venue) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT confederation_id IF NOT EXISTS FOR (n:Confederation) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT team_id IF NOT EXISTS FOR (n:Team) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT tournament_id IF NOT EXISTS FOR (n:Tournament) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT stage_id IF NOT EXISTS FOR (n:Stage) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT person_id IF NOT EXISTS FOR (n:Person) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT referee_id IF NOT EXISTS FOR (n:Referee) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT match_id IF NOT EXISTS FOR (n:Match) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT substitution_id IF NOT EXISTS FOR (n:Substitution) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT goal_id IF NOT EXISTS FOR (n:Goal) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT booking_id IF NOT EXISTS FOR (n:Booking) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT quote_id IF NOT EXISTS FOR (n:Quote) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT claim_id IF NOT EXISTS FOR (n:Claim) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT assertion_id IF NOT EXISTS FOR (n:Assertion) REQUIRE n.id IS UNIQUE;
CREATE INDEX player_id IF NOT EXISTS FOR (n:Player) ON (n.id);
CREATE INDEX coach_id IF NOT EXISTS FOR (n:Coach) ON (n.id);
CREATE INDEX entry_id IF NOT EXISTS FOR (n:Entry) ON (n.id);
// End of the generated lines.
CREATE CONSTRAINT import_record_key IF NOT EXISTS FOR (n:ImportRecord) REQUIRE n.key IS UNIQUE;
CREATE INDEX tournament_year IF NOT EXISTS FOR (n:Tournament) ON (n.year, n.gender);
CREATE INDEX match_date IF NOT EXISTS FOR (n:Match) ON (n.date);
CREATE INDEX match_competition IF NOT EXISTS FOR (n:Match) ON (n.competition);
// A head-to-head seeks the meetings of two teams here, both ways round, among their thousands of matches.
CREATE INDEX match_home_away IF NOT EXISTS FOR (n:Match) ON (n.homeTeamId, n.awayTeamId);
// A team's World Cup record seeks its matches with a tournament here, not among all its matches.
CREATE INDEX match_home_tournament IF NOT EXISTS FOR (n:Match) ON (n.homeTeamId, n.tournamentId);
CREATE INDEX match_away_tournament IF NOT EXISTS FOR (n:Match) ON (n.awayTeamId, n.tournamentId);
CREATE INDEX team_gender IF NOT EXISTS FOR (n:Team) ON (n.gender);
CREATE INDEX person_birth_date IF NOT EXISTS FOR (n:Person) ON (n.birthDate);
// An unfiltered page of players reads the first names in this index's order instead of sorting every player.
CREATE INDEX player_name IF NOT EXISTS FOR (n:Player) ON (n.name);
// Name lookups and search: nameText holds the folded nameKeys (fold.ts), split on spaces only, so the
// index's terms and the search's prefix terms are folded by one rule; exact lookups filter on nameKeys.
// The index before it folded with Lucene's analyzer, which kept "o'neil" whole and differed from fold.
DROP INDEX entity_names IF EXISTS;
CREATE FULLTEXT INDEX entity_folded_names IF NOT EXISTS FOR (n:Person|Team|Venue|City|Tournament|Match) ON EACH [n.nameText] OPTIONS { indexConfig: { `fulltext.analyzer`: 'whitespace' } };
