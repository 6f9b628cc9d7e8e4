import {
  ORDER_MESSAGES,
  parseFilterTree,
  resolveFileColumns,
  type ScheduleCadence,
} from '@threadcart/contracts';
import { useMemo, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Container } from '../../../components/ui/container.tsx';
import {
  checkBuilderQuery,
  initialBuilderQuery,
  toBuilderQuery,
  toPayloadFilters,
} from '../filter-builder-config.ts';
import type { OptionFieldErrors } from '../api/order-errors.ts';
import { useSubmitOrder } from '../hooks/use-submit-order.ts';
import { useOrderPreview } from '../api/preview-order.ts';
import { ORDERS_UI_MESSAGES } from '../messages.ts';
import { columnsPayload, keepAvailableColumns } from '../order-columns.ts';
import { orderOptionsPayload } from '../order-options.ts';
import { clampRecordCount, DEFAULT_RECORD_COUNT, resolveOrderTitle } from '../order-rules.ts';
import { DryRunPanel } from './dry-run-panel.tsx';
import { FilterBuilder } from './filter-builder.tsx';
import { OrderSettingsFields, type OrderSettings } from './order-settings-fields.tsx';
import { PresetButtons, type OrderPreset } from './preset-buttons.tsx';
import { QueryPreview } from './query-preview.tsx';
import { RepeatField } from './repeat-field.tsx';

const INITIAL_SETTINGS: OrderSettings = {
  title: '',
  searchType: 'posts',
  recordCount: String(DEFAULT_RECORD_COUNT),
  formatType: 'json',
  sort: 'top',
  sampleSeed: '',
  columns: null,
  excludePurchased: false,
  includeContext: false,
  includeComments: '',
  authors: 'as_is',
  pseudonyms: 'per_order',
  scrub: [],
};

/** Which option messages from the server a settings change makes stale. */
const STALE_ERRORS: Partial<Record<keyof OrderSettings, (keyof OptionFieldErrors)[]>> = {
  searchType: ['columns', 'include_context', 'include_comments'],
  columns: ['columns'],
  sort: ['sort', 'sample_seed'],
  sampleSeed: ['sample_seed'],
  excludePurchased: ['exclude_purchased'],
  includeContext: ['include_context'],
  includeComments: ['include_comments'],
  formatType: ['include_comments'],
  authors: ['authors'],
  pseudonyms: ['pseudonyms'],
  scrub: ['scrub'],
};

/**
 * Create New Order (docs/product.md §2.9): settings and order options, the drag-and-drop builder, presets, the
 * SQL-style preview and submission, with the live dry run beside it. `isAuthenticated` gates the dry run (the
 * route is guarded anyway).
 */
export function OrderForm({ isAuthenticated }: { isAuthenticated: boolean }) {
  const [settings, setSettings] = useState<OrderSettings>(INITIAL_SETTINGS);
  const [query, setQuery] = useState(initialBuilderQuery);
  const [error, setError] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<OptionFieldErrors>({});
  const [schedule, setSchedule] = useState<ScheduleCadence | ''>('');
  const { submit, isSubmitting } = useSubmitOrder();

  const check = useMemo(() => checkBuilderQuery(query), [query]);
  const resultCount = clampRecordCount(settings.recordCount);
  const options = orderOptionsPayload(settings);
  const columnsCheck = resolveFileColumns(
    settings.searchType,
    columnsPayload(settings.columns, settings.searchType),
  );
  const columnsError = 'error' in columnsCheck ? columnsCheck.error : null;
  const fieldErrors: OptionFieldErrors = {
    ...serverErrors,
    ...(columnsError ? { columns: [columnsError] } : {}),
  };
  const previewPayload =
    isAuthenticated && check.status === 'valid'
      ? {
          search_type: settings.searchType,
          result_count: resultCount,
          filters: toPayloadFilters(query),
          ...options,
        }
      : null;
  const preview = useOrderPreview(previewPayload);

  const updateSetting = <K extends keyof OrderSettings>(key: K, value: OrderSettings[K]) => {
    setSettings((current) => ({
      ...current,
      [key]: value,
      // A column choice keeps what the new content type has.
      ...(key === 'searchType'
        ? { columns: keepAvailableColumns(current.columns, value as OrderSettings['searchType']) }
        : {}),
    }));
    const stale = STALE_ERRORS[key];
    if (stale)
      setServerErrors((current) =>
        Object.fromEntries(
          Object.entries(current).filter(([field]) => !stale.includes(field as keyof OptionFieldErrors)),
        ),
      );
  };

  const handlePreset = (preset: OrderPreset) => {
    const parsed = parseFilterTree(preset.filters);
    setQuery(toBuilderQuery(parsed.ok ? parsed.tree : preset.filters));
    updateSetting('searchType', preset.searchType);
    updateSetting('sort', preset.sort ?? 'top');
    setError(null);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    if (check.status === 'empty') return setError(ORDER_MESSAGES.addFilter);
    if (check.status === 'invalid')
      return setError(`${ORDERS_UI_MESSAGES.validationFailed}: ${check.errors.join(' ')}`);
    if (columnsError) return setError(columnsError);
    setError(null);
    setServerErrors({});
    const failure = await submit({
      title: resolveOrderTitle(settings.title, new Date()),
      search_type: settings.searchType,
      format_type: settings.formatType,
      result_count: resultCount,
      filters: toPayloadFilters(query),
      ...options,
      ...(schedule ? { schedule } : {}),
    });
    if (failure) {
      setError(failure.message);
      setServerErrors(failure.fields);
    }
  };

  return (
    <Container className="py-8 sm:py-10">
      <h1 className="mb-6 text-3xl font-bold text-text-primary">Create New Order</h1>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card className="w-full max-w-[1000px] p-4 sm:p-6">
          <form noValidate onSubmit={handleSubmit} aria-label="Create New Order" className="space-y-6">
            <OrderSettingsFields values={settings} onChange={updateSetting} errors={fieldErrors} />
            <RepeatField value={schedule} onChange={setSchedule} errors={fieldErrors.schedule} />
            <fieldset className="min-w-0 space-y-3">
              <legend className="mb-2 text-lg font-semibold text-text-primary">Query Builder</legend>
              <PresetButtons onLoad={handlePreset} />
              <div className="overflow-x-auto">
                <FilterBuilder searchType={settings.searchType} query={query} onQueryChange={setQuery} />
              </div>
            </fieldset>
            <QueryPreview check={check} />
            {error && <Alert tone="error">{error}</Alert>}
            <Button type="submit" size="lg" isLoading={isSubmitting} className="w-full sm:w-auto">
              {isSubmitting ? ORDERS_UI_MESSAGES.processing : ORDERS_UI_MESSAGES.createOrder}
            </Button>
          </form>
        </Card>
        <aside className="lg:sticky lg:top-4">
          <DryRunPanel
            isReady={previewPayload !== null}
            isWaiting={preview.isWaiting}
            data={previewPayload ? preview.data : undefined}
            error={preview.error}
            resultCount={resultCount}
          />
        </aside>
      </div>
    </Container>
  );
}
