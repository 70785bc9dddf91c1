/**
 * The verdict rule: the graph's figures against the claim's, given how much of the scope the data
 * covers. Pure, so it is tested without a database.
 */

export enum ClaimVerdict {
  /** Every stated figure the graph computes equals the graph's, over data covering the whole scope. */
  CONFIRMED = 'CONFIRMED',
  /** A stated figure differs from the graph's, and the data behind that figure covers the whole scope. */
  CONTRADICTED = 'CONTRADICTED',
  /** The data does not cover the whole scope (assists known for some tournaments only): no verdict either way. */
  PARTIAL_DATA = 'PARTIAL_DATA',
  /** The graph holds nothing to compute the figure from (FIFA rankings, all competitions). */
  NOT_COMPUTABLE = 'NOT_COMPUTABLE',
}

/** One stated figure next to the graph's, and whether the data behind the graph's covers the scope. */
export interface ComparedFigure {
  stated: number;
  computed: number | null;
  complete: boolean;
}

export function decideVerdict(figures: readonly ComparedFigure[]): ClaimVerdict {
  const computed = figures.filter((figure) => figure.computed !== null);
  if (computed.length === 0) return ClaimVerdict.NOT_COMPUTABLE;
  if (computed.some((figure) => figure.complete && figure.computed !== figure.stated)) return ClaimVerdict.CONTRADICTED;
  if (computed.some((figure) => !figure.complete)) return ClaimVerdict.PARTIAL_DATA;
  return ClaimVerdict.CONFIRMED;
}

/** The figures of a computation, by name, plus an ordered series for claims whose labels are not names (years). */
export interface ComputedFigures {
  figures: Record<string, number>;
  series: number[];
}

/** The stated numbers of a claim: `value`, and `values` named by `valueLabels`. */
export interface StatedFigures {
  value?: number | null;
  values?: number[] | null;
  valueLabels?: string[] | null;
}

/** One stated number of a claim (its label, none for `value`) and the graph's figure it is compared with. */
export interface FigurePair {
  label: string | null;
  stated: number;
  computed: number | null;
  /** The computation's figure it was paired with by name; null when paired by position. */
  figure: string | null;
}

const labelKey = (label: string) => label.trim().toLowerCase();

/**
 * Pairs each stated number with the graph's: `value` with the metric's primary figure, each of
 * `values` with the figure its label names, else with the series at its position.
 */
export function pairFigures(
  stated: StatedFigures,
  computed: ComputedFigures,
  primary: string,
): { value: number | null; values: Array<number | null> | null; pairs: FigurePair[] } {
  const byLabel = new Map(Object.entries(computed.figures).map(([name, figure]) => [labelKey(name), { name, figure }]));
  const value = computed.figures[primary] ?? null;
  const pairs: FigurePair[] = [];
  if (stated.value !== null && stated.value !== undefined) pairs.push({ label: null, stated: stated.value, computed: value, figure: primary });
  const values = stated.values?.map((statedValue, i) => {
    const named = byLabel.get(labelKey(stated.valueLabels?.[i] ?? ''));
    const figure = named?.figure ?? computed.series[i] ?? null;
    pairs.push({ label: stated.valueLabels?.[i] ?? null, stated: statedValue, computed: figure, figure: named?.name ?? null });
    return figure;
  }) ?? null;
  return { value, values, pairs };
}
