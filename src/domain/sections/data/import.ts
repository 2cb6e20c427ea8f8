import type { Tx } from '../../../db/client';

// Section paths of a JUnit import (suite names, outermost first): each found or
// created, one statement per depth whatever the number of paths. Names are
// matched among siblings case-insensitively, as the section routes compare them.
// The caller holds the project's section lock.

interface Node {
  parent: number | null;
  name: string;
  depth: number;
}

/** The section id of each path (null for the empty path), creating the missing sections. */
export async function ensureSectionPaths(tx: Tx, projectId: number, paths: string[][]): Promise<(number | null)[]> {
  const nodes: Node[] = [];
  const index = new Map<string, number>();
  const leaves = paths.map((path) => {
    let parent: number | null = null;
    path.forEach((name, depth) => {
      const slot = `${parent ?? ''}\u0000${name}`;
      let node = index.get(slot);
      if (node === undefined) index.set(slot, (node = nodes.push({ parent, name, depth }) - 1));
      parent = node;
    });
    return parent;
  });

  const sectionOf: number[] = [];
  const maxDepth = nodes.reduce((max, n) => Math.max(max, n.depth), -1);
  for (let depth = 0; depth <= maxDepth; depth++) {
    const level = nodes.flatMap((node, i) => (node.depth === depth ? [i] : []));
    const parents = level.map((i) => {
      const parent = nodes[i].parent;
      return parent === null ? null : sectionOf[parent];
    });
    const names = level.map((i) => nodes[i].name);
    const rows = await tx.$queryRaw<{ n: number; id: number }[]>`
      WITH v AS (
        SELECT * FROM unnest(${parents}::int[], ${names}::text[]) WITH ORDINALITY AS v(parent_id, name, n)
      ), wanted AS (
        SELECT DISTINCT ON (parent_id, lower(name)) parent_id, name, lower(name) AS k, n FROM v ORDER BY parent_id, lower(name), n
      ), found AS (
        SELECT w.*, (SELECT min(s.id) FROM sections s
                      WHERE s.project_id = ${projectId} AND s.parent_id IS NOT DISTINCT FROM w.parent_id AND lower(s.name) = w.k) AS id
          FROM wanted w
      ), ins AS (
        INSERT INTO sections (project_id, parent_id, name)
        SELECT ${projectId}::int, parent_id, name FROM found WHERE id IS NULL ORDER BY n
        RETURNING id, parent_id, lower(name) AS k
      )
      SELECT v.n::int AS n, coalesce(f.id, i.id) AS id
        FROM v JOIN found f ON f.parent_id IS NOT DISTINCT FROM v.parent_id AND f.k = lower(v.name)
        LEFT JOIN ins i ON i.parent_id IS NOT DISTINCT FROM v.parent_id AND i.k = lower(v.name)`;
    for (const row of rows) sectionOf[level[row.n - 1]] = row.id;
  }
  return leaves.map((leaf) => (leaf === null ? null : sectionOf[leaf]));
}
