import type { LookupKind } from '../../generated/prisma/client';
import type { FieldValue } from '../custom-fields/field-value.schemas';
import type { Step } from '../test-cases/steps.schemas';
import type { Named } from './catalog';

/** A test a CSV row makes (plan-import.ts), as checked and written. */
export interface PlannedTest {
  row: number;
  title: string;
  /** Its section path, names outermost first; null for none. */
  section: string[] | null;
  testDescription: string | null;
  preconditions: string | null;
  steps: string | Step[] | null;
  expectedResult: string | null;
  lookups: Partial<Record<LookupKind, Named>>;
  squad: Named | null;
  /** Label names as first written in the file. */
  labels: string[];
  automationKey: string | null;
  customFields: Record<string, FieldValue>;
  /** Its row has errors: it is not written, and only counted. */
  bad?: true;
}
