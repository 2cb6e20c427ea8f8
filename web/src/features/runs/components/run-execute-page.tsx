import { useParams } from 'react-router';
import { Placeholder } from '../../../components/page';

export function RunExecutePage() {
  const { runId } = useParams();
  return <Placeholder title={`Run ${runId}`} />;
}
