import { sourceLink } from './assist-coverage';
import {
  describeEvidence,
  describeEvidenceCount,
  describeDifferingParts,
  describeGraphFigures,
  describeIncompleteCoverage,
  describeStatedFigures,
  evidenceHref,
  summarizeVerdicts,
  VERDICT_EXPLANATIONS,
  VERDICT_LABELS,
  verdictClassName,
} from './claim-wording';
import type { ClaimEvidence, MatchClaim } from './explorer-queries';

function textElement<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text: string): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  element.className = className;
  element.textContent = text;
  return element;
}

/** A figure with what it is: `Report: 12`, `Graph: 2`. */
function figure(className: string, label: string, text: string): HTMLElement {
  const element = document.createElement('div');
  element.className = `figure ${className}`;
  element.append(textElement('span', 'figure-label', label), textElement('span', 'figure-value', text));
  return element;
}

function evidenceItem(evidence: ClaimEvidence): HTMLLIElement {
  const item = document.createElement('li');
  item.dataset.evidenceId = evidence.id;
  item.dataset.evidenceType = evidence.__typename;
  const href = evidenceHref(evidence);
  const description = textElement(href ? 'a' : 'span', 'evidence-description', describeEvidence(evidence));
  if (description instanceof HTMLAnchorElement && href) description.href = href;
  item.append(description, ' ', textElement('code', 'evidence-id', evidence.id));
  return item;
}

/** The counted facts, folded away: a figure's reasons are there for whoever wants to check it. */
function evidenceList(evidence: ClaimEvidence[]): HTMLElement {
  if (!evidence.length) return textElement('p', 'claim-evidence empty', describeEvidenceCount(0));
  const details = document.createElement('details');
  details.className = 'claim-evidence';
  const list = document.createElement('ol');
  list.append(...evidence.map(evidenceItem));
  details.append(textElement('summary', 'evidence-summary', describeEvidenceCount(evidence.length)), list);
  return details;
}

function claimItem(claim: MatchClaim): HTMLLIElement {
  const { verdict } = claim.check;
  const item = document.createElement('li');
  item.className = `claim ${verdictClassName(verdict)}`;
  item.dataset.claimId = claim.id;
  item.dataset.verdict = verdict;
  const badge = textElement('span', 'verdict', VERDICT_LABELS[verdict]);
  badge.title = VERDICT_EXPLANATIONS[verdict];
  const figures = document.createElement('div');
  figures.className = 'claim-figures';
  figures.append(figure('stated', 'Report', describeStatedFigures(claim)), figure('computed', 'Graph', describeGraphFigures(claim)), badge);
  item.append(textElement('p', 'claim-statement', claim.statement), figures);
  const differing = describeDifferingParts(claim);
  if (differing) item.append(textElement('p', 'claim-differs', differing));
  for (const line of describeIncompleteCoverage(claim.check.coverage)) item.append(textElement('p', 'claim-coverage', line));
  const sources = document.createElement('p');
  sources.className = 'claim-sources';
  sources.append('Stated by ');
  claim.sources.forEach((source, i) => sources.append(...(i ? [', '] : []), sourceLink(source)));
  item.append(sources, evidenceList(claim.check.evidence));
  return item;
}

/**
 * Lists the claims about a match, each with the report's figures beside the graph's, the verdict,
 * what the data leaves out, the sources stating it and the facts counted; replaces `container`'s content.
 */
export function drawClaimsPanel(container: HTMLElement, claims: MatchClaim[]): void {
  const heading = textElement('h3', '', 'Claims checked against the graph');
  const summary = textElement('p', 'claims-summary', summarizeVerdicts(claims));
  const list = document.createElement('ol');
  list.className = 'claim-list';
  list.append(...claims.map(claimItem));
  container.replaceChildren(heading, summary, list);
}
