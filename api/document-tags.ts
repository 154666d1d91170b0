/**
 * The groups of the OpenAPI document, by path: the docs page and generated clients list operations
 * under them instead of one "default" group. A path takes the first group whose prefix it starts with.
 */
const GROUPS: readonly { name: string; description: string; prefixes: readonly string[] }[] = [
  {
    name: 'Incidents',
    description: 'Current incidents, one incident, nearby, a snapshot at an instant, history.',
    prefixes: ['/v1/incidents'],
  },
  { name: 'Events', description: 'Clustered events: groups of related incidents.', prefixes: ['/v1/events'] },
  {
    name: 'Gauges',
    description: 'River and rain gauges, their readings and sources.',
    prefixes: ['/v1/gauges'],
  },
  {
    name: 'Declarations',
    description: 'Disaster declarations and DRFA activations, by postcode, point or AGRN.',
    prefixes: ['/v1/declarations'],
  },
  {
    name: 'Exports',
    description: 'Bulk downloads: the lake, whole collections, the CAP feed.',
    prefixes: ['/v1/exports'],
  },
  {
    name: 'Change stream',
    description: 'Every change as it is published (Server-Sent Events).',
    prefixes: ['/v1/stream'],
  },
  {
    name: 'Webhooks',
    description: 'Subscriptions to changes in an area, and their deliveries.',
    prefixes: ['/v1/subscriptions'],
  },
  {
    name: 'Service',
    description: 'Links, status, feed health, readiness, the vocabulary and attribution.',
    prefixes: ['/v1/states', '/v1/status', '/v1/schema', '/v1/attribution', '/readyz', '/v1', '/'],
  },
];

interface Document {
  tags?: { name: string; description: string }[];
  paths?: Record<string, Record<string, { tags?: string[] }>>;
}

export function documentTags<D extends object>(generated: D): D {
  const document = structuredClone(generated) as Document;
  document.tags = GROUPS.map(({ name, description }) => ({ name, description }));
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    const group = GROUPS.find(({ prefixes }) =>
      prefixes.some((prefix) => path === prefix || path.startsWith(prefix === '/' ? '/' : `${prefix}/`)),
    );
    if (!group) continue;
    for (const operation of Object.values(operations)) operation.tags = [group.name];
  }
  return document as D;
}
