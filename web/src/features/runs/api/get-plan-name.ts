import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';

/**
 * The name of the plan a run belongs to (GET /plan/detail with one matrix row: the least it
 * answers). Its key sits under the plans' keys (['plans', projectId, …]), so a rename there shows here.
 */
export const usePlanName = (projectId: number, planId: number | null) =>
  useQuery({
    queryKey: ['plans', projectId, planId, 'name'] as const,
    queryFn: async () =>
      (await unwrap(api.GET('/api/v1/plan/detail', { params: { query: { projectId, planId: planId ?? 0, limit: 1 } } }))).name,
    enabled: planId !== null,
  });
