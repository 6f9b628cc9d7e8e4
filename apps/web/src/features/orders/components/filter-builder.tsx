import { QueryBuilderDnD } from '@react-querybuilder/dnd';
import { createReactDnDAdapter } from '@react-querybuilder/dnd/react-dnd';
import type { SearchType } from '@threadcart/contracts';
import { useMemo } from 'react';
import * as ReactDnD from 'react-dnd';
import * as ReactDndHtml5Backend from 'react-dnd-html5-backend';
import { QueryBuilder, ValueSelector, type FieldSelectorProps } from 'react-querybuilder';
import 'react-querybuilder/dist/query-builder-layout.css';
import './filter-builder.css';
import {
  builderDefaultOperator,
  builderDefaultValue,
  builderFieldsFor,
  builderOperatorsFor,
  fieldLabel,
  type BuilderQuery,
} from '../filter-builder-config.ts';
import { FilterValueEditor } from './filter-value-editor.tsx';

// Module scope: one adapter for the app's lifetime (frontend-stack §2).
const dnd = createReactDnDAdapter({ ...ReactDnD, ...ReactDndHtml5Backend });

/**
 * The field select; a rule whose field the content type no longer offers keeps it, marked as unused,
 * instead of silently showing another field (the server ignores such a rule for that type).
 */
function FieldSelector(props: FieldSelectorProps) {
  const { options, value } = props;
  const isOffered = options.some((option) => 'name' in option && option.name === value);
  if (isOffered || !value) return <ValueSelector {...props} />;
  const orphan = { name: value, value, label: `${fieldLabel(value)} (not used for this content type)` };
  return <ValueSelector {...props} options={[...options, orphan] as typeof options} />;
}

const ACTION =
  'min-h-9 rounded-md border border-gray-300 bg-surface px-3 text-sm font-medium text-text-primary hover:bg-gray-100';
const REMOVE = 'min-h-9 min-w-9 rounded-md px-2 text-base text-danger-dark hover:bg-danger-subtle';

const CONTROL_CLASSNAMES = {
  queryBuilder: 'threadcart-builder queryBuilder-branches',
  addRule: ACTION,
  addGroup: ACTION,
  removeRule: REMOVE,
  removeGroup: REMOVE,
};

/** Move buttons that say what they do (keyboard users move rules with them; the mouse can also drag). */
const TRANSLATIONS = {
  shiftActionUp: { label: '↑', title: 'Move up' },
  shiftActionDown: { label: '↓', title: 'Move down' },
};

interface FilterBuilderProps {
  searchType: SearchType;
  query: BuilderQuery;
  onQueryChange: (query: BuilderQuery) => void;
}

/**
 * The drag-and-drop query builder (docs/product.md §7.14): fields recomputed from the content type, a field change
 * resets the operator and value (docs/product.md §7.3), values committed as typed by the custom editors, and every
 * action reachable from the keyboard: add, move up/down, delete, toggle Not (docs/decisions/032).
 */
export function FilterBuilder({ searchType, query, onQueryChange }: FilterBuilderProps) {
  const fields = useMemo(() => builderFieldsFor(searchType), [searchType]);
  return (
    <QueryBuilderDnD dnd={dnd}>
      <QueryBuilder
        fields={fields}
        query={query}
        onQueryChange={onQueryChange}
        getOperators={builderOperatorsFor}
        getDefaultOperator={builderDefaultOperator}
        getDefaultValue={builderDefaultValue}
        resetOnFieldChange
        showNotToggle
        showShiftActions
        translations={TRANSLATIONS}
        controlElements={{ valueEditor: FilterValueEditor, fieldSelector: FieldSelector }}
        controlClassnames={CONTROL_CLASSNAMES}
      />
    </QueryBuilderDnD>
  );
}
