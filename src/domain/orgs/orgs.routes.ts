import { route } from '../../core/route';
import { z } from '../../core/schemas';
import { createOrgBody, orgDetailQuery, orgDetailRecord, orgRecord } from './orgs.schemas';
import { orgsVersion, orgVersion } from './org-version';
import { createOrg, getOrg, listOrgs } from './orgs.service';
import { firstOrgSql } from './data';

export const orgRoutes = [
  route({
    method: 'get',
    path: '/orgs',
    resource: 'org',
    action: 'read',
    tag: 'Organizations',
    summary: "List the caller's organizations",
    response: z.array(orgRecord),
    caching: { etag: orgsVersion },
    handler: (ctx) => listOrgs(ctx),
  }),
  route({
    method: 'get',
    path: '/org/detail',
    resource: 'org',
    action: 'read',
    tag: 'Organizations',
    summary: 'One organization with its project count',
    query: orgDetailQuery,
    response: orgDetailRecord,
    caching: { etag: orgVersion },
    handler: (ctx, { query }) => getOrg(ctx, query.orgId),
  }),
  route({
    method: 'post',
    path: '/org/create',
    resource: 'org',
    action: 'create',
    tag: 'Organizations',
    summary:
      'Create an organization (an Admin of the installation: an Admin of its first organization); the caller becomes its first Admin',
    body: createOrgBody,
    response: orgRecord,
    successStatus: 201,
    idempotent: true,
    errors: ['duplicate_name'],
    // The caller's memberships (GET /user/details) and organizations (GET /orgs) gain the new one; their
    // organizations' list is versioned by those organizations' counters, of which the first one's
    // (where the caller is Admin, and whose log records the creation) stands for the new one.
    changes: { user: (_input, ctx) => ctx.userId, org: () => firstOrgSql, audit: true },
    handler: (ctx, { body }) => createOrg(ctx, body),
  }),
];
