import { route } from '../../core/route';
import { z } from '../../core/schemas';
import { orgDetailQuery, orgDetailRecord, orgRecord } from './orgs.schemas';
import { orgsVersion, orgVersion } from './org-version';
import { getOrg, listOrgs } from './orgs.service';

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
];
