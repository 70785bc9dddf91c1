import type { LineUpAppearance, MatchLineUps, Meeting, TeamRef } from './explorer-queries';

/** One side's players as the API lists them (starters first), split into the XI and those who came on. */
export interface SideLineUp {
  team: TeamRef;
  starters: LineUpAppearance[];
  substitutes: LineUpAppearance[];
}

export function sideLineUps(meeting: Meeting, match: MatchLineUps): SideLineUp[] {
  return [meeting.homeTeam, meeting.awayTeam].map((team) => {
    const players = match.appearances.filter((appearance) => appearance.team.id === team.id);
    return {
      team,
      starters: players.filter((appearance) => appearance.started),
      substitutes: players.filter((appearance) => !appearance.started),
    };
  });
}

const COLUMNS = ['No.', 'Player', 'Pos.', 'Min.'];

function cell(tag: 'td' | 'th', text: string): HTMLTableCellElement {
  const element = document.createElement(tag);
  element.textContent = text;
  return element;
}

function playerTable(caption: string, players: LineUpAppearance[]): HTMLTableElement {
  const table = document.createElement('table');
  table.className = caption === 'Starting XI' ? 'starters' : 'substitutes';
  table.createCaption().textContent = caption;
  table.createTHead().insertRow().append(...COLUMNS.map((column) => cell('th', column)));
  const body = table.createTBody();
  for (const appearance of players) {
    const row = body.insertRow();
    row.className = 'line-up-player';
    row.dataset.playerId = appearance.player.id;
    // A missing value is a gap in the line-up source, shown as a dash rather than guessed.
    row.append(
      cell('td', appearance.shirtNumber === null ? '–' : String(appearance.shirtNumber)),
      cell('td', appearance.player.name),
      cell('td', appearance.position ?? '–'),
      cell('td', appearance.minutes === null ? '–' : `${appearance.minutes}'`),
    );
  }
  return table;
}

/**
 * Shows both sides' starting XIs and the substitutes who came on, with shirt number, position and
 * minutes played; replaces `container`'s content. A match without line-ups says so.
 */
export function drawLineUps(container: HTMLElement, meeting: Meeting, match: MatchLineUps): void {
  if (!match.appearances.length) {
    const note = document.createElement('p');
    note.className = 'line-ups-missing';
    note.textContent = 'No line-ups recorded for this match.';
    container.replaceChildren(note);
    return;
  }
  container.replaceChildren(
    ...sideLineUps(meeting, match).map((side) => {
      const column = document.createElement('section');
      column.className = 'line-up';
      column.dataset.teamId = side.team.id;
      const heading = document.createElement('h3');
      heading.textContent = side.team.name;
      column.append(heading, playerTable('Starting XI', side.starters));
      if (side.substitutes.length) column.append(playerTable('Substitutes', side.substitutes));
      return column;
    }),
  );
}
