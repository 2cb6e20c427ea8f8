import { useParams } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { atLeast, useRole } from '../../auth';
import { useProject } from '../../projects';
import { etagOf } from '../../../lib/record-versions';
import { testQueryOptions, useTest } from '../api/get-test';
import { HistoryTab } from '../history/history-tab';
import { TestCaseTabs } from '../history/test-case-tabs';
import '../test-cases.css';
import { DeleteTestButton } from './delete-test-button';
import { ExecutionStrip } from './execution-strip';
import { StatusHistory } from './status-history';
import { TestCaseFiles } from './test-case-files';
import { TestCaseForm } from './test-case-form';

/**
 * One test case: its last executions, its fields (editable by a User, deletable by an Admin), its files and its status
 * history; and in the History tab its versions, compared side by side, and Restore.
 */
export function TestCasePage() {
  const projectId = Number(useParams().projectId);
  const testId = Number(useParams().testId);
  const project = useProject(projectId);
  const role = useRole(project.data?.orgId);
  const test = useTest(projectId, testId);

  return (
    <Page title={test.data?.title ?? `Test case ${testId}`}>
      {test.data && <p className="muted test-case-number">Test #{test.data.testId}</p>}
      <ErrorMessage error={test.error} />
      {test.isPending && <p className="muted">Loading…</p>}
      {test.data && (
        <>
          {role === 'Reader' && <p className="muted">You can read this test; editing needs the User role.</p>}
          <TestCaseTabs
            details={
              <>
                <ExecutionStrip projectId={projectId} testId={testId} />
                <TestCaseForm
                  key={testId}
                  test={test.data}
                  // Read per fetch (dataUpdatedAt): a refetch of the same data still brings a new ETag.
                  etag={test.dataUpdatedAt ? etagOf(testQueryOptions(projectId, testId).queryKey) : undefined}
                  readOnly={!atLeast(role, 'User')}
                  actions={atLeast(role, 'Admin') && <DeleteTestButton projectId={projectId} testId={testId} title={test.data.title} />}
                />
                <TestCaseFiles projectId={projectId} testId={testId} canEdit={atLeast(role, 'User')} />
                <StatusHistory projectId={projectId} testId={testId} />
              </>
            }
            history={<HistoryTab projectId={projectId} testId={testId} canRestore={atLeast(role, 'User')} />}
          />
        </>
      )}
    </Page>
  );
}
