import { ENTITIES, ENTRY, LINKS, type EntityDeclaration, type LinkTarget } from './model';

/**
 * The parts of committed files that restate the model (model.ts), generated from it: the tables
 * of schema/model.md. Each part sits between two marker lines of its file; the rest of the file is
 * written by hand. (The id constraints are computed at start-up instead: constraints.ts.)
 * `npm run model:emit` writes them, and tests/graph/model-artefacts.unit.test.ts fails when a
 * committed file differs from what the model gives.
 */
export interface GeneratedPart {
  /** The file, from the repository root. */
  file: string;
  begin: string;
  end: string;
  lines: () => string[];
}

const markdownMarkers = (what: string) => ({
  begin: `<!-- Generated from src/graph/model/model.ts (npm run model:emit), ${what}: change the model, not this table. -->`,
  end: '<!-- End of the generated table. -->',
});

const cell = (text: string) => text.replaceAll('|', '\\|');
const code = (text: string) => `\`${text}\``;
const labelCell = (entity: EntityDeclaration) => (entity.roles ? `${entity.label} (${entity.roles.join('/')})` : entity.label);

function idTable(): string[] {
  return [
    '| entity | id | example |',
    '|---|---|---|',
    ...ENTITIES.map((entity) => `| ${labelCell(entity)} | ${cell(entity.idRule)} | ${cell((entity.idExamples ?? []).map(code).join(', '))} |`),
  ];
}

/** A kind's properties: the id, its declared fields, then what its records set undisputed; each with its note. */
function propertiesOf(entity: EntityDeclaration): string {
  return ['id', ...Object.keys(entity.fields), ...(entity.stored ?? [])]
    .map((name) => {
      const note = entity.notes?.[name] ?? entity.api?.fields[name];
      return note ? `${code(name)} (${note})` : code(name);
    })
    .join(', ');
}

function labelTable(): string[] {
  return [
    '| label | properties |',
    '|---|---|',
    ...ENTITIES.map((entity) =>
      `| ${code(entity.label)}${entity.roles ? ` (+ ${entity.roles.map((role) => code(`:${role}`)).join(' and/or ')})` : ''} | ${cell(propertiesOf(entity))} |`),
  ];
}

const node = (label: string) => `(:${label})`;
const edge = (from: string, type: string, to: string) => code(`${node(from)}-[:${type}]->${node(to)}`);
const targetLabel = (target: LinkTarget) => ('entry' in target ? ENTRY.label : target.label);
const row = (...cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;

/** Every relationship the model declares: an entity's to its targets, then each link's edges. */
function relationshipTable(): string[] {
  const declared = ENTITIES.flatMap((entity) => entity.relationships.map((r) => {
    const [from, to] = r.direction === 'out' ? [entity.label, r.target] : [r.target, entity.label];
    const count = r.cardinality === 'single' ? `${r.optional ? 'at most one' : 'one'} per ${code(entity.label)}` : '';
    const notes = [count, r.field ? `disputed as ${code(r.field)}` : '', r.note ?? ''].filter(Boolean);
    return row(edge(from, r.type, to), r.sourced ? code('sources') : '', notes.join('; '));
  }));
  const links = LINKS.flatMap((link) => [
    row(
      edge(link.from.label, link.type, targetLabel(link.to)),
      [...(link.distinct ?? []), ...link.fields, 'sources'].map(code).join(', '),
      [link.note ?? '', link.sideOutsideTournaments ? `with a match outside the tournaments (no entry), ${code(link.sideOutsideTournaments)}: the side` : '']
        .filter(Boolean).join('; '),
    ),
    ...(link.also ?? []).map((also) => row(edge(link.from.label, also.type, targetLabel(also.to)), code('sources'), `stated with each ${code(link.type)} that names a match`)),
  ]);
  return ['| pattern | properties | what it holds |', '|---|---|---|', ...declared, ...links];
}

export const GENERATED_PARTS: readonly GeneratedPart[] = [
  { file: 'schema/model.md', ...markdownMarkers('ids'), lines: idTable },
  { file: 'schema/model.md', ...markdownMarkers('labels'), lines: labelTable },
  { file: 'schema/model.md', ...markdownMarkers('relationships'), lines: relationshipTable },
];

/** `text` with `part`'s lines regenerated between its markers; throws where the markers are missing. */
export function withGeneratedPart(text: string, part: GeneratedPart): string {
  const lines = text.split('\n');
  const begin = lines.indexOf(part.begin);
  const end = lines.indexOf(part.end, begin + 1);
  if (begin < 0 || end < 0) throw new Error(`${part.file} lacks the markers of a generated part: ${part.begin}`);
  return [...lines.slice(0, begin + 1), ...part.lines(), ...lines.slice(end)].join('\n');
}

/** `text` of `file` with every generated part regenerated. */
export function regenerated(file: string, text: string): string {
  return GENERATED_PARTS.filter((part) => part.file === file).reduce(withGeneratedPart, text);
}

/** The files holding generated parts, once each. */
export const GENERATED_FILES: readonly string[] = [...new Set(GENERATED_PARTS.map((part) => part.file))];
