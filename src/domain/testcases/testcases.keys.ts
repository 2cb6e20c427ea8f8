import type { Prisma } from '../../generated/prisma/client';
import { conflict } from '../../core/errors';

// Automation keys are unique among a project's live tests (a unique index on
// (project_id, automation_key); deleting a test clears its key). Checked before
// writing so the caller gets the key by name rather than a bare constraint error.

type Tx = Prisma.TransactionClient;

/** A key a write is about to give a test; testId when the test exists already. */
export interface KeyClaim {
  projectId: number;
  testId?: number;
  automationKey?: string | null;
}

/** 409 `Automation key already exists: <key>` when another live test of the project holds a claimed key. */
export async function requireFreeAutomationKeys(tx: Tx, claims: KeyClaim[]): Promise<void> {
  const set = claims.filter((c): c is KeyClaim & { automationKey: string } => typeof c.automationKey === 'string');
  if (set.length === 0) return;
  // Tests of this request that take a new key give up their old one, so they are no holders.
  const rekeyed = claims.flatMap((c) => (c.testId !== undefined && c.automationKey !== undefined ? [c.testId] : []));
  const taken = await tx.$queryRaw<{ key: string }[]>`
    SELECT t.automation_key AS key
      FROM tests t JOIN unnest(${set.map((c) => c.projectId)}::int[], ${set.map((c) => c.automationKey)}::text[]) AS v(project_id, key)
        ON t.project_id = v.project_id AND t.automation_key = v.key
     WHERE t.deleted_at IS NULL AND t.id <> ALL(${rekeyed}::int[])
     LIMIT 1`;
  if (taken.length > 0) throw conflict(`Automation key already exists: ${taken[0].key}`);
}
