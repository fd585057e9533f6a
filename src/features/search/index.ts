/**
 * The search feature's public face: the search endpoints (self-shot keyword search, AI search)
 * and the search box with Search and AI Search that Home and the self-shot list share.
 */
export {
  searchApi,
  useNormalSearchQuery,
  useAiSearchQuery,
  normalizeNormalSearch,
  normalizeAiSearch,
  normalizeUnderstanding,
  searchPageCount,
  type NormalSearchArgs,
  type NormalSearchResponse,
  type AiSearchArgs,
  type AiSearchItem,
  type AiSearchResponse,
  type SearchUnderstanding,
} from './searchApi';
export { SearchUnderstood, type SearchUnderstoodProps } from './SearchUnderstood';
export { readRefinements, withRefinements, type SearchRefinements } from './refinements';
export { SearchForm, type SearchFormProps } from './SearchForm';
export { CaptionMatches, matchHref, matchTime, type CaptionMatchesProps } from './CaptionMatches';
