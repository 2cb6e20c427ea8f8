import type { RequestContext } from '../../core/context';
import { requireProject } from '../access';
import { projectMembers } from '../assignment/data';
import { groupRows } from '../configurations/data';
import { listFieldDefs } from '../custom-fields/data';
import { labelKind, listNameRecords, squadKind } from '../labels/data';
import { listLookupEntries } from '../lookups/data';
import { milestoneRefRows, planRefRows, sectionPathRows } from './project-context.data';
import type { ProjectContext } from './project-context.schemas';

/**
 * A project's context in one answer: what eight list routes give one by one,
 * each in the order its own list shows it (and the plans), read together once the project is known to be the caller's.
 */
export async function getProjectContext(ctx: RequestContext, projectId: number): Promise<ProjectContext> {
  const project = await requireProject(ctx, projectId);
  const db = ctx.db;
  const [sections, labels, squads, priority, type, automationStatus, platform, testCoveredBy, fields, groups, milestones, plans, members] =
    await Promise.all([
      sectionPathRows(db, projectId),
      listNameRecords(db, labelKind, projectId),
      listNameRecords(db, squadKind, projectId),
      listLookupEntries(db, projectId, 'priority'),
      listLookupEntries(db, projectId, 'type'),
      listLookupEntries(db, projectId, 'automation_status'),
      listLookupEntries(db, projectId, 'platform'),
      listLookupEntries(db, projectId, 'test_covered_by'),
      listFieldDefs(db, projectId),
      groupRows(db, projectId),
      milestoneRefRows(db, projectId),
      planRefRows(db, projectId),
      projectMembers(db, projectId),
    ]);
  return {
    projectId: project.projectId,
    projectName: project.projectName,
    isActive: project.isActive,
    sections,
    labels: labels.map((l) => ({ id: l.labelId, name: l.labelName })),
    squads: squads.map((s) => ({ id: s.squadId, name: s.squadName })),
    lookups: { priority, type, automationStatus, platform, testCoveredBy },
    customFields: fields.map(({ key, name, type: fieldType, appliesTo, options, required }) => ({
      key,
      name,
      type: fieldType,
      appliesTo,
      options,
      required,
    })),
    configurations: groups.map(({ groupId, name, options }) => ({
      groupId,
      name,
      options: options.map(({ optionId, name: optionName }) => ({ optionId, name: optionName })),
    })),
    milestones,
    plans,
    members,
  };
}
