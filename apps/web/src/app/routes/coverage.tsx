import { CoveragePage } from '../../features/corpus-coverage/components/coverage-page.tsx';

export default function Route() {
  return <CoveragePage />;
}
