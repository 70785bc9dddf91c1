import {
  forceCollide,
  forceLink,
  forceManyBody,
  forceSimulation,
  forceX,
  forceY,
  type SimulationNodeDatum,
} from 'd3-force';
import { scaleOrdinal, scaleSqrt } from 'd3-scale';
import { select } from 'd3-selection';
import { describeAssistGoal, describeAssistLink } from './assist-wording';
import type { AssistLink, TeamRef } from './explorer-queries';

interface PlayerNode extends SimulationNodeDatum {
  id: string;
  name: string;
  team: TeamRef | null;
  /** Assists given plus assisted goals scored: how central the player is in this network. */
  involvement: number;
}

interface AssistEdge {
  source: PlayerNode;
  target: PlayerNode;
  link: AssistLink;
}

const TEAM_COLOURS = ['#2563eb', '#dc2626', '#059669', '#d97706', '#7c3aed', '#db2777', '#0891b2', '#65a30d'];
const PADDING = 48;
const MIN_BOX = { width: 680, height: 400 };

function toGraph(links: AssistLink[]): { nodes: PlayerNode[]; edges: AssistEdge[] } {
  const nodes = new Map<string, PlayerNode>();
  const nodeFor = (player: { id: string; name: string }, team: TeamRef | null) => {
    let node = nodes.get(player.id);
    if (!node) {
      node = { id: player.id, name: player.name, team, involvement: 0 };
      nodes.set(player.id, node);
    }
    node.team ??= team;
    return node;
  };
  const edges = links.map((link) => {
    // An assist and its goal are for the same side (own goals have no assist), so the goal's team is both players'.
    const team = link.goals.find((goal) => goal.team)?.team ?? null;
    const source = nodeFor(link.assister, team);
    const target = nodeFor(link.scorer, team);
    source.involvement += link.count;
    target.involvement += link.count;
    return { source, target, link };
  });
  return { nodes: [...nodes.values()], edges };
}

/** Settles the layout before drawing, so the picture is still and the same on every load. */
function layOut(nodes: PlayerNode[], edges: AssistEdge[], radius: (node: PlayerNode) => number): void {
  nodes.forEach((node, i) => {
    const angle = (2 * Math.PI * i) / nodes.length;
    node.x = 150 * Math.cos(angle);
    node.y = 150 * Math.sin(angle);
  });
  forceSimulation(nodes)
    .force('link', forceLink<PlayerNode, AssistEdge>(edges).distance(110))
    .force('charge', forceManyBody().strength(-420))
    .force('x', forceX(0).strength(0.06))
    .force('y', forceY(0).strength(0.06))
    .force(
      'collide',
      forceCollide<PlayerNode>((node) => radius(node) + 28),
    )
    .stop()
    .tick(400);
}

/** The arc from one player to another, ending at the target's rim so the arrowhead shows. */
function arcPath(edge: AssistEdge, targetRadius: number): string {
  const [x1, y1, x2, y2] = [edge.source.x ?? 0, edge.source.y ?? 0, edge.target.x ?? 0, edge.target.y ?? 0];
  const length = Math.hypot(x2 - x1, y2 - y1) || 1;
  // A gentle bend keeps A→B and B→A apart instead of drawing them on one line.
  const bend = length * 0.12;
  const [mx, my] = [(x1 + x2) / 2 - ((y2 - y1) / length) * bend, (y1 + y2) / 2 + ((x2 - x1) / length) * bend];
  const toTarget = Math.hypot(x2 - mx, y2 - my) || 1;
  const [ex, ey] = [x2 - ((x2 - mx) / toTarget) * targetRadius, y2 - ((y2 - my) / toTarget) * targetRadius];
  return `M${x1},${y1} Q${mx},${my} ${ex},${ey}`;
}

/**
 * Draws who assisted whom: players as nodes sized by involvement and coloured by team, each
 * assister-to-scorer pair as one arrow as thick as its number of goals, calling `onSelect` with the
 * pair of a clicked arrow. Replaces `container`'s content.
 */
export function drawAssistNetwork(
  container: HTMLElement,
  links: AssistLink[],
  onSelect: (link: AssistLink) => void,
): void {
  const { nodes, edges } = toGraph(links);
  const radius = scaleSqrt()
    .domain([1, Math.max(1, ...nodes.map((node) => node.involvement))])
    .range([7, 18]);
  const nodeRadius = (node: PlayerNode) => radius(node.involvement);
  const width = scaleSqrt()
    .domain([1, Math.max(1, ...edges.map((edge) => edge.link.count))])
    .range([1.5, 7]);
  const teams = [...new Map(nodes.flatMap((node) => (node.team ? [[node.team.id, node.team] as const] : []))).values()];
  const colour = scaleOrdinal<string, string>()
    .domain(teams.map((team) => team.id))
    .range(TEAM_COLOURS);
  layOut(nodes, edges, nodeRadius);

  const xs = nodes.map((node) => node.x ?? 0);
  const ys = nodes.map((node) => node.y ?? 0);
  // Fit the drawing to the layout, but never blow a handful of players up to fill the page.
  const boxWidth = Math.max(MIN_BOX.width, Math.max(...xs) - Math.min(...xs) + PADDING * 4);
  const boxHeight = Math.max(MIN_BOX.height, Math.max(...ys) - Math.min(...ys) + PADDING * 2);
  const [minX, minY] = [
    (Math.min(...xs) + Math.max(...xs) - boxWidth) / 2,
    (Math.min(...ys) + Math.max(...ys) - boxHeight) / 2,
  ];

  container.replaceChildren();
  const svg = select(container)
    .append('svg')
    .attr('class', 'assist-network')
    .attr('viewBox', `${minX} ${minY} ${boxWidth} ${boxHeight}`)
    .attr('role', 'img')
    .attr('aria-label', `Assist network: ${nodes.length} players, ${edges.length} assist links`);
  svg
    .append('defs')
    .append('marker')
    .attr('id', 'assist-arrowhead')
    .attr('viewBox', '0 -5 10 10')
    .attr('refX', 8)
    // Sized in the drawing's units: scaled by stroke width, the thick arrows' heads would swamp the nodes.
    .attr('markerUnits', 'userSpaceOnUse')
    .attr('markerWidth', 12)
    .attr('markerHeight', 12)
    .attr('orient', 'auto')
    .append('path')
    .attr('d', 'M0,-5L10,0L0,5');

  const edgeGroups = svg
    .append('g')
    .selectAll('g')
    .data(edges)
    .join('g')
    .attr('class', 'assist-edge')
    .attr('data-count', (edge) => edge.link.count)
    .attr('data-assister-id', (edge) => edge.source.id)
    .attr('data-scorer-id', (edge) => edge.target.id)
    .on('click', (_event, edge) => onSelect(edge.link));
  edgeGroups
    .append('path')
    .attr('d', (edge) => arcPath(edge, nodeRadius(edge.target) + 2))
    .attr('stroke-width', (edge) => width(edge.link.count))
    .attr('marker-end', 'url(#assist-arrowhead)');
  edgeGroups
    .append('title')
    .text((edge) => [describeAssistLink(edge.link), ...edge.link.goals.map(describeAssistGoal)].join('\n'));

  const nodeGroups = svg
    .append('g')
    .selectAll('g')
    .data(nodes)
    .join('g')
    .attr('class', 'player-node')
    .attr('data-player-id', (node) => node.id)
    .attr('transform', (node) => `translate(${node.x},${node.y})`);
  nodeGroups
    .append('circle')
    .attr('r', nodeRadius)
    .attr('fill', (node) => (node.team ? colour(node.team.id) : '#6b7280'));
  nodeGroups
    .append('text')
    .attr('y', (node) => nodeRadius(node) + 14)
    .text((node) => node.name);
  nodeGroups.append('title').text((node) => `${node.name}${node.team ? ` (${node.team.name})` : ''}`);

  const legend = select(container).append('ul').attr('class', 'legend');
  legend
    .selectAll('li')
    .data(teams)
    .join('li')
    .each(function (team) {
      const item = select(this);
      item.append('span').attr('class', 'swatch').style('background', colour(team.id));
      item.append('span').text(team.name);
    });
}
