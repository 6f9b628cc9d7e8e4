import type { FilterRule } from './filter-rules.ts';
import { isFilterGroup, type FilterGroup, type FilterTree } from './filters.ts';

/** How long a summary may grow before it ends in "…". */
export const FILTER_SUMMARY_MAX = 60;

const year = (date: string | null) => (date ? date.slice(0, 4) : null);

/** The short words one rule adds to a summary, or nothing when it only narrows (a flag, an exclusion). */
function ruleWords(rule: FilterRule): string | undefined {
  switch (rule.field) {
    case 'keyword':
      return rule.operator === 'keyword_contains' ? rule.value : undefined;
    case 'regex':
      return rule.operator === 'regex_matches' ? `/${rule.value}/` : undefined;
    case 'subreddit':
      return rule.operator === 'in' ? rule.value.map((name) => `r/${name}`).join(', ') : undefined;
    case 'author':
      return rule.operator === 'in' ? rule.value.map((name) => `u/${name}`).join(', ') : undefined;
    case 'domain':
      return rule.operator === 'in' ? rule.value.join(', ') : undefined;
    case 'created': {
      if (rule.operator !== 'between')
        return rule.operator === '>=' ? `since ${year(rule.value)}` : undefined;
      const [from, to] = [year(rule.value[0]), year(rule.value[1])];
      if (from && to) return from === to ? from : `${from}–${to}`;
      return from ? `since ${from}` : to ? `until ${to}` : undefined;
    }
    case 'upvotes':
      return rule.operator === '>=' || rule.operator === '>'
        ? `upvotes ${rule.operator === '>=' ? '≥' : '>'} ${rule.value}`
        : undefined;
    default:
      return undefined;
  }
}

function groupWords(group: FilterGroup): string[] {
  if (group.not) return [];
  const words = group.rules.flatMap((node) =>
    isFilterGroup(node) ? groupWords(node) : [ruleWords(node as FilterRule)].filter((w) => w !== undefined),
  );
  // An OR of several terms reads as "a or b"; an AND lists them.
  return group.combinator === 'or' && words.length > 1 ? [words.join(' or ')] : words;
}

/**
 * A few words that say what an order asks for ("python + r/datascience, 2021"): its positive terms, the communities,
 * authors and domains it keeps, its years and an upvote floor; '' when nothing positive is asked. Shown beside the
 * default title "Search YYYY-MM-DD HH:mm" (docs/product.md §6.1), which stays the stored title (docs/decisions/040).
 */
export function summarizeFilterTree(tree: FilterTree): string {
  const words = groupWords(tree);
  // What is searched and where ("python + r/datascience"), then when and how popular ("2021", "upvotes ≥ 1000").
  const isQualifier = (w: string) => /^(since |until |upvotes |\d{4})/.test(w);
  const head = words.filter((w) => !isQualifier(w)).join(' + ');
  const text = [head, ...words.filter(isQualifier)].filter((part) => part !== '').join(', ');
  return text.length > FILTER_SUMMARY_MAX ? `${text.slice(0, FILTER_SUMMARY_MAX - 1).trimEnd()}…` : text;
}
