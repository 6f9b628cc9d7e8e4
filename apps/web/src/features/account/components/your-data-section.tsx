import { AccountSection } from './account-section.tsx';
import { DataExportPanel } from './data-export-panel.tsx';
import { DeleteAccountPanel } from './delete-account-panel.tsx';

/** Your data: a copy of everything the account holds, and deleting the account (Privacy Policy). */
export function YourDataSection() {
  return (
    <AccountSection id="your-data" title="Your data">
      <div className="space-y-6">
        <DataExportPanel />
        <DeleteAccountPanel />
      </div>
    </AccountSection>
  );
}
