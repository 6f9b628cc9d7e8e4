import { DataDictionaryContent } from '../../features/marketing/components/data-dictionary.tsx';

export default function Route() {
  return <DataDictionaryContent />;
}
