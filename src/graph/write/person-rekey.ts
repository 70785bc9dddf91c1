import type { GraphClient } from '../driver/driver';
import { assertionId, assertionSourceOf, substitutionId } from '../model/identity';
import { ENTITIES } from '../model/model';
import { PERSON_ROLES } from '../model/vocabulary';

export interface PersonRekey {
  from: string;
  to: string;
}

const PERSON_LABELS: readonly string[] = ['Person', ...PERSON_ROLES];

/** The relationships of other entities that point at a person, with the node property keeping the person's id. */
const PERSON_REFERENCES = ENTITIES.flatMap((entity) =>
  entity.kind === 'assertions' ? [] : entity.relationships
    .filter((r) => PERSON_LABELS.includes(r.target))
    .map((r) => ({ label: entity.label, type: r.type, property: r.property, direction: r.direction, field: r.field })));

/** Fields whose disputed versions (Assertion values) are person ids: a goal's `scorer`. */
const PERSON_FIELDS = PERSON_REFERENCES.flatMap((r) => (r.field ? [r.field] : []));

/** Per reference, a statement writing the person's new id into the referring nodes (static text). */
const REFERENCE_STATEMENTS = PERSON_REFERENCES.map((r) => {
  const arrow = r.direction === 'out' ? `<-[:${r.type}]-` : `-[:${r.type}]->`;
  return `UNWIND $rekeys AS rekey MATCH (:Person {id: rekey.to})${arrow}(n:${r.label}) SET n.${r.property} = rekey.to`;
});

/**
 * Nodes whose id is built from a person's (identity.ts): a substitution's from the player coming on.
 * A quote's is too, but its speaker is a person the seeds declare, whom no data set re-keys.
 */
const DERIVED_IDS = `
  UNWIND $rekeys AS rekey
  MATCH (p:Person {id: rekey.from})
  RETURN rekey.from AS from, rekey.to AS to,
         COLLECT { MATCH (p)<-[:PLAYER_ON]-(s:Substitution) RETURN [s.id, s.matchId] } AS substitutions`;

/**
 * Gives known people the ids `PersonResolver` re-keyed them to, in one transaction, before the
 * import that re-keyed them is reconciled: the node, the ids built from it (substitutions,
 * Assertions), the referring nodes' target-id properties and the disputed versions naming the
 * person. Every fact stays; only the id changes, so an import that fails afterwards leaves the
 * graph as a later import would re-key it again.
 */
export async function rekeyPeople(graph: GraphClient, rekeys: readonly PersonRekey[]): Promise<void> {
  if (rekeys.length === 0) return;
  await graph.writeTransaction(async (tx) => {
    const derived = await tx.run<{ from: string; to: string; substitutions: Array<[string, string]> }>(DERIVED_IDS, { rekeys });
    const nodes = derived.flatMap((row) => [
      { from: row.from, to: row.to },
      ...row.substitutions.map(([id, match]) => ({ from: id, to: substitutionId(match, row.to) })),
    ]);
    const assertions = await tx.run<{ id: string; field: string; subject: string }>(
      `UNWIND $nodes AS node MATCH (:Entity {id: node.from})-[:HAS_ASSERTION]->(a:Assertion)
       RETURN a.id AS id, a.field AS field, node.to AS subject`,
      { nodes },
    );
    const renamed = [
      ...nodes,
      ...assertions.map((a) => ({ from: a.id, to: assertionId(a.subject, a.field, assertionSourceOf(a.id)) })),
    ];
    await tx.run('UNWIND $renamed AS node MATCH (n:Entity {id: node.from}) SET n.id = node.to', { renamed });
    await tx.run('UNWIND $rekeys AS rekey MATCH (a:Assertion {value: rekey.from}) WHERE a.field IN $fields SET a.value = rekey.to', { rekeys, fields: PERSON_FIELDS });
    for (const statement of REFERENCE_STATEMENTS) await tx.run(statement, { rekeys });
  });
}
