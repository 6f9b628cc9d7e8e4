import {
  ORDER_MESSAGES,
  parseFilterTree,
  resolveFileColumns,
  type ScheduleCadence,
} from '@threadcart/contracts';
import { useMemo, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Container } from '../../../components/ui/container.tsx';
import {
  checkBuilderQuery,
  initialBuilderQuery,
  type BuilderQuery,
  toBuilderQuery,
  toPayloadFilters,
} from '../filter-builder-config.ts';
import type { OptionFieldErrors } from '../api/order-errors.ts';
import { useSubmitOrder } from '../hooks/use-submit-order.ts';
import { useOrderPreview } from '../api/preview-order.ts';
import { ORDERS_UI_MESSAGES } from '../messages.ts';
import { columnsPayload, keepAvailableColumns } from '../order-columns.ts';
import { orderOptionsPayload } from '../order-options.ts';
import { DEFAULT_RECORD_COUNT, parseRecordCount, resolveOrderTitle } from '../order-rules.ts';
import { addNarrowingRule, builderAggregations } from '../insights.ts';
import { DryRunPanel } from './dry-run-panel.tsx';
import { FilterBuilder } from './filter-builder.tsx';
import { OrderSettingsFields, type OrderSettings } from './order-settings-fields.tsx';
import { PresetButtons, type OrderPreset } from './preset-buttons.tsx';
import { QueryPreview } from './query-preview.tsx';
import { RepeatField } from './repeat-field.tsx';
import { SubmitBar } from './submit-bar.tsx';

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
 * Create New Order (docs/product.md §2.9): the drag-and-drop builder first, with its presets and SQL-style
 * preview, then the order's settings and options, and the submit bar (sticky on phones, with the count and credits);
 * the live dry run beside it (docs/decisions/032). `isAuthenticated` gates the dry run (the
 * route is guarded anyway).
 */
export function OrderForm({ isAuthenticated }: { isAuthenticated: boolean }) {
  const [settings, setSettings] = useState<OrderSettings>(INITIAL_SETTINGS);
  const [query, setQueryState] = useState(initialBuilderQuery);
  const [error, setError] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<OptionFieldErrors>({});
  const [schedule, setSchedule] = useState<ScheduleCadence | ''>('');
  const { submit, isSubmitting } = useSubmitOrder();

  const check = useMemo(() => checkBuilderQuery(query), [query]);
  const parsedCount = parseRecordCount(settings.recordCount);
  // The dry run and the credits line keep the last valid count while the box holds something else.
  const resultCount = parsedCount ?? DEFAULT_RECORD_COUNT;
  const options = orderOptionsPayload(settings);
  const columnsCheck = resolveFileColumns(
    settings.searchType,
    columnsPayload(settings.columns, settings.searchType),
  );
  const columnsError = 'error' in columnsCheck ? columnsCheck.error : null;
  const fieldErrors: OptionFieldErrors = {
    ...serverErrors,
    ...(columnsError ? { columns: [columnsError] } : {}),
    ...(parsedCount === null ? { result_count: [ORDER_MESSAGES.resultCount] } : {}),
  };
  const previewPayload =
    isAuthenticated && check.status === 'valid' && parsedCount !== null
      ? {
          search_type: settings.searchType,
          result_count: resultCount,
          filters: toPayloadFilters(query),
          ...options,
          aggregations: builderAggregations(query),
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
    // The form's message was about the order as it stood; a change makes it stale.
    setError(null);
    const stale = STALE_ERRORS[key];
    if (stale)
      setServerErrors((current) =>
        Object.fromEntries(
          Object.entries(current).filter(([field]) => !stale.includes(field as keyof OptionFieldErrors)),
        ),
      );
  };

  // A message about the query (a refused regex, a missing value) describes the query it was given: an edit clears it.
  const setQuery = (next: BuilderQuery) => {
    setQueryState(next);
    setError(null);
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
    if (parsedCount === null) return setError(ORDER_MESSAGES.resultCount);
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
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card className="w-full max-w-[1000px] p-4 sm:p-6">
          <form noValidate onSubmit={handleSubmit} aria-label="Create New Order" className="space-y-6">
            <fieldset className="min-w-0 space-y-3">
              <legend className="mb-2 text-lg font-semibold text-text-primary">Query Builder</legend>
              <PresetButtons onLoad={handlePreset} />
              <div className="overflow-x-auto">
                <FilterBuilder searchType={settings.searchType} query={query} onQueryChange={setQuery} />
              </div>
            </fieldset>
            <QueryPreview check={check} />
            <div className="space-y-4 border-t border-gray-200 pt-6">
              <h2 className="text-lg font-semibold text-text-primary">Order settings</h2>
              <OrderSettingsFields values={settings} onChange={updateSetting} errors={fieldErrors} />
              <RepeatField value={schedule} onChange={setSchedule} errors={fieldErrors.schedule} />
            </div>
            {error && <Alert tone="error">{error}</Alert>}
            <SubmitBar
              isSubmitting={isSubmitting}
              isReady={previewPayload !== null}
              isWaiting={preview.isWaiting}
              data={previewPayload ? preview.data : undefined}
            />
          </form>
        </Card>
        <aside className="lg:sticky lg:top-4">
          <DryRunPanel
            isReady={previewPayload !== null}
            isWaiting={preview.isWaiting}
            data={previewPayload ? preview.data : undefined}
            error={preview.error}
            resultCount={resultCount}
            onAddRule={(rule) => setQuery(addNarrowingRule(query, rule))}
          />
        </aside>
      </div>
    </Container>
  );
}
