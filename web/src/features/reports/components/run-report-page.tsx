import { useParams } from 'react-router';
import { Placeholder } from '../../../components/page';

export function RunReportPage() {
  const { runId } = useParams();
  return <Placeholder title={`Report of run ${runId}`} />;
}
