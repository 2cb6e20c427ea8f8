import type { Tx } from '../../db/client';
import { conflict } from '../../core/errors';
import { heldAutomationKey } from './data';

// Automation keys are unique among a project's live tests (a unique index on
// (project_id, automation_key); deleting a test clears its key). Checked before
// writing so the caller gets the key by name rather than a bare constraint error.

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
  const taken = await heldAutomationKey(tx, set, rekeyed);
  if (taken !== undefined) throw conflict('duplicate_automation_key', `Automation key already exists: ${taken}`);
}
