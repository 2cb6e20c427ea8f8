import { useParams } from 'react-router';
import { Placeholder } from '../../../components/page';

export function RunsPage() {
  const { projectId } = useParams();
  return <Placeholder title={`Runs of project ${projectId}`} />;
}
