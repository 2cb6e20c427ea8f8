import { useParams } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { atLeast, useRole } from '../../auth';
import { useProject } from '../../projects';
import { useTest } from '../api/get-test';
import { useUpdateTest } from '../api/update-test';
import '../test-cases.css';
import { DeleteTestButton } from './delete-test-button';
import { StatusHistory } from './status-history';
import { TestCaseForm } from './test-case-form';

/** One test case: its fields (editable by a User, deletable by an Admin) and its status history. */
export function TestCasePage() {
  const projectId = Number(useParams().projectId);
  const testId = Number(useParams().testId);
  const project = useProject(projectId);
  const role = useRole(project.data?.orgId);
  const test = useTest(projectId, testId);
  const save = useUpdateTest(projectId, testId);

  return (
    <Page title={test.data?.title ?? `Test case ${testId}`}>
      {test.data && <p className="muted test-case-number">Test #{test.data.testId}</p>}
      <ErrorMessage error={test.error} />
      {test.isPending && <p className="muted">Loading…</p>}
      {test.data && (
        <>
          {role === 'Reader' && <p className="muted">You can read this test; editing needs the User role.</p>}
          <TestCaseForm
            key={test.data.updatedAt}
            test={test.data}
            readOnly={!atLeast(role, 'User')}
            save={save}
            actions={atLeast(role, 'Admin') && <DeleteTestButton projectId={projectId} testId={testId} title={test.data.title} />}
          />
          <StatusHistory projectId={projectId} testId={testId} />
        </>
      )}
    </Page>
  );
}
