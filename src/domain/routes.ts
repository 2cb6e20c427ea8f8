import type { AnyRoute } from '../core/route';
import { orgRoutes } from './orgs/orgs.routes';
import { projectRoutes } from './projects/projects.routes';
import { projectContextRoutes } from './project-context/project-context.routes';
import { tokenRoutes } from './tokens/tokens.routes';
import { userRoutes } from './users/users.routes';
import { testRoutes } from './test-cases/test-cases.routes';
import { testVersionRoutes } from './test-cases/versions.routes';
import { sectionRoutes } from './sections/sections.routes';
import { labelRoutes } from './labels/labels.routes';
import { lookupRoutes } from './lookups/lookups.routes';
import { customFieldRoutes } from './custom-fields/custom-fields.routes';
import { runRoutes } from './runs/runs.routes';
import { defectRoutes } from './defects/defects.routes';
import { milestoneRoutes } from './milestones/milestones.routes';
import { configurationRoutes } from './configurations/configurations.routes';
import { insightRoutes } from './insight/insight.routes';
import { auditRoutes } from './audit/audit.routes';
import { attachmentRoutes } from './attachments/attachments.routes';
import { junitImportRoutes } from './junit-import/junit-import.routes';
import { csvImportRoutes } from './csv-import/csv-import.routes';
import { sharedStepsRoutes } from './shared-steps/shared-steps.routes';
import { assignmentRoutes } from './assignment/assignment.routes';
import { planRoutes } from './plans/plans.routes';
import { webhookRoutes } from './webhooks/webhooks.routes';
import { activityRoutes } from './activity/activity.routes';

/** Every REST operation under /api/v1: the router, RBAC tests and OpenAPI all read this list. */
export const apiRoutes: AnyRoute[] = [
  ...tokenRoutes,
  ...userRoutes,
  ...orgRoutes,
  ...projectRoutes,
  ...activityRoutes,
  ...projectContextRoutes,
  ...testRoutes,
  ...testVersionRoutes,
  ...sectionRoutes,
  ...labelRoutes,
  ...sharedStepsRoutes,
  ...lookupRoutes,
  ...customFieldRoutes,
  ...runRoutes,
  ...assignmentRoutes,
  ...defectRoutes,
  ...milestoneRoutes,
  ...planRoutes,
  ...configurationRoutes,
  ...insightRoutes,
  ...junitImportRoutes,
  ...csvImportRoutes,
  ...attachmentRoutes,
  ...auditRoutes,
  ...webhookRoutes,
];
