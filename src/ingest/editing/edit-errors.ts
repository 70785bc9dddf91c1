/**
 * Why an edit was refused, in the ingest layer's words; the schema turns them into GraphQL errors
 * (`BAD_USER_INPUT` naming `argument`, `EDIT_CONFLICT`). Nothing is written when one is thrown.
 */
export class EditInputError extends Error {
  override name = 'EditInputError';
  constructor(
    /** The input path as the client wrote it: `input.value`, `input.goals[2].scorer`. */
    readonly argument: string,
    message: string,
  ) {
    super(message);
  }
}

/** An undo that would overwrite what later writes changed. */
export class EditConflictError extends Error {
  override name = 'EditConflictError';
  constructor(readonly changedSince: string[]) {
    super(`later writes changed ${changedSince.slice(0, 5).join(', ')}${changedSince.length > 5 ? ` (+${changedSince.length - 5} more)` : ''}; retract their sources first`);
  }
}

/** A write the caller's role does not allow (an editor retracting another token's source). */
export class EditForbiddenError extends Error {
  override name = 'EditForbiddenError';
}
