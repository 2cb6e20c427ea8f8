import type { Tx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';
import type { Reference } from './columns';

// The rows a test's fields may refer to, read in one statement for any number of tests.

type ReferenceTable = Reference['table'];

// Table and expressions are constants, never input; the lookup table's kind tells which list an entry belongs to.
const tables: Record<ReferenceTable, { name: string; lookup: string }> = {
  lookup: { name: 'lookup_entries', lookup: 'kind::text' },
  section: { name: 'sections', lookup: 'NULL' },
  squad: { name: 'squads', lookup: 'NULL' },
  label: { name: 'labels', lookup: 'NULL' },
};

/** The tables, in the order the references check reports them. */
export const referenceTables = Object.keys(tables) as ReferenceTable[];

export interface ReferencedRow {
  table: ReferenceTable;
  id: number;
  projectId: number;
  /** The lookup kind of a lookup entry, null for the other tables. */
  lookup: string | null;
}

/** The rows with the given ids, by table: their project (and lookup kind); ids not found are left out. */
export function findReferencedRows(tx: Tx, ids: Record<ReferenceTable, number[]>): Promise<ReferencedRow[]> {
  const parts = referenceTables.map((table) => {
    const { name, lookup } = tables[table];
    return Prisma.sql`SELECT ${Prisma.raw(`'${table}'`)} AS "table", id, project_id AS "projectId", ${Prisma.raw(lookup)} AS lookup
      FROM ${Prisma.raw(name)} WHERE id = ANY(${ids[table]}::int[])`;
  });
  return tx.$queryRaw<ReferencedRow[]>`${Prisma.join(parts, ' UNION ALL ')}`;
}
