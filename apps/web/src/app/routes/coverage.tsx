import { CoveragePage } from '../../features/coverage/components/coverage-page.tsx';

export default function Route() {
  return <CoveragePage />;
}
