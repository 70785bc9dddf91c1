// Applied at every start-up (idempotent). One statement per ';'. Each label's id constraint, and
// the id index of the roles and entries, come from the model (src/graph/model/constraints.ts).
// Every node carries :Entity so that any id (path endpoints, provenance links) is one index seek away
// and ids are unique across labels, not only within one.
CREATE CONSTRAINT entity_id IF NOT EXISTS FOR (n:Entity) REQUIRE n.id IS UNIQUE;
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
