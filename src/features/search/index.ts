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
  searchPageCount,
  type NormalSearchArgs,
  type NormalSearchResponse,
  type AiSearchArgs,
  type AiSearchItem,
  type AiSearchResponse,
} from './searchApi';
export { SearchForm, type SearchFormProps } from './SearchForm';
