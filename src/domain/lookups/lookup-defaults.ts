import type { LookupKind } from '../../generated/prisma/client';

/** The entries every new project starts with (API.md, Metadata). */
export const defaultLookups: Record<LookupKind, string[]> = {
  priority: ['Critical', 'High', 'Medium', 'Low'],
  automation_status: ['Automated', 'Automatable', 'Not Automatable'],
  type: ['Functional', 'Regression', 'Smoke', 'Performance', 'Security'],
  platform: ['All Platforms', 'Web', 'Android', 'iOS', 'API'],
  test_covered_by: ['Manual', 'Unit', 'Integration', 'E2E', 'Contract'],
};

export function defaultLookupRows(projectId: number) {
  return Object.entries(defaultLookups).flatMap(([kind, names]) =>
    names.map((name, position) => ({ projectId, kind: kind as LookupKind, name, position })),
  );
}
