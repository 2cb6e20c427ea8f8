// What the app uses of the catalog: its screen.
export { CatalogPage } from './components/catalog-page';
