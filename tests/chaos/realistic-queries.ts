/** What clients of this API ask for, in the proportions of the mix (each connection cycles through it). */
export const REALISTIC_QUERIES = [
  '{ team(name: "Argentina") { id name confederation matches(first: 10) { totalCount nodes { date homeScore awayScore homeTeam { name } awayTeam { name } } } } }',
  '{ player(id: "lionel-messi") { name aliases goals { minute match { date stage } } appearances { starter match { id } } } }',
  '{ headToHead(teamA: "Argentina", teamB: "England") { played winsA draws winsB goalsA goalsB meetings { date stage homeScore awayScore goals { minute scorer { name } assistedBy { name } } } } }',
  '{ assists(filter: { tournamentYears: [2026], gender: MEN }, first: 20) { assister { name } scorer { name } count } }',
  '{ search(text: "Julian Alvarez", first: 5) { type id name score } }',
  '{ search(text: "argentina england", first: 10) { type id name } }',
  '{ teams(first: 50) { totalCount nodes { id name gender } } }',
  '{ matches(first: 20) { totalCount pageInfo { endCursor hasNextPage } nodes { id date stage homeTeam { name } awayTeam { name } } } }',
  '{ tournaments(first: 20) { nodes { year host winner { name } } } sources { title licence } }',
  '{ path(from: "lionel-messi", to: "harry-kane") { length nodes { id name } } }',
  '{ team(name: "England") { headToHead(opponent: "argentina-men") { played winsA } } }',
];
