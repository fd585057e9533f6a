/**
 * The catalogue feature's public face for other features: the catalogue and description
 * endpoints. The pages are not re-exported here on purpose: the router lazy-loads them from
 * their own modules (default exports), and importing this file must not pull them in.
 */
export {
  catalogueApi,
  normalizeSearchResponse,
  useGetCatalogueVideoQuery,
  useSearchCatalogueQuery,
  useUploadDescriptionMutation,
  type CatalogueSearchArgs,
} from './catalogueApi';
export { descriptionText } from './movieDetails';
