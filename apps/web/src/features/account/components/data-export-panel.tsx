import type { DataExport } from '@threadcart/contracts';
import type { MouseEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { failureMessage } from '../api/account-errors.ts';
import { useDataExports } from '../api/list-data-exports.ts';
import { useRequestDataExport } from '../api/request-data-export.ts';
import { formatDate, formatDateTime, formatFileSize } from '../format.ts';
import { exportFileName, useDownloadExport } from '../api/download-data-export.ts';
import { EXPORT_STATE_LABELS, ACCOUNT_UI_MESSAGES as M } from '../messages.ts';

const TONES: Record<DataExport['state'], BadgeTone> = {
  pending: 'info',
  processing: 'info',
  ready: 'success',
  failed: 'danger',
  expired: 'neutral',
};

const STATE_TEXT: Record<DataExport['state'], string> = {
  pending: M.exportPreparing,
  processing: M.exportPreparing,
  ready: M.exportReady,
  failed: M.exportFailed,
  expired: M.exportExpired,
};

/** "Download my data": asks for a ZIP, follows its state and offers the link once it is ready. */
export function DataExportPanel() {
  const exports = useDataExports();
  const request = useRequestDataExport();
  const downloader = useDownloadExport();
  const latest = exports.data?.[0];
  const isBusy = latest?.state === 'pending' || latest?.state === 'processing';

  const handleDownload = (event: MouseEvent<HTMLAnchorElement>, item: DataExport) => {
    // The API client fetches it, so an expired access token is refreshed first.
    event.preventDefault();
    void downloader.download(item);
  };

  return (
    <div className="space-y-3">
      <h3 className="text-base font-semibold text-text-primary">Download my data</h3>
      <p className="text-sm text-text-secondary">
        A ZIP file with your profile, orders and their filters, payments, credit history, API key details and
        the pages you viewed while signed in.
      </p>
      <Button
        variant="secondary"
        isLoading={request.isPending}
        disabled={isBusy}
        onClick={() => request.mutate()}
      >
        Download my data
      </Button>
      {request.isError && <Alert tone="error">{failureMessage(request.error)}</Alert>}
      {exports.isError && <Alert tone="error">{M.loadFailed}</Alert>}
      {latest && (
        <div className="space-y-2 rounded-md border border-gray-200 p-4 text-sm" data-testid="data-export">
          <p className="flex flex-wrap items-center gap-2">
            <Badge tone={TONES[latest.state]}>{EXPORT_STATE_LABELS[latest.state]}</Badge>
            <span className="text-text-secondary">Requested {formatDateTime(latest.created_at)}</span>
          </p>
          <p role="status">{STATE_TEXT[latest.state]}</p>
          {latest.state === 'ready' && latest.download_url && (
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <a
                href={latest.download_url}
                download={exportFileName(latest)}
                onClick={(event) => handleDownload(event, latest)}
                className="font-semibold text-secondary-dark underline"
                aria-busy={downloader.pendingId === latest.id || undefined}
              >
                Download ZIP
              </a>
              {latest.file_size !== null && (
                <span className="text-text-secondary">{formatFileSize(latest.file_size)}</span>
              )}
              {latest.expires_at && (
                <span className="text-text-secondary">available until {formatDate(latest.expires_at)}</span>
              )}
            </p>
          )}
          {downloader.error && <Alert tone="error">{downloader.error}</Alert>}
        </div>
      )}
    </div>
  );
}
