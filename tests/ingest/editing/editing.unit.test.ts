import { describe, expect, it } from 'vitest';
import type { EditedEntity } from '../../../src/graph/write/edited-entity';
import { EditInputError } from '../../../src/ingest/editing/edit-errors';
import { assertableFields, declarationOf, factBundle } from '../../../src/ingest/editing/fact-statement';
import { changesOf, retractionChanges } from '../../../src/ingest/editing/write-changes';

const goal: EditedEntity = {
  id: 'm-goal-1',
  labels: ['Entity', 'Goal'],
  props: { id: 'm-goal-1', minute: 90, addedTime: 2, penalty: false, matchId: 'm', teamId: 't', scorerId: 'p', statedBy: ['minute@r'] },
};

const refused = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof EditInputError) return [error.argument, error.message];
    throw error;
  }
  throw new Error('not refused');
};

describe('factBundle', () => {
  it('states the one field asserted, in the name of the source, on the graph record', () => {
    const bundle = factBundle(goal, 'minute', '57', 'notes', false);
    expect(bundle.goals).toEqual([{ ...goal.props, minute: 57, addedTime: null, sources: ['notes'], states: ['minute'] }]);
    expect(factBundle(goal, 'penalty', 'true', 'notes', false).goals[0]).toMatchObject({ penalty: true, states: ['penalty'] });
    expect(factBundle(goal, 'scorer', 'someone-else', 'notes', true).goals[0]).toMatchObject({ scorerId: 'someone-else', states: ['scorer'] });
  });

  it('refuses unknown fields, values of the wrong type, unknown targets and over-long values, naming the input', () => {
    expect(refused(() => factBundle(goal, 'colour', 'red', 's', false))[0]).toBe('input.field');
    expect(refused(() => factBundle(goal, 'sequence', '2', 's', false))[0]).toBe('input.field');
    expect(refused(() => factBundle(goal, 'minute', 'late', 's', false))).toEqual(['input.value', '"late" is not a valid minute: expected a match minute such as 55 or 90+2']);
    expect(refused(() => factBundle(goal, 'penalty', 'yes', 's', false))[0]).toBe('input.value');
    expect(refused(() => factBundle(goal, 'scorer', 'nobody', 's', false))[0]).toBe('input.value');
    expect(refused(() => factBundle(goal, 'minute', '5'.repeat(201), 's', false))[0]).toBe('input.value');
    expect(refused(() => factBundle({ ...goal, labels: ['Entity', 'Assertion'] }, 'value', 'x', 's', false))[0]).toBe('input.entity');
  });

  it("offers the model's disputed fields, not those an id is built from", () => {
    const match = assertableFields(declarationOf(['Entity', 'Match'])!).map((field) => field.name);
    expect(match).toContain('homeScore');
    expect(match).toContain('venue');
    expect(match).not.toContain('stage');
  });
});

describe('changesOf', () => {
  it('reports fact properties, versions and relationships, not bookkeeping', () => {
    const delta = {
      createdNodes: [{ id: 'g#minute@s', labels: ['Entity', 'Assertion'], props: { value: '57', preferred: false, field: 'minute' } }],
      changedNodes: [{ id: 'g', before: { labels: ['Goal'], props: { minute: 55, statedBy: [] } }, after: { labels: ['Goal'], props: { minute: 56, statedBy: ['minute@s'] } } }],
      createdEdges: [{ type: 'SCORED', from: 'p2', to: 'g', props: {} }, { type: 'SOURCED_FROM', from: 'g', to: 's', props: {} }],
      deletedEdges: [{ type: 'SCORED', from: 'p1', to: 'g', props: {} }],
      changedEdges: [],
    };
    expect(changesOf(delta)).toEqual([
      { entityId: 'g', field: 'minute@s', before: null, after: '57' },
      { entityId: 'g', field: 'minute', before: '55', after: '56' },
      { entityId: 'p2', field: 'SCORED', before: null, after: 'g' },
      { entityId: 'p1', field: 'SCORED', before: 'g', after: null },
    ]);
    expect(retractionChanges(delta)).toEqual([
      { entityId: 'g', field: 'minute', before: '56', after: '55' },
      { entityId: 'p1', field: 'SCORED', before: null, after: 'g' },
      { entityId: 'p2', field: 'SCORED', before: 'g', after: null },
      { entityId: 'g', field: 'minute@s', before: '57', after: null },
    ]);
  });
});
