import { loadCountries } from '~/shared/countries';

/** /resources/countries: the countries in the page's language, with their English names (for the forms' fetcher). */
export const clientLoader = loadCountries;
export const shouldRevalidate = () => false;
