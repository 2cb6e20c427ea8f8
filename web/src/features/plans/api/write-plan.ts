import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import type { JsonBody } from '../../../lib/json-body';

export type CreatePlanBody = JsonBody<'postPlanCreate'>;
export type AddEntryBody = JsonBody<'putPlanAddEntry'>;
export type EditPlanBody = JsonBody<'putPlanEdit'>;
export type PlanEntryBody = CreatePlanBody['entries'][number];

/**
 * A write of a plan changes its runs too (made, renamed, moved, locked, deleted), so every read of
 * the project (plans, runs, milestones: their keys all hold the project's id second) is read again,
 * as a milestone's delete does; plans knows the other features only through the API.
 */
function useProjectWrite<In, Out>(projectId: number, write: (input: In) => Promise<Out>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => qc.invalidateQueries({ predicate: (q) => q.queryKey[1] === projectId }),
  });
}

/** POST /plan/create (User): one run per entry and configuration combination. */
export const useCreatePlan = (projectId: number) =>
  useProjectWrite(projectId, (body: CreatePlanBody) => unwrap(api.POST('/api/v1/plan/create', { body })));

/** PUT /plan/add-entry (User) on an open plan. */
export const useAddPlanEntry = (projectId: number) =>
  useProjectWrite(projectId, (body: AddEntryBody) => unwrap(api.PUT('/api/v1/plan/add-entry', { body })));

/** PUT /plan/edit (User): name, description, milestone of an open plan. */
export const useEditPlan = (projectId: number) =>
  useProjectWrite(projectId, (body: EditPlanBody) => unwrap(api.PUT('/api/v1/plan/edit', { body })));

/** PUT /plan/lock (User) or /plan/unlock (Admin): the plan and its runs. */
export const useSetPlanLock = (projectId: number, planId: number) =>
  useProjectWrite(projectId, (lock: boolean) =>
    unwrap(api.PUT(lock ? '/api/v1/plan/lock' : '/api/v1/plan/unlock', { body: { projectId, planId } })),
  );

/** DELETE /plan/delete (Admin): the plan with its runs. */
export const useDeletePlan = (projectId: number, planId: number) =>
  useProjectWrite(projectId, () => unwrap(api.DELETE('/api/v1/plan/delete', { body: { projectId, planId } })));
