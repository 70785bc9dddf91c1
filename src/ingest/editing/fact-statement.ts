import { emptyBundle, type FactBundle } from '../../graph/model/bundle';
import { parseMinute } from '../../graph/model/identity';
import { ENTITIES, type EntityDeclaration } from '../../graph/model/model';
import { PERSON_ROLES } from '../../graph/model/vocabulary';
import type { EditedEntity } from '../../graph/write/edited-entity';
import { calendarDate, isMatchMinute } from '../reading/value-rules';
import { EditInputError } from './edit-errors';

/** The longest value an editor may state, in characters. */
export const MAX_VALUE_LENGTH = 500;

/** What an editor may assert of an entity: its disputed fields and relationships, as the model declares them. */
export interface AssertableField {
  name: string;
  type: 'int' | 'string' | 'date' | 'bool' | 'minute' | 'reference';
  /** For a reference: the target's label. */
  target?: string;
  /** For a reference: the record property holding the target's id. */
  property?: string;
}

/** The entity kind of a node, by its labels (a player is a Person). */
export function declarationOf(labels: readonly string[]): EntityDeclaration | undefined {
  return ENTITIES.find((entity) => entity.kind !== 'assertions' && entity.kind !== 'sources' && labels.includes(entity.label));
}

/** Fields ranked as disputes, except those an id is built from: those are the facts sources argue over. */
export function assertableFields(entity: EntityDeclaration): AssertableField[] {
  const fields: AssertableField[] = Object.entries(entity.fields)
    .filter(([, declaration]) => declaration.policy === 'dispute' && !declaration.identity)
    .map(([name, declaration]) => ({ name, type: 'encode' in declaration ? 'minute' : declaration.type }));
  for (const relationship of entity.relationships) {
    if (relationship.field && relationship.policy === 'dispute') {
      fields.push({ name: relationship.field, type: 'reference', target: relationship.target, property: relationship.property });
    }
  }
  return fields;
}

/**
 * The record of `entity` stating `value` for `field` in the name of `sourceId` and nothing else
 * (`states`): the reconciler ranks that one version with the others, and every other field keeps
 * the graph's value. Throws EditInputError naming the input that is wrong.
 */
export function factBundle(entity: EditedEntity, field: string, value: string, sourceId: string, referenceExists: boolean): FactBundle {
  const declaration = declarationOf(entity.labels);
  if (!declaration) throw new EditInputError('input.entity', `${entity.id} is not an entity whose facts can be asserted`);
  const fields = assertableFields(declaration);
  const asserted = fields.find((candidate) => candidate.name === field);
  if (!asserted) {
    throw new EditInputError('input.field', `${declaration.label} has no field "${field}" that can be asserted; one of: ${fields.map((f) => f.name).join(', ')}`);
  }
  if (value.length > MAX_VALUE_LENGTH) throw new EditInputError('input.value', `is ${value.length} characters long, over the limit of ${MAX_VALUE_LENGTH}`);
  if (asserted.type === 'reference' && !referenceExists) {
    throw new EditInputError('input.value', `names no ${asserted.target} (expected the id of one, such as a player's)`);
  }
  const record: Record<string, unknown> = { ...entity.props, id: entity.id, sources: [sourceId], states: [field] };
  if (declaration.kind === 'people') record.roles = PERSON_ROLES.filter((role) => entity.labels.includes(role));
  Object.assign(record, typedValue(asserted, value));
  const bundle = emptyBundle();
  (bundle[declaration.kind] as unknown[]).push(record);
  return bundle;
}

/** The record properties `value` sets for `field`, checked against the field's type. */
function typedValue(field: AssertableField, value: string): Record<string, unknown> {
  const refuse = (expected: string): never => {
    throw new EditInputError('input.value', `"${value}" is not a valid ${field.name}: expected ${expected}`);
  };
  switch (field.type) {
    case 'int':
      if (!/^\d{1,9}$/.test(value)) refuse('a whole number');
      return { [field.name]: Number(value) };
    case 'bool':
      if (value !== 'true' && value !== 'false') refuse('true or false');
      return { [field.name]: value === 'true' };
    case 'date':
      if (!calendarDate.safeParse(value).success) refuse('a date YYYY-MM-DD');
      return { [field.name]: value };
    case 'minute': {
      if (!isMatchMinute(value)) refuse('a match minute such as 55 or 90+2');
      const { minute, addedTime } = parseMinute(value);
      return { minute, addedTime };
    }
    case 'reference':
      return { [field.property!]: value };
    default:
      if (!/\S/.test(value)) refuse('some text');
      return { [field.name]: value.trim() };
  }
}
